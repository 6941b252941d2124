import type { EventSearch, EventView } from '@ngo-site/shared';
import { apiClient } from '../../api/on-demand';
import { langQuery, type Lang } from '../../i18n/paths';
import { fetchListPage, itemOrNull, type ListPage } from '../listing/listing';

export type { EventSearch, EventView };

/** One page of the events (12, or `limit`); a failure shows as an empty list. */
export function fetchEventPage({ page, limit = 12, upcoming }: EventSearch, lang: Lang = 'en'): Promise<ListPage<EventView>> {
  return fetchListPage<EventView>('the events', async () => {
    const query = { limit, page: page ?? 1, ...(upcoming ? { when: 'upcoming' as const } : {}), ...langQuery(lang) };
    const { data, response } = await (await apiClient()).GET('/api/get_events.php', { params: { query } });
    return { data: data?.success ? data.data : undefined, response };
  });
}

/** One event, or null when there is none (a draft, a wrong id). Other failures throw. */
export function fetchEvent(id: string, lang: Lang = 'en'): Promise<EventView | null> {
  return itemOrNull('the event', async () => (await apiClient()).GET('/api/get_event.php', { params: { query: { id, ...langQuery(lang) } } }));
}
