import { failureMessage } from '../../api/failure';
import { apiClient } from '../../api/on-demand';
import { langQuery, type Lang } from '../../i18n/paths';

/** The guardian's confirmation of a volunteer under 18: the server's sentence, or why it failed. */
export async function confirmGuardian(token: string, spamSignals: { website: string; elapsedMs: number }, lang: Lang) {
  try {
    const { data, error } = await (
      await apiClient()
    ).POST('/api/confirm_guardian_consent.php', {
      params: { query: langQuery(lang) },
      body: { token, website: spamSignals.website, elapsed_ms: Math.max(0, Math.round(spamSignals.elapsedMs)) },
    });
    if (data?.success) return { ok: true as const, message: data.message };
    return { ok: false as const, message: failureMessage(error) || guardianFailures.failed };
  } catch {
    return { ok: false as const, message: guardianFailures.noConnection };
  }
}

export const guardianFailures = {
  /** The server's sentence for a link not valid or too old (404), said on the page in its language. */
  linkNotValid: 'This confirmation link is not valid or has expired. Please ask the volunteer to register again.',
  failed: 'The confirmation could not be sent. Please try again in a moment.',
  noConnection: 'The confirmation could not be sent because the server could not be reached. Please try again in a moment.',
} as const;
