// What the newsletter's pages load once someone uses them (fills in the subscribe box, presses a
// link page's button): the API calls, out of the script every post page loads before it works.
// It leans on nothing the site's other forms share, so their chunks stay as they are.
import { api } from '../../api/client';
import { langQuery, type Lang } from '../../i18n/paths';
import { keptOfflineKey, whenKeptFormSent } from '../../offline/KeptForm';

export { whenKeptFormSent };

export const newsletterFailures = {
  failed: 'It could not be sent. Please try again in a moment.',
  noConnection: 'It could not be sent because the server could not be reached. Please try again in a moment.',
} as const;

/** `kept`: sent offline, the service worker keeps it to send later (the key it is kept under). */
export type Outcome = { ok: true; message: string; kept?: string } | { ok: false; message: string };

/** The box's fields, as the contract names them. */
export interface SubscribeFields {
  email: string;
  name: string;
  language: string;
}

async function outcomeOf(call: () => Promise<{ data?: { success: boolean; message: string }; error?: unknown; response: Response }>): Promise<Outcome> {
  try {
    const { data, error, response } = await call();
    if (data?.success) return { ok: true, message: data.message, kept: keptOfflineKey(response) };
    const said = data?.message ?? (error as { message?: unknown } | undefined)?.message;
    return { ok: false, message: typeof said === 'string' && said ? said : newsletterFailures.failed };
  } catch {
    return { ok: false, message: newsletterFailures.noConnection };
  }
}

/** Asks for the newsletter, with the spam signals the server checks and the page the box was on. */
export function subscribe(
  fields: SubscribeFields,
  extra: { website: string; elapsedMs: number; page: string; noticeVersion: number },
  lang: Lang,
): Promise<Outcome> {
  return outcomeOf(() =>
    api.POST('/api/subscribe.php', {
      params: { query: langQuery(lang) },
      body: {
        email: fields.email,
        ...(fields.name.trim() ? { name: fields.name } : {}),
        ...(fields.language === 'en' || fields.language === 'hi' ? { language: fields.language } : {}),
        page: extra.page,
        notice_version: extra.noticeVersion,
        website: extra.website,
        elapsed_ms: Math.max(0, Math.round(extra.elapsedMs)),
      },
    }),
  );
}

export function confirmSubscription(token: string): Promise<Outcome> {
  return outcomeOf(() => api.POST('/api/confirm_subscription.php', { body: { token } }));
}

/** Unsubscribes the token's address; `erase` deletes its data too. */
export function unsubscribe(token: string, erase: boolean): Promise<Outcome> {
  return outcomeOf(() =>
    api.POST('/api/unsubscribe.php', {
      body: { token, ...(erase ? { erase: true } : {}) },
      bodySerializer: (body) => new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([name, value]) => [name, String(value)])),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
  );
}
