import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { Form, usePlainForm } from '../../components/Form';
import { Honeypot, readHoneypot } from '../../components/Honeypot';
import { InnerPage } from '../../components/InnerPage';
import { ErrorSummary, useSentByPlainPost } from '../../components/PlainForm';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { useKeptForm } from '../../offline/KeptForm';
import { cancelSignup } from './api';

const cancelRoute = getRouteApi('/{-$lang}/events/cancel');
const cancelled: MessageKey = 'Your place is cancelled. Thank you for letting us know.';

/**
 * /events/cancel?token=…: where the link in a sign-up's mails leads. Opening it changes nothing
 * (a mail program may open links on its own); the button cancels, with the script or without.
 */
export function CancelPage() {
  const { t, lang } = useTranslator();
  usePageMeta(t('Cancel your place'), t('Cancel your sign-up for an event, so that your place goes to someone on the waiting list.'));
  const { token } = cancelRoute.useSearch();
  const form = usePlainForm({ token: token ?? '' }, 'cancel-form');
  const [done, setDone] = useState(useSentByPlainPost() ? t(cancelled) : '');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const keptForm = useKeptForm();

  async function send({ token: sent }: { token: string }, event: React.FormEvent<HTMLFormElement>) {
    if (sending || readHoneypot(event.currentTarget)) return;
    setSending(true);
    setError('');
    const outcome = await cancelSignup(sent, lang);
    setSending(false);
    if (outcome.kept) keptForm.keep(outcome.kept);
    else if (outcome.ok) setDone(t(outcome.message as MessageKey));
    else setError(t(outcome.message as MessageKey));
  }

  const hero = {
    title: t('Cancel your place'),
    eyebrow: t('Events'),
    intro: t('Can you no longer come? Cancel here, and your place goes to the next person waiting.'),
  };
  return (
    <InnerPage hero={hero} layout="narrow">
      {done || keptForm.notice ? (
        <div className="signup-done" role="status">
          <h2>{t('Thank you!')}</h2>
          <p>{keptForm.notice || done}</p>
        </div>
      ) : !token && !form.refused ? (
        <p role="status">{t('This cancellation link is not complete. Please open the link from your e-mail again.')}</p>
      ) : (
        <Form form={form} aria-labelledby="cancel-title" className="cancel-form" onSubmit={send}>
          <h2 id="cancel-title">{t('Cancel your place?')}</h2>
          {form.refused && <ErrorSummary posted={form.refused} id={form.summaryId} fieldIds={{}} labels={{}} />}
          <input type="hidden" {...form.field('token')} />
          <Honeypot id="cancel-website" />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-lg" disabled={sending} aria-busy={sending}>
            {sending ? t('Sending…') : t('Cancel my place')}
          </button>
        </Form>
      )}
    </InnerPage>
  );
}
