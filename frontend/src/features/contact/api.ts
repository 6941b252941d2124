import { apiClient } from '../../api/on-demand';
import { failureMessage } from '../../api/failure';
import { langQuery, type Lang } from '../../i18n/paths';
import { keptOfflineKey } from '../../offline/KeptForm';
import type { ContactMessage } from './contact';

export const contactFailures = {
  failed: 'Your message could not be sent. Please try again in a moment.',
  noConnection: 'Your message could not be sent because the server could not be reached. Please try again in a moment.',
} as const;

/** `kept`: sent offline, the service worker keeps it to send later (the key it is kept under). */
export type SendOutcome = { ok: true; kept?: string } | { ok: false; message: string };

/**
 * Sends the form with the two spam signals the server checks (the honeypot and the time on the
 * page), and the page's language, which the replies to the sender are written in.
 */
export async function sendContactMessage(fields: ContactMessage, spamSignals: { website: string; elapsedMs: number }, lang: Lang = 'en'): Promise<SendOutcome> {
  try {
    const { data, error, response } = await (
      await apiClient()
    ).POST('/api/contact_save.php', {
      params: { query: langQuery(lang) },
      body: {
        name: fields.name,
        email: fields.email,
        subject: fields.subject,
        message: fields.message,
        ...(fields.notice_version && { notice_version: Number(fields.notice_version) }),
        website: spamSignals.website,
        elapsed_ms: Math.max(0, Math.round(spamSignals.elapsedMs)),
      },
    });
    if (data?.success) return { ok: true, kept: keptOfflineKey(response) };
    return { ok: false, message: (data ? data.message : failureMessage(error)) || contactFailures.failed };
  } catch {
    return { ok: false, message: contactFailures.noConnection };
  }
}
