import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { waitOutMinimum } from '../../api/anonymous-form';
import { Honeypot } from '../../components/Honeypot';
import { ErrorSummary, PlainFormFields, invalidIn, usePlainFormAction, usePlainFormFields, useSentByPlainPost } from '../../components/PlainForm';
import { usePageMeta } from '../../components/usePageMeta';
import { AccountEmailField, LoginCard } from './LoginCard';
import { CardFormEnd, useCardForm } from './useCardForm';
import { passwordPageMessages, requestPasswordReset } from './password-links';

const formId = 'forgot-form';

/** /login/forgot-password: asks for the account's address and mails it a link to set a new password. */
export function ForgotPasswordPage() {
  usePageMeta('Forgot password', 'Ask for a link to set a new password for the administration area.');
  // Sent as a plain post before the script took the page over (docs/forms.md): answered at ?sent=1,
  // or refused and shown again with the address typed.
  const { fields, setFields, refused, clearRefused } = usePlainFormFields({ email: '' });
  const { email } = fields;
  const [sent, setSent] = useState(useSentByPlainPost() ? passwordPageMessages.linkRequested : '');
  const action = usePlainFormAction(formId);
  const { error, submitting, submit } = useCardForm();
  const [website, setWebsite] = useState('');
  const openedAt = useRef(performance.now());

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    clearRefused();
    return submit(
      event,
      email.trim() ? '' : passwordPageMessages.enterEmail,
      async () => {
        // The server refuses a form sent sooner than its minimum: a fast person waits here instead.
        const elapsedMs = await waitOutMinimum(openedAt.current);
        return requestPasswordReset(email.trim(), { website, elapsedMs });
      },
      (outcome) => setSent(outcome.data),
    );
  };

  return (
    <LoginCard title="Forgot password?" intro="Enter the e-mail address of your account: we will send it a link to set a new password.">
      {sent ? (
        <p className="form-success" role="status">
          {sent}
        </p>
      ) : (
        <form id={formId} method="post" action={action} noValidate onSubmit={handleSubmit} className="form-grid" aria-describedby="forgot-error">
          {refused && <ErrorSummary posted={refused} fieldIds={{ email: 'forgot-email' }} labels={{ email: 'Email Address' }} />}
          <PlainFormFields />
          <AccountEmailField id="forgot-email" value={email} onChange={(value) => setFields({ email: value })} {...invalidIn(refused, 'email')} />
          <Honeypot id="forgot-website" value={website} onChange={setWebsite} />
          <CardFormEnd errorId="forgot-error" error={error} submitting={submitting}>
            {submitting ? 'Sending…' : 'Send the link'}
          </CardFormEnd>
        </form>
      )}
      <p className="password-page-back">
        <Link to="/login">Back to the login</Link>
      </p>
    </LoginCard>
  );
}
