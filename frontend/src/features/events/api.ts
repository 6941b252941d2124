import type { components } from '@ngo-site/shared/contract';
import type { EventSearch, EventView } from '@ngo-site/shared';
import { api } from '../../api/client';
import { failureMessage } from '../../api/failure';
import { apiClient } from '../../api/on-demand';
import { langQuery, type Lang } from '../../i18n/paths';
import { keptOfflineKey } from '../../offline/KeptForm';
import { fetchListPage, type ListPage } from '../listing/listing';

export type { EventSearch, EventView };
export type SignupInput = Omit<components['schemas']['RsvpInput'], 'website' | 'elapsed_ms'>;
export type SignupStatus = components['schemas']['RsvpStatus'];

/** The events list's URL (`?page=`), made safe: a whole page number from 2 up. */
export function eventsSearch(search: Record<string, unknown>): EventSearch {
  const page = Number(search.page);
  return { page: Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : undefined };
}

/** One page of the events (12, or `limit`); a failure shows as an empty list. */
export function fetchEventPage({ page, limit = 12, upcoming }: EventSearch, lang: Lang = 'en'): Promise<ListPage<EventView>> {
  return fetchListPage<EventView>('the events', async () => {
    const query = { limit, page: page ?? 1, ...(upcoming ? { when: 'upcoming' as const } : {}), ...langQuery(lang) };
    const { data, response } = await (await apiClient()).GET('/api/get_events.php', { params: { query } });
    return { data: data?.success ? data.data : undefined, response };
  });
}

/** One event, or null when there is none (a draft, a wrong id). Other failures throw. */
export async function fetchEvent(id: string, lang: Lang = 'en'): Promise<EventView | null> {
  const { data, response } = await (await apiClient()).GET('/api/get_event.php', { params: { query: { id, ...langQuery(lang) } } });
  if (data?.success) return data.data;
  if (response.status === 404 || response.status === 400) return null;
  throw new Error(`Could not load the event (HTTP ${response.status})`);
}

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
    const { data, error, response } = await api.POST('/api/rsvp_save.php', {
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
    const { data, error, response } = await api.POST('/api/cancel_rsvp.php', { params: { query: langQuery(lang) }, body: { token } });
    const kept = keptOfflineKey(response);
    if (kept) return { ok: true, message: '', kept };
    if (data?.success) return { ok: true, message: data.message, title: data.data.event_title };
    return { ok: false, message: failureMessage(error) || signupFailures.failed };
  } catch {
    return { ok: false, message: signupFailures.noConnection };
  }
}
