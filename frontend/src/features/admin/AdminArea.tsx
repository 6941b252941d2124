import { Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { api } from '../../api/client';
import { adminAreaRoles, useSession } from '../../stores/session';
import { ToastRegion, useToasts } from './toasts';
import './admin.css';

/**
 * Everything under /admin. The route's guard lets only an admin session in; this keeps watching
 * it, so that a session ended while a page is open (a 401 from the server, Logout, or a logout
 * in another tab) sends the admin to /login at once.
 */
export function AdminArea() {
  const signedIn = useSession((state) => Boolean(state.token) && adminAreaRoles.includes(state.userRole ?? ''));
  const navigate = useNavigate();

  useEffect(() => {
    if (signedIn) return;
    useToasts.getState().clear();
    void navigate({ to: '/login', replace: true });
  }, [signedIn, navigate]);

  if (!signedIn) return null;
  return (
    <>
      <Outlet />
      <ToastRegion />
    </>
  );
}

/**
 * Ends the session on the server first (its token stops working on every instance), then in the
 * browser, even when the server could not be reached; AdminArea then leaves for /login.
 */
export async function logout(): Promise<void> {
  await api.POST('/api/logout.php').catch(() => undefined);
  useSession.getState().logout();
}
