// The calls of one's own page (/my). The session lives in this tab only (sessionStorage) and is
// sent as X-My-Session, never as the admin's Authorization.
import type { components } from '@ngo-site/shared/contract';
import { apiClient } from '../../api/on-demand';
import { failureMessage } from '../../api/failure';
import { apiMessages } from '../../api/messages';
import { langQuery, type Lang } from '../../i18n/paths';
import { keptOfflineKey } from '../../offline/KeptForm';

export type MyData = components['schemas']['MyData'];
export type ConsentPurpose = components['schemas']['ConsentPurposeName'];
export type Outcome<T = string> = { ok: true; data: T; kept?: string } | { ok: false; message: string; status?: number };

interface StoredSession {
  session: string;
  email: string;
  expires_at: string;
}
const storageKey = 'my-session';

export function storedSession(): StoredSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as StoredSession | null;
    return stored && Date.parse(stored.expires_at) > Date.now() ? stored : null;
  } catch {
    return null;
  }
}
export const forgetSession = () => sessionStorage.removeItem(storageKey);

/** The message of a refusal, or the connection's. */
async function attempt<T extends { success: boolean }>(
  call: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Outcome<NonNullable<T>>> {
  try {
    const { data, error, response } = await call();
    if (data?.success) return { ok: true, data: data as NonNullable<T>, kept: keptOfflineKey(response) };
    if (response.status === 401) forgetSession();
    return { ok: false, message: failureMessage(error) || apiMessages.noConnection, status: response.status };
  } catch {
    return { ok: false, message: apiMessages.noConnection };
  }
}

const session = () => ({ 'X-My-Session': storedSession()?.session ?? '' });

export const requestMyLink = async (body: { email: string; website: string; elapsed_ms: number }, lang: Lang) =>
  attempt(async () => (await apiClient()).POST('/api/request_my_link.php', { params: { query: langQuery(lang) }, body }));

/** Uses the link's token once; the session is kept for this tab. */
export async function openMySession(token: string): Promise<Outcome<StoredSession>> {
  const outcome = await attempt(async () => (await apiClient()).POST('/api/open_my_session.php', { body: { token } }));
  if (outcome.ok)
    sessionStorage.setItem(storageKey, JSON.stringify({ session: outcome.data.session, email: outcome.data.email, expires_at: outcome.data.expires_at }));
  return outcome;
}

export const fetchMyData = async () => attempt(async () => (await apiClient()).GET('/api/get_my_data.php', { headers: session() }));
export async function endMySession() {
  await attempt(async () => (await apiClient()).POST('/api/end_my_session.php', { headers: session() }));
  forgetSession();
}
export const correctRegistration = async (body: { id: string; name?: string; mobile?: string; address?: string }) =>
  attempt(async () => (await apiClient()).POST('/api/update_my_registration.php', { headers: session(), body }));
export const withdrawRegistration = async (id: string) =>
  attempt(async () => (await apiClient()).POST('/api/withdraw_my_registration.php', { headers: session(), body: { id } }));
export const saveNominee = async (body: { name: string; email: string }) =>
  attempt(async () => (await apiClient()).POST('/api/save_my_nominee.php', { headers: session(), body }));
export const removeNominee = async () => attempt(async () => (await apiClient()).POST('/api/delete_my_nominee.php', { headers: session() }));
export const withdrawConsent = async (purpose: ConsentPurpose) =>
  attempt(async () => (await apiClient()).POST('/api/withdraw_my_consent.php', { headers: session(), body: { purpose } }));
export const setNewsletterLanguage = async (lang: Lang) =>
  attempt(async () => (await apiClient()).POST('/api/update_my_newsletter.php', { headers: session(), body: { lang } }));
export const raiseGrievance = async (message: string, lang: Lang) =>
  attempt(async () => (await apiClient()).POST('/api/raise_my_grievance.php', { headers: session(), params: { query: langQuery(lang) }, body: { message } }));
export async function eraseMe() {
  const outcome = await attempt(async () => (await apiClient()).POST('/api/erase_me.php', { headers: session(), body: { confirm: true } }));
  if (outcome.ok) forgetSession();
  return outcome;
}

export type MyPdf = '/api/get_my_receipt.php' | '/api/get_my_form10be.php' | '/api/get_my_certificate.php';

/** A PDF of one's own (a receipt, a Form 10BE, a certificate), saved as a download. */
export async function downloadMine(path: MyPdf, query: string, fileName: string): Promise<Outcome<null>> {
  try {
    const response = await fetch(`${path}?${query}`, { headers: session() });
    if (!response.ok) {
      if (response.status === 401) forgetSession();
      return { ok: false, message: failureMessage(await response.json().catch(() => ({}))) || apiMessages.noConnection, status: response.status };
    }
    const url = URL.createObjectURL(await response.blob());
    const link = Object.assign(document.createElement('a'), { href: url, download: fileName, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return { ok: true, data: null };
  } catch {
    return { ok: false, message: apiMessages.noConnection };
  }
}
