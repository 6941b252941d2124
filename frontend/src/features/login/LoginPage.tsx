import { Link, useNavigate } from '@tanstack/react-router';
import { PasswordField } from '../../components/Field';
import { Form, useForm } from '../../components/Form';
import { usePageMeta } from '../../components/usePageMeta';
import { useSession } from '../../stores/session';
import { loginMessages, requestLogin } from './api';
import { AccountEmailField, LoginCard } from './LoginCard';
import { CardFormEnd, useCardForm } from './useCardForm';

export function LoginPage() {
  usePageMeta('Admin Login', 'Sign in to the administration area to manage blog posts and gallery images.');
  const navigate = useNavigate();
  const storeSession = useSession((state) => state.login);
  const form = useForm({ email: '', password: '' });
  const { error, submitting, submit } = useCardForm();

  const handleSubmit = ({ email, password }: { email: string; password: string }) =>
    submit(
      !email.trim() || !password ? loginMessages.fillAllFields : '',
      () => requestLogin(email.trim(), password),
      async (outcome) => {
        storeSession(outcome.token, outcome.role, outcome.name);
        await navigate({ to: '/admin/dashboard' });
      },
    );

  return (
    <LoginCard title="Admin Login" intro="Sign in to manage blog posts and gallery images.">
      <Form form={form} noValidate onSubmit={handleSubmit} className="form-grid" aria-describedby="login-error">
        <AccountEmailField id="login-email" {...form.field('email')} />
        <PasswordField id="login-password" label="Password" autoComplete="current-password" {...form.field('password')} />
        <CardFormEnd errorId="login-error" error={error} submitting={submitting}>
          Login
        </CardFormEnd>
        <p className="center form-hint">
          <Link to="/login/forgot-password">Forgot password?</Link>
        </p>
      </Form>
    </LoginCard>
  );
}
