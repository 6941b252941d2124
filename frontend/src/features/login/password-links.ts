import type { components } from '@ngo-site/shared/contract';
import { api } from '../../api/client';
import { failureMessage } from '../../api/failure';
import { apiMessages } from '../../api/messages';

export type PasswordLink = components['schemas']['PasswordLink'];

export const passwordPageMessages = {
  enterEmail: 'Please enter your e-mail address',
  /** The server's answer to every request, shown again on the page a plain post leads to (?sent=1). */
  linkRequested: 'If an account uses this address, a link to set a new password is on its way. It works once, within 30 minutes.',
  requestFailed: 'The link could not be asked for. Please try again in a moment.',
  noToken: 'This page opens from the link in your e-mail. Ask for a new link if you no longer have it.',
  linkGone: 'This link has expired or was already used. Ask for a new one.',
  mismatch: 'The two passwords are not the same',
  tooShort: 'The password must be at least 12 characters long',
  setFailed: 'The password could not be set',
} as const;

export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string; gone?: boolean };

/** Runs a call; an unreachable server or an answer that is not the API's JSON becomes one sentence. */
async function attempt<T>(call: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await call();
  } catch {
    return { ok: false, message: apiMessages.noConnection };
  }
}

/** "Forgot password?": the answer is the same whether or not the address has an account. */
export const requestPasswordReset = (email: string, spamSignals: { website: string; elapsedMs: number }) =>
  attempt<string>(async () => {
    const body = { email, website: spamSignals.website, elapsed_ms: Math.max(0, Math.round(spamSignals.elapsedMs)) };
    const { data, error } = await api.POST('/api/request_password_reset.php', { body });
    return data?.success ? { ok: true, data: data.message } : { ok: false, message: failureMessage(error) || passwordPageMessages.requestFailed };
  });

export const checkPasswordLink = (token: string) =>
  attempt<PasswordLink>(async () => {
    const { data, error, response } = await api.POST('/api/check_password_link.php', { body: { token } });
    if (data?.success) return { ok: true, data: data.data };
    return { ok: false, gone: response.status === 404 || response.status === 400, message: failureMessage(error) || passwordPageMessages.linkGone };
  });

export const setPasswordFromLink = (token: string, password: string) =>
  attempt<string>(async () => {
    const { data, error, response } = await api.POST('/api/reset_password.php', { body: { token, new_password: password } });
    if (data?.success) return { ok: true, data: data.message };
    return { ok: false, gone: response.status === 404, message: failureMessage(error) || passwordPageMessages.setFailed };
  });
