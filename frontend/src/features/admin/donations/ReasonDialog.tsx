import { useState } from 'react';
import { TextAreaField } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { AdminModal } from '../AdminModal';

interface ReasonDialogProps {
  title: string;
  /** What the reason is about (the donor and the amount). */
  subject: string;
  label: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<void>;
  onCancel: () => void;
}

/** Asks why before a rejection or a receipt's cancellation: the reason is kept with the record. */
export function ReasonDialog({ title, subject, label, confirmLabel, onConfirm, onCancel }: ReasonDialogProps) {
  const form = useForm({ reason: '' });
  const [busy, setBusy] = useState(false);
  async function submit({ reason }: { reason: string }) {
    if (!reason.trim() || busy) return;
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } finally {
      setBusy(false);
    }
  }
  return (
    <AdminModal open title={title} size="small" onClose={() => !busy && onCancel()}>
      <Form form={form} onSubmit={submit}>
        <p className="confirm-subject">{subject}</p>
        <TextAreaField id="donation-reason" label={label} rows={3} maxLength={500} required {...form.field('reason')} />
        <div className="form-actions">
          <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy || !form.values.reason.trim()} aria-busy={busy}>
            {confirmLabel}
          </button>
        </div>
      </Form>
    </AdminModal>
  );
}
