import type { components, paths } from '@ngo-site/shared/contract';
import { api } from '../../../api/client';
import { attempt, failed, paged, pageQuery, sentence, type AdminListSearch, type AdminPage, type Outcome } from '../api';

export type EventRecord = components['schemas']['EventRecord'];
export type EventInput = components['schemas']['EventInput'];
export type EventUpdate = components['schemas']['EventUpdate'];
export type Rsvp = components['schemas']['Rsvp'];
export type RsvpCounts = components['schemas']['RsvpCounts'];
export type RsvpQuery = NonNullable<paths['/api/get_rsvps.php']['get']['parameters']['query']>;

export function fetchAdminEvents(search: AdminListSearch): Promise<Outcome<AdminPage<EventRecord>>> {
  return attempt(async () => paged(await api.GET('/api/get_all_events.php', { params: { query: pageQuery(search) } }), 'Could not load the events'));
}

/** One event as the admin edits it (the list's row of it). */
export function fetchAdminEvent(id: string): Promise<Outcome<EventRecord>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_all_events.php', { params: { query: { id } } });
    const found = data?.success ? data.data[0] : undefined;
    return found ? { ok: true, data: found } : failed(error, 'Could not load the event');
  });
}

/** Adds the event, or saves the changes of one (`id`); the event as saved. */
export function saveEvent(body: { add: EventInput } | { update: EventUpdate }): Promise<Outcome<{ message: string; event: EventRecord }>> {
  return attempt(async () => {
    const { data, error } =
      'update' in body ? await api.POST('/api/update_event.php', { body: body.update }) : await api.POST('/api/add_event.php', { body: body.add });
    return data?.success ? { ok: true, data: { message: data.message, event: data.data } } : failed(error, 'Could not save the event');
  });
}

export function deleteEvent(id: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/delete_event.php', { body: { id } }), 'Could not delete the event'));
}

export function fetchRsvps(query: RsvpQuery): Promise<Outcome<{ rsvps: Rsvp[]; total: number; counts: RsvpCounts }>> {
  return attempt(async () => {
    const { data, error, response } = await api.GET('/api/get_rsvps.php', { params: { query } });
    if (!data?.success) return failed(error, 'Could not load the sign-ups');
    return { ok: true, data: { rsvps: data.data, total: Number(response.headers.get('X-Total-Count') ?? data.data.length), counts: data.counts } };
  });
}

/** Checks a person in (or undoes it), or cancels their sign-up; the sign-up as it is now. */
export function changeRsvp(id: string, action: 'check_in' | 'undo_check_in' | 'cancel'): Promise<Outcome<{ message: string; rsvp: Rsvp }>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/update_rsvp.php', { body: { id, action } });
    return data?.success ? { ok: true, data: { message: data.message, rsvp: data.data } } : failed(error, 'Could not change the sign-up');
  });
}

/** The event's sign-ups as a CSV file, to save. */
export function fetchRsvpsCsv(eventId: string): Promise<Outcome<Blob>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/export_rsvps.php', { params: { query: { event_id: eventId } }, parseAs: 'blob' });
    return data ? { ok: true, data } : failed(error, 'Could not download the sign-ups');
  });
}
