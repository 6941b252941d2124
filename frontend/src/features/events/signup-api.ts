// Signing up and cancelling, as the event's page and the cancellation page send them: the API
// client is loaded when a form is sent, not with the page.
import type { components } from '@ngo-site/shared/contract';
import { apiClient } from '../../api/on-demand';
import { failureMessage } from '../../api/failure';
import type { MessageKey } from '../../i18n/i18n';
import { langQuery, type Lang } from '../../i18n/paths';
import { keptOfflineKey } from '../../offline/KeptForm';

export type SignupInput = Omit<components['schemas']['RsvpInput'], 'website' | 'elapsed_ms'>;

/**
 * The server's sentences these forms may show (translated by the catalogue): named here, they
 * travel with the event pages' part of the catalogue instead of every page's.
 */
export const serverSentences = [
  'Many people are signing up right now. Please send the form again in a moment.',
  'No event has that id',
  'This cancellation link is not valid. Please use the link in your latest e-mail about the event.',
  'The event has already started, so the sign-up can no longer be cancelled.',
  'Your place is cancelled. Thank you for letting us know.',
  'You have already signed up for this event with this e-mail address.',
] as const satisfies readonly MessageKey[];
export type SignupStatus = components['schemas']['RsvpStatus'];

export const signupFailures = {
  failed: 'Your sign-up could not be sent. Please try again in a moment.',
  noConnection: 'Your sign-up could not be sent because the server could not be reached. Please try again in a moment.',
} as const;

/** `kept`: sent offline, kept by the service worker to send later (the key it is kept under). */
export type SignupOutcome =
  { ok: true; status: SignupStatus; position: number | null; already: boolean } | { ok: true; kept: string } | { ok: false; message: string };

/** Signs up with the spam signals the server checks; mails go in the page's language. */
export async function signUpForEvent(input: SignupInput, spamSignals: { website: string; elapsedMs: number }, lang: Lang = 'en'): Promise<SignupOutcome> {
  try {
    const { data, error, response } = await (
      await apiClient()
    ).POST('/api/rsvp_save.php', {
      params: { query: langQuery(lang) },
      body: { ...input, website: spamSignals.website, elapsed_ms: Math.max(0, Math.round(spamSignals.elapsedMs)) },
    });
    const kept = keptOfflineKey(response);
    if (kept) return { ok: true, kept };
    if (data?.success) return { ok: true, status: data.data.status, position: data.data.position, already: response.status === 200 };
    return { ok: false, message: failureMessage(error) || signupFailures.failed };
  } catch {
    return { ok: false, message: signupFailures.noConnection };
  }
}

/** Cancels the sign-up a mail's link names. */
export async function cancelSignup(token: string, lang: Lang = 'en'): Promise<{ ok: boolean; message: string; title?: string; kept?: string }> {
  try {
    const { data, error, response } = await (await apiClient()).POST('/api/cancel_rsvp.php', { params: { query: langQuery(lang) }, body: { token } });
    const kept = keptOfflineKey(response);
    if (kept) return { ok: true, message: '', kept };
    if (data?.success) return { ok: true, message: data.message, title: data.data.event_title };
    return { ok: false, message: failureMessage(error) || signupFailures.failed };
  } catch {
    return { ok: false, message: signupFailures.noConnection };
  }
}
