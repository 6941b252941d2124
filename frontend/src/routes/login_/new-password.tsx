import { createFileRoute } from '@tanstack/react-router';
import { SetPasswordPage } from '../../features/login/SetPasswordPage';

// The link of a "Forgot password?" or an invitation mail; its token is in the fragment (#token=…), which no server sees.
export const Route = createFileRoute('/login_/new-password')({
  component: SetPasswordPage,
});
