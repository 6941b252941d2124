import { api } from '../../api/client';

export const loginMessages = {
  fillAllFields: 'Please fill in all fields',
  failed: 'Login failed',
  noConnection: 'Error connecting to server',
} as const;

export type LoginOutcome = { ok: true; token: string; role: string } | { ok: false; message: string };

/** Asks the server for an admin token; every failure becomes a message to show. */
export async function requestLogin(email: string, password: string): Promise<LoginOutcome> {
  try {
    const { data, error } = await api.POST('/api/login.php', { body: { email, password } });
    if (data?.success && data.token) return { ok: true, token: data.token, role: data.role };
    return { ok: false, message: error?.message || loginMessages.failed };
  } catch {
    // Network failure, or an answer that is not JSON.
    return { ok: false, message: loginMessages.noConnection };
  }
}
