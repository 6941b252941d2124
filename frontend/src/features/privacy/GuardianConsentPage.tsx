import { legalText } from '@ngo-site/shared';
import { Link, useRouterState } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { waitOutMinimum } from '../../api/anonymous-form';
import { FormStatus, SubmitRow } from '../../components/Field';
import { Form, usePlainForm } from '../../components/Form';
import { Honeypot, readHoneypot } from '../../components/Honeypot';
import { InnerPage } from '../../components/InnerPage';
import { ErrorSummary, useSentByPlainPost } from '../../components/PlainForm';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { useSiteSettings } from '../../site';
import { confirmGuardian } from './guardian-api';

/** Said once the registration is stored (the page a plain post leads to cannot name the volunteer). */
export const guardianConfirmedMessage = 'Thank you! The registration as a volunteer is confirmed.';

/**
 * /guardian-consent?token=…, the link mailed to the parent or guardian of a volunteer under 18:
 * their confirmation stores the registration (DPDP Rules, 2025). A form of one hidden field, sent
 * by the script or as a plain post.
 */
export function GuardianConsentPage() {
  const { t, lang } = useTranslator();
  usePageMeta(t('Confirm a volunteer under 18'), t('A parent or guardian confirms the registration of a volunteer under 18.'));
  const site = useSiteSettings();
  const token = useRouterState({ select: (state) => String((state.location.search as Record<string, unknown>).token ?? '') });
  const form = usePlainForm({ token }, 'guardian-form');
  const [done, setDone] = useState(useSentByPlainPost() ? t(guardianConfirmedMessage) : '');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  async function send(fields: { token: string }, event: FormEvent<HTMLFormElement>) {
    const website = readHoneypot(event.currentTarget);
    setSending(true);
    setError('');
    const outcome = await confirmGuardian(fields.token, { website, elapsedMs: await waitOutMinimum(form.openedAt()) }, lang);
    setSending(false);
    // The server names the volunteer in English; the page says it in its own language.
    if (outcome.ok) setDone(t(guardianConfirmedMessage));
    else setError(t(outcome.message as MessageKey));
  }

  const hero = {
    title: t('Confirm a volunteer under 18'),
    eyebrow: t('Consent of a parent or guardian'),
    intro: legalText(site.legal, 'guardian_consent', lang),
  };
  return (
    <InnerPage hero={hero} layout="guardian">
      {done ? (
        <FormStatus>{done}</FormStatus>
      ) : form.values.token || form.refused ? (
        <Form form={form} id="guardian-form" className="form-card" aria-labelledby="guardian-form-title" onSubmit={send}>
          <h2 id="guardian-form-title">{t('Do you agree to the registration?')}</h2>
          <ErrorSummary form={form} fieldIds={{}} labels={{}} />
          <p>
            {t('By confirming, you agree that we keep the volunteer’s details as our privacy notice describes.')}{' '}
            <Link to="/{-$lang}/privacy/$form" params={(previous) => ({ ...previous, form: 'volunteer' })}>
              {t('Read the privacy notice')}
            </Link>
          </p>
          <input type="hidden" {...form.field('token')} />
          <Honeypot id="guardian-website" />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <SubmitRow busy={sending}>{sending ? t('Sending…') : t('I agree: confirm the registration')}</SubmitRow>
        </Form>
      ) : (
        <p>{t('This page opens from the link in the e-mail we sent to the parent or guardian.')}</p>
      )}
    </InnerPage>
  );
}
