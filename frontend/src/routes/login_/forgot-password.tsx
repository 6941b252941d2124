import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../features/login/ForgotPasswordPage';

export const Route = createFileRoute('/login_/forgot-password')({
  component: ForgotPasswordPage,
});
