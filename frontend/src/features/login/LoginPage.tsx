import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Field } from '../../components/Field';
import { usePageMeta } from '../../components/usePageMeta';
import { useSession } from '../../stores/session';
import { loginMessages, requestLogin } from './api';

export function LoginPage() {
  usePageMeta('Admin Login', 'Sign in to the administration area to manage blog posts and gallery images.');
  const navigate = useNavigate();
  const storeSession = useSession((state) => state.login);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(loginMessages.fillAllFields);
      return;
    }
    setError('');
    setSubmitting(true);
    const outcome = await requestLogin(email.trim(), password);
    setSubmitting(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    storeSession(outcome.token, outcome.role, outcome.name);
    await navigate({ to: '/admin/dashboard' });
  }

  return (
    <section className="section login-section">
      <div className="container">
        <div className="form-card login-card">
          <h1 className="login-title">Admin Login</h1>
          <p className="login-intro">Sign in to manage blog posts and gallery images.</p>
          <form method="post" noValidate onSubmit={handleSubmit} className="form-grid" aria-describedby="login-error">
            <Field id="login-email" label="Email">
              <input
                id="login-email"
                className="input"
                type="email"
                name="email"
                autoComplete="username"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </Field>
            <Field id="login-password" label="Password">
              <input
                id="login-password"
                className="input"
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Field>
            <p id="login-error" className="form-error" role="alert">
              {error}
            </p>
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={submitting} aria-busy={submitting}>
              Login
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
