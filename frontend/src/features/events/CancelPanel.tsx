import { useState } from 'react';
import { SubmitRow } from '../../components/Field';
import { Form, usePlainForm } from '../../components/Form';
import { ErrorSummary, useSentByPlainPost } from '../../components/PlainForm';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { useKeptForm } from '../../offline/KeptForm';
import { cancelSignup } from './signup-api';

/** Where the cancellation form sits on /events: its plain post's answer opens there. */
export const cancelFormId = 'cancel-form';
const cancelled: MessageKey = 'Your place is cancelled. Thank you for letting us know.';

/**
 * What the link in a sign-up's mails opens (`/events?cancel=<token>`): opening it changes nothing
 * (a mail program may open links on its own); the button cancels, with the script or without.
 */
export function CancelPanel({ token }: { token: string }) {
  const { t, lang } = useTranslator();
  const form = usePlainForm({ token }, cancelFormId);
  const [done, setDone] = useState(useSentByPlainPost() ? t(cancelled) : '');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const keptForm = useKeptForm();

  async function send({ token: sent }: { token: string }) {
    if (sending) return;
    setSending(true);
    setError('');
    const outcome = await cancelSignup(sent, lang);
    setSending(false);
    if (outcome.kept) keptForm.keep(outcome.kept);
    else if (outcome.ok) setDone(t(outcome.message as MessageKey));
    else setError(t(outcome.message as MessageKey));
  }

  return (
    <section id={cancelFormId} className="card cancel-panel" aria-labelledby="cancel-title">
      <div className="card-body">
        <h2 id="cancel-title">{t('Cancel your place?')}</h2>
        {done || keptForm.notice ? (
          <p role="status">{keptForm.notice || done}</p>
        ) : (
          <Form form={form} className="cancel-form" onSubmit={send}>
            <p>{t('Can you no longer come? Cancel here, and your place goes to the next person waiting.')}</p>
            <ErrorSummary form={form} fieldIds={{}} labels={{}} />
            <input type="hidden" {...form.field('token')} />
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <SubmitRow busy={sending}>{sending ? t('Sending…') : t('Cancel my place')}</SubmitRow>
          </Form>
        )}
      </div>
    </section>
  );
}
