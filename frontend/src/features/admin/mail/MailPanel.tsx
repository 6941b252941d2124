import { Link } from '@tanstack/react-router';
import { SubmitActions } from '../FormActions';
import { useState } from 'react';
import { Field } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { PanelStates } from '../PanelStates';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { fetchMailStatus, saveNoticeRecipients, type MailStatus } from './api';
import { TestMailForm } from './TestMailForm';
import './mail.css';
import './MailPanel.css';
import { AdminPanel } from '../AdminPanel';

/** Settings, E-mail: whether mail goes out, who gets the notices, and a test e-mail. */
export function MailPanel() {
  const [status, reload] = useLoad(fetchMailStatus);
  return (
    <AdminPanel id="mail" title="E-mail">
      <PanelStates state={status} loading="Loading the mail status..." onRetry={reload} />
      {status.status === 'ready' && (
        <>
          <MailState status={status.data} />
          <RecipientsForm status={status.data} onSaved={reload} />
          {status.data.configured && <TestMailForm onDone={reload} />}
        </>
      )}
    </AdminPanel>
  );
}

function MailState({ status }: { status: MailStatus }) {
  const { queued, failed, sent_last_day: sent } = status.outbox;
  return (
    <div className={status.configured ? 'mail-state' : 'mail-state mail-state-off'} role="status">
      {status.configured ? (
        <p>
          Mail goes out through <strong>{status.server}</strong> from <strong>{status.from}</strong>.{' '}
          {status.dkim.enabled ? `It is signed with DKIM for ${status.dkim.domain} (selector ${status.dkim.selector}).` : 'It is not signed with DKIM.'}
        </p>
      ) : (
        <p>
          <strong>Mail is not being delivered:</strong> no SMTP server is set up (SMTP_URL). Every mail waits in the outbox and goes out once the operator sets
          one up.
        </p>
      )}
      <p>
        {queued} waiting, {failed} failed, {sent} sent in the last day.{' '}
        <Link to="/admin/dashboard" search={{ section: 'outbox' }}>
          Open the outbox
        </Link>
      </p>
      {status.last_error && <p className="mail-last-error">Last problem: {status.last_error}</p>}
    </div>
  );
}

function RecipientsForm({ status, onSaved }: { status: MailStatus; onSaved: () => void }) {
  const form = useForm({ recipients: status.notify.join('\n') });
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  async function save({ recipients: text }: { recipients: string }) {
    const addresses = [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
    setSaving(true);
    const outcome = await saveNoticeRecipients(addresses);
    setSaving(false);
    if (!outcome.ok) return setError(outcome.message);
    setError('');
    notify.success('Notice recipients saved');
    onSaved();
  }

  return (
    <Form form={form} className="form-grid" noValidate onSubmit={save} aria-describedby="mail-recipients-now mail-recipients-error">
      <Field id="mail-recipients" label="Send the notices of new messages and volunteers to (one address per line)" wide>
        <textarea id="mail-recipients" rows={3} {...form.field('recipients')} />
        <small className="field-hint" id="mail-recipients-now">
          Left empty, every admin gets them. Now: {status.notify_to.join(', ') || 'nobody (there is no admin account in use)'}
        </small>
      </Field>
      <p id="mail-recipients-error" className="form-error span-all" role="alert">
        {error}
      </p>
      <SubmitActions label="Save recipients" busy={saving} busyLabel="Saving..." />
    </Form>
  );
}
