import { useRef, useState, type ReactNode } from 'react';
import { AdminModal } from './AdminModal';
import './ConfirmDialog.css';

interface ConfirmDialogProps {
  /** The spec's question, e.g. "Delete this blog?". */
  question: string;
  /** What the question is about, shown under it. */
  subject: string;
  confirmLabel: string;
  /** The confirm button's text meanwhile (Deleting... by default). */
  busyLabel?: string;
  /** The line under the subject (This cannot be undone. by default). */
  note?: string;
  /** What else the admin should know first (where an image is used). */
  details?: ReactNode;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/** The in-page stand-in for the spec's confirm(): the same question, with Cancel and a clear action. */
export function ConfirmDialog({
  question,
  subject,
  confirmLabel,
  busyLabel = 'Deleting...',
  note = 'This cannot be undone.',
  details,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AdminModal
      open
      title={question}
      size="small"
      initialFocusRef={cancelRef}
      onClose={() => !busy && onCancel()}
      footer={
        <>
          <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <p className="confirm-subject">{subject}</p>
      {details}
      <p className="muted">{note}</p>
    </AdminModal>
  );
}
