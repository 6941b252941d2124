import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSession } from '../../stores/session';
import { AdminArea } from '../../features/admin/AdminArea';

/** Seconds since the epoch at which a JWT expires, read without checking it (the server checks). */
function tokenExpiry(token: string): number | null {
  try {
    const payload: unknown = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * The spec's client-side gate: a stored token and the role admin. A token whose time is up is
 * dropped here rather than letting the admin fill in a form the server will refuse; a token the
 * server refuses for another reason ends the session at the first call (api/client.ts).
 */
function hasAdminSession(): boolean {
  const session = useSession.getState();
  if (!session.canEnterAdmin()) return false;
  const expiry = tokenExpiry(session.token!);
  if (expiry !== null && expiry * 1000 <= Date.now()) {
    session.logout();
    return false;
  }
  return true;
}

export const Route = createFileRoute('/admin')({
  beforeLoad: () => {
    if (!hasAdminSession()) throw redirect({ to: '/login', replace: true });
  },
  component: AdminArea,
});
