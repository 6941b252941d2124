import { useRef, useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { Form, useForm } from '../../components/Form';
import { usePostedForm, useSentByPlainPost } from '../../components/PlainForm';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import type { Outcome } from './send';

/** The API calls, loaded when the button is pressed: the page works before (and without) its script. */
const calls = () => import('./send');
import './LinkPage.css';

interface LinkPageProps {
  title: string;
  lead: string;
  /** The mailed link's token (from `?token=`). */
  token: string;
  button: string;
  /** What the page says once done by a plain post (the script shows the server's own sentence). */
  doneByPost: string;
  /** Controls beside the token (a box to tick), named as the operation's fields. */
  children?: ReactNode;
  act: (token: string, fields: Record<string, string>) => Promise<Outcome>;
}

/**
 * The page a mailed link opens (confirm, unsubscribe): one button that does what the link is for.
 * Opening it (a GET, as a mail provider's link scanner does) changes nothing. Without the script
 * the button posts the form to this page (docs/forms.md), which carries it out and says so.
 */
function LinkPage({ title, lead, token, button, doneByPost, children, act }: LinkPageProps) {
  const { t } = useTranslator();
  usePageMeta(title, lead);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const refused = usePostedForm();
  const form = useForm<{ token: string; erase: string }>({ token, erase: '' }, { id: 'link-form' });
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | undefined>(
    useSentByPlainPost() ? { ok: true, message: doneByPost } : refused ? { ok: false, message: t(refused.message as MessageKey) } : undefined,
  );
  const [busy, setBusy] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);

  return (
    <section className="section link-page">
      <div className="container narrow">
        <h1>{title}</h1>
        {answer?.ok ? (
          <p ref={status} className="form-success" role="status" tabIndex={-1}>
            {answer.message}
          </p>
        ) : (
          <>
            <p className="lead">{lead}</p>
            {!token && !answer ? (
              <p className="form-error" role="alert">
                {t('This link is incomplete. Please open the link from the mail again.')}
              </p>
            ) : (
              <Form
                form={form}
                postsTo={`${pathname}#link-form`}
                id="link-form"
                onSubmit={async (fields) => {
                  if (busy) return;
                  setBusy(true);
                  const outcome = await act(fields.token, fields);
                  setBusy(false);
                  setAnswer({ ok: outcome.ok, message: t(outcome.message as MessageKey) });
                  status.current?.focus();
                }}
              >
                <input type="hidden" {...form.field('token')} />
                {children}
                <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy}>
                  {button}
                </button>
              </Form>
            )}
            {answer && !answer.ok && (
              <p className="form-error" role="alert">
                {answer.message}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** Where the confirmation mail's link leads: subscribed only once the button is pressed. */
export function ConfirmPage({ token }: { token: string }) {
  const { t } = useTranslator();
  return (
    <LinkPage
      title={t('Confirm your subscription')}
      lead={t('Press the button to receive our newsletter at the address this link was sent to.')}
      token={token}
      button={t('Confirm my subscription')}
      doneByPost={t('Your subscription is confirmed. Thank you!')}
      act={async (value) => (await calls()).confirmSubscription(value)}
    />
  );
}

/** Where a newsletter's unsubscribe link leads: one button, and a box to delete the data too. */
export function UnsubscribePage({ token }: { token: string }) {
  const { t } = useTranslator();
  return (
    <LinkPage
      title={t('Unsubscribe')}
      lead={t('Press the button and we send you no more newsletters.')}
      token={token}
      button={t('Unsubscribe')}
      doneByPost={t('You are unsubscribed. You will receive no more newsletters from us.')}
      act={async (value, fields) => (await calls()).unsubscribe(value, fields.erase === 'true')}
    >
      <div className="check-row">
        <input id="unsubscribe-erase" type="checkbox" name="erase" value="true" />
        <label htmlFor="unsubscribe-erase">{t('Delete my data too (my address and the record of my consent)')}</label>
      </div>
    </LinkPage>
  );
}
