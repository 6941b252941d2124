import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { waitOutMinimum } from '../../api/anonymous-form';
import { Form, usePlainForm } from '../../components/Form';
import { Honeypot, readHoneypot } from '../../components/Honeypot';
import { ErrorSummary, useSentByPlainPost } from '../../components/PlainForm';
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
  const form = usePlainForm({ email: '' }, formId);
  const sentByPost = useSentByPlainPost();
  const [sent, setSent] = useState(sentByPost ? passwordPageMessages.linkRequested : '');
  const { error, submitting, submit } = useCardForm();

  const handleSubmit = ({ email }: { email: string }, event: FormEvent<HTMLFormElement>) => {
    const website = readHoneypot(event.currentTarget);
    return submit(
      email.trim() ? '' : passwordPageMessages.enterEmail,
      async () => {
        // The server refuses a form sent sooner than its minimum: a fast person waits here instead.
        const elapsedMs = await waitOutMinimum(form.openedAt());
        return requestPasswordReset(email.trim(), { website, elapsedMs });
      },
      (outcome) => setSent(outcome.data),
    );
  };

  return (
    <LoginCard title="Forgot password?" intro="Enter the e-mail address of your account: we will send it a link to set a new password.">
      {sent ? (
        <p className="form-success" role="status" {...(sentByPost && { tabIndex: -1, autoFocus: true })}>
          {sent}
        </p>
      ) : (
        <Form form={form} id={formId} noValidate onSubmit={handleSubmit} className="form-grid" aria-describedby="forgot-error">
          <ErrorSummary form={form} fieldIds={{ email: 'forgot-email' }} labels={{ email: 'Email Address' }} />
          <AccountEmailField id="forgot-email" {...form.field('email')} />
          <Honeypot id="forgot-website" />
          <CardFormEnd errorId="forgot-error" error={error} submitting={submitting}>
            {submitting ? 'Sending…' : 'Send the link'}
          </CardFormEnd>
        </Form>
      )}
      <p className="password-page-back">
        <Link to="/login">Back to the login</Link>
      </p>
    </LoginCard>
  );
}
