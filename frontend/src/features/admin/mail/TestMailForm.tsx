import { useEffect, useState } from 'react';
import { SubmitActions } from '../FormActions';
import { Field } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { fetchOutbox, sendTestMail, type OutboxMail } from './api';
import './TestMailForm.css';

const pollMs = 1000;
const pollTries = 60;

/** What became of the test mail, in words, with the SMTP server's own answer. */
function progressOf(mail: OutboxMail): string {
  const answer = mail.smtp_response ? ` The SMTP server answered: “${mail.smtp_response}”.` : '';
  if (mail.state === 'sent') return `Sent to ${mail.to.join(', ')}.${answer}`;
  if (mail.state === 'failed') return `Not sent: ${mail.last_error ?? 'refused'}.${answer}`;
  if (mail.last_error) return `Not sent yet, trying again: ${mail.last_error}.${answer}`;
  return `Queued for ${mail.to.join(', ')}, waiting for the SMTP server...`;
}

/** "Send a test e-mail": queues one through the outbox and follows it until the SMTP server has answered. */
export function TestMailForm({ onDone }: { onDone: () => void }) {
  const form = useForm({ to: '' });
  const [mail, setMail] = useState<OutboxMail | null>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!mail || mail.state === 'sent' || mail.state === 'failed') return;
    let tries = 0;
    let stopped = false;
    const timer = setInterval(() => {
      void fetchOutbox({ id: mail.id }).then((outcome) => {
        if (stopped || !outcome.ok || !outcome.data[0]) return;
        const now = outcome.data[0];
        if (now.state !== mail.state || now.last_error !== mail.last_error) setMail(now);
        if (now.state === 'sent' || now.state === 'failed') onDone();
      });
      if (++tries >= pollTries) clearInterval(timer);
    }, pollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [mail, onDone]);

  async function send({ to }: { to: string }) {
    setSending(true);
    setError('');
    const outcome = await sendTestMail(to.trim() || undefined);
    setSending(false);
    if (outcome.ok) setMail(outcome.data);
    else setError(outcome.message);
  }

  return (
    <Form form={form} className="form-grid mail-test" noValidate onSubmit={send} aria-describedby="mail-test-error">
      <Field id="mail-test-to" label="Send a test e-mail to">
        <input id="mail-test-to" type="email" placeholder="your own address" {...form.field('to')} />
      </Field>
      <SubmitActions label="Send a test e-mail" busy={sending} busyLabel="Queuing..." outline wide={false} />
      <p className={`mail-test-progress span-all mail-${mail?.state ?? 'idle'}`} role="status">
        {mail ? progressOf(mail) : ''}
      </p>
      <p id="mail-test-error" className="form-error span-all" role="alert">
        {error}
      </p>
    </Form>
  );
}
