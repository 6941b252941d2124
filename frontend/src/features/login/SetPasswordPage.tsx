import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PasswordField } from '../../components/Field';
import { Form, useForm } from '../../components/Form';
import { usePageMeta } from '../../components/usePageMeta';
import { LoginCard } from './LoginCard';
import { CardFormEnd, useCardForm } from './useCardForm';
import { checkPasswordLink, passwordPageMessages, setPasswordFromLink, type PasswordLink } from './password-links';
import './SetPasswordPage.css';

type PageState =
  { kind: 'checking' } | { kind: 'gone'; message: string } | { kind: 'ready'; token: string; link: PasswordLink } | { kind: 'done'; message: string };

/** The page's title once it knows what the link is for. */
const titleOf = (state: PageState) =>
  state.kind !== 'ready' ? 'Set your password' : state.link.purpose === 'invitation' ? `Welcome, ${state.link.name}` : 'Set a new password';
const minimumLength = 12;

/**
 * /login/new-password: the page a mailed link opens (a reset or an invitation). The link is checked
 * first, so an expired one says so before anything is typed; the password follows the rules of
 * a password change.
 */
export function SetPasswordPage() {
  const [state, setState] = useState<PageState>({ kind: 'checking' });
  usePageMeta(titleOf(state), 'Set the password of your account in the administration area.');
  const router = useRouter();

  useEffect(() => {
    // The token of the mailed link (#token=…) is taken out of the address, so it stays in no
    // history, bookmark or screenshot.
    const { hash, pathname } = router.state.location;
    const token = new URLSearchParams(hash).get('token');
    if (token) router.history.replace(pathname);
    if (!token) return setState({ kind: 'gone', message: passwordPageMessages.noToken });
    void checkPasswordLink(token).then((outcome) =>
      setState(outcome.ok ? { kind: 'ready', token, link: outcome.data } : { kind: 'gone', message: outcome.message }),
    );
  }, [router]);

  return (
    <LoginCard title={titleOf(state)}>
      {state.kind === 'checking' && (
        <p className="login-intro" role="status">
          Checking the link...
        </p>
      )}
      {state.kind === 'gone' && (
        <>
          <p className="form-error" role="alert">
            {state.message}
          </p>
          <p className="password-page-back">
            <Link to="/login/forgot-password">Ask for a new link</Link>
          </p>
        </>
      )}
      {state.kind === 'ready' && <PasswordForm token={state.token} link={state.link} onDone={(message) => setState({ kind: 'done', message })} />}
      {state.kind === 'done' && (
        <>
          <p className="form-success" role="status">
            {state.message}
          </p>
          <p className="password-page-back">
            <Link to="/login" className="btn btn-primary">
              Log in
            </Link>
          </p>
        </>
      )}
    </LoginCard>
  );
}

function PasswordForm({ token, link, onDone }: { token: string; link: PasswordLink; onDone: (message: string) => void }) {
  const form = useForm({ password: '', repeated: '' });
  const { error, submitting, submit } = useCardForm();

  const handleSubmit = ({ password, repeated }: { password: string; repeated: string }) =>
    submit(
      password.length < minimumLength ? passwordPageMessages.tooShort : password !== repeated ? passwordPageMessages.mismatch : '',
      () => setPasswordFromLink(token, password),
      (outcome) => onDone(outcome.data),
    );

  return (
    <Form form={form} noValidate onSubmit={handleSubmit} className="form-grid" aria-describedby="set-password-rules set-password-error">
      <p className="password-page-account">{link.email}</p>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
      <PasswordField id="set-password" label="New password" autoComplete="new-password" minLength={minimumLength} {...form.field('password')} />
      <PasswordField id="set-password-again" label="The same password again" autoComplete="new-password" {...form.field('repeated')} />
      <p id="set-password-rules" className="password-page-rules">
        At least 12 characters, and not your e-mail address. Setting it logs out every other session of the account.
      </p>
      <CardFormEnd errorId="set-password-error" error={error} submitting={submitting}>
        Set the password
      </CardFormEnd>
    </Form>
  );
}
