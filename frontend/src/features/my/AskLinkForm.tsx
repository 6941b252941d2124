import { useState, type FormEvent } from 'react';
import { waitOutMinimum } from '../../api/anonymous-form';
import { FormStatus, SubmitRow, TextField } from '../../components/Field';
import { Form, usePlainForm } from '../../components/Form';
import { Honeypot, readHoneypot } from '../../components/Honeypot';
import { ErrorSummary, useSentByPlainPost } from '../../components/PlainForm';
import { fromServer } from './server-sentences';
import { useTranslator } from '../../i18n/i18n';
import { useKeptForm } from '../../offline/KeptForm';
import { requestMyLink } from './api';

const formId = 'my-link-form';
const linkRequested = 'If we hold anything of this address, a link to your page is on its way. It works once, within 30 minutes.';

/** Asks for the link to one's page by e-mail; also a plain post to /my without the script. */
export function AskLinkForm({ notice }: { notice?: string }) {
  const { t, lang } = useTranslator();
  const form = usePlainForm({ email: '' }, formId);
  const sentByPost = useSentByPlainPost();
  const [sent, setSent] = useState(sentByPost ? t(linkRequested) : '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const keptForm = useKeptForm();

  async function handleSubmit({ email }: { email: string }, event: FormEvent<HTMLFormElement>) {
    const website = readHoneypot(event.currentTarget);
    if (!email.trim()) return setError(t('Please enter your e-mail address'));
    setError('');
    setBusy(true);
    const elapsed = await waitOutMinimum(form.openedAt());
    const outcome = await requestMyLink({ email: email.trim(), website, elapsed_ms: elapsed }, lang);
    setBusy(false);
    if (!outcome.ok) return setError(fromServer(t, outcome.message));
    if (outcome.kept) return keptForm.keep(outcome.kept);
    setSent(fromServer(t, outcome.data.message));
  }

  return (
    <Form form={form} id={formId} className="form-card my-ask" noValidate onSubmit={handleSubmit} aria-labelledby="my-ask-title">
      <h2 id="my-ask-title">{t('Open your page')}</h2>
      {notice && (
        <p className="form-error" role="alert">
          {notice}
        </p>
      )}
      <p>{t('Enter the e-mail address you gave us when you volunteered, donated or wrote to us. We will send a link to your page: no password needed.')}</p>
      <ErrorSummary form={form} fieldIds={{ email: 'my-email' }} labels={{ email: 'Email Address' }} />
      <TextField id="my-email" label={t('Email Address')} type="email" autoComplete="email" required {...form.field('email')} />
      <Honeypot id="my-website" />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {sent && <FormStatus focused={sentByPost}>{sent}</FormStatus>}
      <SubmitRow busy={busy}>{busy ? t('Sending…') : t('Send me the link')}</SubmitRow>
    </Form>
  );
}
