import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PasswordField } from '../../components/Field';
import { usePageMeta } from '../../components/usePageMeta';
import { useSession } from '../../stores/session';
import { loginMessages, requestLogin } from './api';
import { AccountEmailField, LoginCard } from './LoginCard';
import { CardFormEnd, useCardForm } from './useCardForm';

export function LoginPage() {
  usePageMeta('Admin Login', 'Sign in to the administration area to manage blog posts and gallery images.');
  const navigate = useNavigate();
  const storeSession = useSession((state) => state.login);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, submitting, submit } = useCardForm();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(
      event,
      !email.trim() || !password ? loginMessages.fillAllFields : '',
      () => requestLogin(email.trim(), password),
      async (outcome) => {
        storeSession(outcome.token, outcome.role, outcome.name);
        await navigate({ to: '/admin/dashboard' });
      },
    );

  return (
    <LoginCard title="Admin Login" intro="Sign in to manage blog posts and gallery images.">
      <form method="post" noValidate onSubmit={handleSubmit} className="form-grid" aria-describedby="login-error">
        <AccountEmailField id="login-email" value={email} onChange={setEmail} />
        <PasswordField id="login-password" label="Password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <CardFormEnd errorId="login-error" error={error} submitting={submitting}>
          Login
        </CardFormEnd>
        <p className="center form-hint">
          <Link to="/login/forgot-password">Forgot password?</Link>
        </p>
      </form>
    </LoginCard>
  );
}
