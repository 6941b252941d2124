import { useRef, useState, type FormEvent } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { waitOutMinimum } from '../../api/anonymous-form';
import { Form, useForm } from '../../components/Form';
import { Honeypot, readHoneypot } from '../../components/Honeypot';
import { ErrorSummary, useAcceptedByPlainPost, usePlainFormAction, usePostedForm, useSentByPlainPost } from '../../components/PlainForm';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { englishPath } from '../../i18n/paths';
import { keptFormTexts } from '../../offline/KeptForm';
import type { SubscribeFields } from './send';

const fieldIds: Record<keyof SubscribeFields, string> = { email: 'newsletter-email', name: 'newsletter-name', language: 'newsletter-language' };
const fieldLabels: Record<keyof SubscribeFields, MessageKey> = { email: 'Email Address', name: 'Your name (optional)', language: 'Newsletter language' };
/**
 * The notice's line the box shows (version `notice.version`): shared/src/newsletter-notice.js has
 * it in both languages as the consent records it; the catalog's Hindi is that version's (a test holds both to it).
 */
export const notice = {
  version: 1,
  line: 'News from our programs by e-mail, about once a month, in English or Hindi. We use your address for nothing else, and every mail has a link to unsubscribe.',
} as const satisfies { version: number; line: MessageKey };
const checkInbox = 'Thank you! Please check your inbox: we sent you a mail with a link to confirm your subscription.' satisfies MessageKey;

/** The sending half, loaded once someone starts filling the box in (send.ts). */
const sending = () => import('./send');

/**
 * The newsletter's subscribe box, at the end of every post, on /blog and on /newsletter. Without
 * the script it posts to /newsletter, whose page carries the form's hidden fields (docs/forms.md),
 * so the pages that only show it stay one page for every visitor. Its line says what people get
 * and links to the privacy notice; the consent is recorded with that line's version.
 */
export function SubscribeBox() {
  const { t, lang } = useTranslator();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const here = englishPath(pathname) === '/newsletter';
  const posted = usePostedForm();
  // A subscription is taken with 202 (it waits for the mailed confirmation): `?sent=accepted`.
  const acceptedByPost = useAcceptedByPlainPost();
  const sentByPost = useSentByPlainPost() || acceptedByPost;
  const form = useForm<SubscribeFields>(
    { email: '', name: '', language: lang },
    { posted: here ? posted : undefined, action: usePlainFormAction('newsletter-form'), id: 'newsletter-form' },
  );
  /** What the box says: done (the form gives way to it), a note (kept offline) or why it was refused. */
  const [said, setSaid] = useState<{ tone: 'done' | 'note' | 'refused'; text: string } | null>(
    here && sentByPost ? { tone: 'done', text: t(checkInbox) } : null,
  );
  const [busy, setBusy] = useState(false);
  const openedAt = useRef(performance.now());

  async function send(fields: SubscribeFields, event: FormEvent<HTMLFormElement>) {
    if (busy) return;
    const website = readHoneypot(event.currentTarget);
    setBusy(true);
    setSaid(null);
    const [{ subscribe, whenKeptFormSent }, elapsedMs] = await Promise.all([sending(), waitOutMinimum(openedAt.current)]);
    const outcome = await subscribe(fields, { website, elapsedMs, page: pathname, noticeVersion: notice.version }, lang);
    setBusy(false);
    if (outcome.ok && outcome.kept) {
      form.reset();
      setSaid({ tone: 'note', text: t(keptFormTexts.kept) });
      void whenKeptFormSent(outcome.kept).then((sent) =>
        setSaid(
          sent.ok ? { tone: 'done', text: t(checkInbox) } : { tone: 'refused', text: t(keptFormTexts.refused, { reason: t(sent.message as MessageKey) }) },
        ),
      );
    } else setSaid({ tone: outcome.ok ? 'done' : 'refused', text: t(outcome.message as MessageKey) });
  }

  return (
    <section id="newsletter-form" className="subscribe-box" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{t('Get our news by e-mail')}</h2>
      <p className="subscribe-notice">
        {t(notice.line)}{' '}
        <Link to="/{-$lang}/newsletter/{-$action}" hash="privacy">
          {t('Privacy notice')}
        </Link>
      </p>
      {said?.tone === 'done' ? (
        <p className="form-success" role="status">
          {said.text}
        </p>
      ) : (
        <Form
          form={form}
          postsTo={here ? undefined : `${lang === 'hi' ? '/hi' : ''}/newsletter#newsletter-form`}
          aria-labelledby="newsletter-title"
          onFocus={() => void sending()}
          onSubmit={send}
        >
          <div className="subscribe-fields">
            <ErrorSummary form={form} fieldIds={fieldIds} labels={fieldLabels} />
            <div className="field">
              <label htmlFor={fieldIds.email}>{t(fieldLabels.email)}</label>
              <input id={fieldIds.email} className="input" type="email" autoComplete="email" required {...form.field('email')} />
            </div>
            <div className="field">
              <label htmlFor={fieldIds.name}>{t(fieldLabels.name)}</label>
              <input id={fieldIds.name} className="input" autoComplete="name" {...form.field('name')} />
            </div>
            <div className="field">
              <label htmlFor={fieldIds.language}>{t(fieldLabels.language)}</label>
              <select id={fieldIds.language} className="input" {...form.field('language')}>
                <option value="en">English</option>
                <option value="hi" lang="hi">
                  हिंदी
                </option>
              </select>
            </div>
            <Honeypot id="newsletter-website" />
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? t('Sending…') : t('Subscribe')}
            </button>
          </div>
          {said?.tone === 'refused' && (
            <p className="form-error" role="alert">
              {said.text}
            </p>
          )}
          {said?.tone === 'note' && (
            <p className="form-success" role="status">
              {said.text}
            </p>
          )}
        </Form>
      )}
    </section>
  );
}
