import { api } from '../../api/client';
import { failureMessage } from '../../api/failure';
import { apiMessages } from '../../api/messages';

export const loginMessages = {
  fillAllFields: 'Please fill in all fields',
  failed: 'Login failed',
} as const;

export type LoginOutcome = { ok: true; token: string; role: string; name?: string } | { ok: false; message: string };

/** Asks the server for an admin token; every failure becomes a message to show. */
export async function requestLogin(email: string, password: string): Promise<LoginOutcome> {
  try {
    const { data, error } = await api.POST('/api/login.php', { body: { email, password } });
    if (data?.success && data.token) return { ok: true, token: data.token, role: data.role, name: data.name };
    return { ok: false, message: (data ? data.message : failureMessage(error)) || loginMessages.failed };
  } catch {
    // The server could not be reached, or its answer was not JSON.
    return { ok: false, message: apiMessages.noConnection };
  }
}
