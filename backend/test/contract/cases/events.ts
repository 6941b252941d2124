// Every documented answer of the event operations, except 401/403 (auth-matrix.ts) and 503
// (outage.ts): the public reads and calendars, signing up and cancelling with their refusals,
// and the admin's events, lists, check-ins and export. The test app allows 1000 forms per address
// and window, so only the 429 cases meet the limit.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { rsvpToken } from '../../../src/features/events/rsvp-token.js';
import { campFields } from '../../events.js';
import { bodyFormCases } from '../support/body-form.js';
import { contractCase, defineCases, listRevalidated, type ContractCase } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { hugeJson, postJson } from '../support/requests.js';
import { casesOf, type Write } from './idempotency.js';

const hour = 60 * 60 * 1000;
const india = (instant: number) => `${new Date(instant + 5.5 * hour).toISOString().slice(0, 19)}+05:30`;

/** An event added through the API; its id. */
async function eventOf(fx: Fixture, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await postJson(fx, '/api/add_event.php', campFields(fields));
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

const signupOf = (eventId: string, fields: Record<string, unknown> = {}) => ({
  event_id: eventId,
  name: 'Asha Kumari',
  email: `asha-${randomUUID().slice(0, 8)}@example.org`,
  website: '',
  elapsed_ms: 5000,
  ...fields,
});
const signUp = (fx: Fixture, body: unknown) => postJson(fx, '/api/rsvp_save.php', body, null);

/** A sign-up made through the API: its id. */
async function rsvpOf(fx: Fixture, eventId?: string): Promise<string> {
  const res = await signUp(fx, signupOf(eventId ?? (await eventOf(fx))));
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

const cancelWith = (fx: Fixture, token: string) => postJson(fx, '/api/cancel_rsvp.php', { token }, null);
const tokenOf = (fx: Fixture, rsvpId: string) => rsvpToken(fx.t.config.jwtSecret, rsvpId);

/** An event that started an hour ago, with one sign-up from before it began. */
async function startedWithSignup(fx: Fixture) {
  const eventId = await eventOf(fx, { starts_at: india(Date.now() + hour), ends_at: india(Date.now() + 3 * hour) });
  const rsvpId = await rsvpOf(fx, eventId);
  await fx.t.db.models.Event.updateOne({ _id: eventId }, { $set: { starts_at: new Date(Date.now() - hour) } });
  return rsvpId;
}

/** The address has sent as many forms of this operation as it may (one sent first makes its count). */
const formLimitReached = async (fx: Fixture, operationId: string, sendOne: () => PromiseLike<unknown>) => {
  await sendOne();
  await fx.t.db.models.LimitCount.updateMany({ _id: new RegExp(`^form\\|${operationId}\\|`) }, { $set: { count: fx.t.config.formMaxSends } });
};
const formLimitLifted = async (fx: Fixture) => {
  await fx.t.db.models.LimitCount.deleteMany({ _id: /^form\|/ });
};

const publicCases: ContractCase[] = [
  contractCase('listEvents', 200, 'the upcoming events first, a page of them with its total', {
    arrange: (fx) => eventOf(fx),
    send: (fx) => fx.request.get('/api/get_events.php?limit=2&lang=hi'),
    check: (res) => {
      expect(Number(res.headers['x-total-count'])).toBeGreaterThan(0);
      expect(res.body.data[0]).toMatchObject({ signup: expect.any(String), text_lang: 'hi' });
    },
  }),
  listRevalidated('listEvents', '/api/get_events.php', 'the list again with its ETag: 304, nothing sent', (fx) => eventOf(fx)),
  contractCase('listEvents', 400, 'a part of the list that is not there', { send: (fx) => fx.request.get('/api/get_events.php?when=tomorrow') }),
  contractCase('getEvent', 200, 'one event with its places left', {
    arrange: (fx) => eventOf(fx, { capacity: 40 }),
    send: (fx, id) => fx.request.get(`/api/get_event.php?id=${id}`),
    check: (res) => expect(res.body.data).toMatchObject({ places_left: 40, waitlist: 0, signup: 'open', starts_at: expect.stringMatching(/\+05:30$/) }),
  }),
  contractCase('getEvent', 304, 'the event again with its ETag', {
    arrange: async (fx) => {
      const id = await eventOf(fx);
      return { id, etag: (await fx.request.get(`/api/get_event.php?id=${id}`)).headers.etag as string };
    },
    send: (fx, { id, etag }) => fx.request.get(`/api/get_event.php?id=${id}`).set('If-None-Match', etag),
  }),
  contractCase('getEvent', 400, 'an id that is not one', { send: (fx) => fx.request.get('/api/get_event.php?id=camp') }),
  contractCase('getEvent', 404, 'a draft is not public', {
    arrange: (fx) => eventOf(fx, { status: 'draft' }),
    send: (fx, id) => fx.request.get(`/api/get_event.php?id=${id}`),
  }),
  contractCase('getEventIcs', 200, 'one event as a calendar file', {
    arrange: (fx) => eventOf(fx),
    send: (fx, id) => fx.request.get(`/api/get_event_ics.php?id=${id}`),
    check: (res, _fx, id) => {
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="event-${id}.ics"`);
      expect(res.text).toContain(`UID:event-${id}@`);
    },
  }),
  contractCase('getEventIcs', 400, 'without an id', { send: (fx) => fx.request.get('/api/get_event_ics.php') }),
  contractCase('getEventIcs', 404, 'an event that is not there', { send: (fx) => fx.request.get(`/api/get_event_ics.php?id=${fx.unknownId}`) }),
  contractCase('listEventsIcs', 200, 'the feed to subscribe to', {
    arrange: (fx) => eventOf(fx),
    send: (fx) => fx.request.get('/api/get_events_ics.php?lang=hi'),
    check: (res) => expect(res.text).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR\r\n$/),
  }),
  contractCase('listEventsIcs', 400, 'a language the site has not', { send: (fx) => fx.request.get('/api/get_events_ics.php?lang=fr') }),
];

const signupCases: ContractCase[] = [
  contractCase('saveRsvp', 201, 'a sign-up: confirmed, its address kept lower-cased', {
    arrange: (fx) => eventOf(fx),
    send: (fx, id) => signUp(fx, signupOf(id, { email: '  Ravi@Example.ORG ', seats: 1 })),
    check: async (res, fx) => {
      expect(res.body.data).toMatchObject({ status: 'confirmed', position: null, seats: 1 });
      expect(await fx.t.db.models.Rsvp.findById(res.body.data.id).lean()).toMatchObject({ email: 'ravi@example.org' });
    },
  }),
  contractCase('saveRsvp', 200, 'the same address again: the sign-up as it stands', {
    arrange: async (fx) => {
      const id = await eventOf(fx);
      await signUp(fx, signupOf(id, { email: 'twice@example.org' }));
      return id;
    },
    send: (fx, id) => signUp(fx, signupOf(id, { email: 'TWICE@example.org', name: 'Someone else' })),
    check: (res) => expect(res.body.message).toMatch(/already signed up/),
    changes: ['limit_counts'],
  }),
  ...(
    [
      ['no e-mail address', { email: undefined }, 'email'],
      ['no place at all', { seats: 0 }, 'seats'],
      ['an operator object for the event', { event_id: { $ne: null } }, 'event_id'],
      ['a mobile number of letters', { mobile: 'call me' }, 'mobile'],
    ] as const
  ).map(([name, fields, field]) =>
    contractCase('saveRsvp', 400, name, {
      arrange: (fx) => eventOf(fx),
      send: (fx, id) => signUp(fx, signupOf(id, fields)),
      check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field })),
    }),
  ),
  contractCase('saveRsvp', 400, 'more places than the event lets one person take', {
    arrange: (fx) => eventOf(fx, { seats_limit: 2 }),
    send: (fx, id) => signUp(fx, signupOf(id, { seats: 3 })),
    check: (res) => expect(res.body.message).toBe('You can book at most 2 places for this event.'),
    changes: ['limit_counts'],
  }),
  contractCase('saveRsvp', 400, 'the honeypot filled in', {
    arrange: (fx) => eventOf(fx),
    send: (fx, id) => signUp(fx, signupOf(id, { website: 'https://spam.example' })),
    changes: ['limit_counts'],
  }),
  contractCase('saveRsvp', 404, 'an event that is not there', {
    send: (fx) => signUp(fx, signupOf(fx.unknownId)),
    changes: ['limit_counts'],
  }),
  contractCase('saveRsvp', 409, 'an event whose sign-up deadline passed', {
    arrange: (fx) => eventOf(fx, { signup_deadline: india(Date.now() - hour) }),
    send: (fx, id) => signUp(fx, signupOf(id)),
    check: (res) => expect(res.body.message).toBe('Sign-up for this event has closed.'),
    changes: ['limit_counts'],
  }),
  contractCase('saveRsvp', 413, 'a 1 MB sign-up', {
    send: (fx) => fx.request.post('/api/rsvp_save.php').set('Content-Type', 'application/json').send(hugeJson('name')),
  }),
  contractCase('saveRsvp', 415, 'a form post instead of JSON', {
    send: (fx) => fx.request.post('/api/rsvp_save.php').type('form').send({ name: 'Asha' }),
  }),
  contractCase('saveRsvp', 429, 'one address over the limit waits, and no sign-up is kept', {
    arrange: async (fx) => {
      const id = await eventOf(fx);
      await formLimitReached(fx, 'saveRsvp', () => signUp(fx, signupOf(id)));
      return id;
    },
    send: (fx, id) => signUp(fx, signupOf(id)),
    check: async (res, fx) => {
      expect(res.body.message).toMatch(/^Too many forms sent from your connection/);
      await formLimitLifted(fx);
    },
    changes: ['limit_counts'],
  }),
  contractCase('cancelRsvp', 200, 'the link of the mail cancels the sign-up and frees its place', {
    arrange: async (fx) => tokenOf(fx, await rsvpOf(fx)),
    send: (fx, token) => cancelWith(fx, token),
    check: async (res, fx) => {
      expect(res.body.data.status).toBe('cancelled');
      expect(await fx.t.db.models.EventSeat.countDocuments({ rsvp: res.body.data.id })).toBe(0);
    },
  }),
  contractCase('cancelRsvp', 400, 'a token of the wrong form', { send: (fx) => cancelWith(fx, 'let-me-in') }),
  contractCase('cancelRsvp', 404, 'a token whose signature was altered', {
    arrange: async (fx) => tokenOf(fx, await rsvpOf(fx)),
    send: (fx, token) => cancelWith(fx, `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`),
    check: (res) => expect(res.body.message).toMatch(/link is not valid/),
    changes: ['limit_counts'],
  }),
  contractCase('cancelRsvp', 409, 'an event that has started', {
    arrange: async (fx) => tokenOf(fx, await startedWithSignup(fx)),
    send: (fx, token) => cancelWith(fx, token),
    changes: ['limit_counts'],
  }),
  contractCase('cancelRsvp', 413, 'a 1 MB body', {
    send: (fx) => fx.request.post('/api/cancel_rsvp.php').set('Content-Type', 'application/json').send(hugeJson('token')),
  }),
  contractCase('cancelRsvp', 415, 'a form post instead of JSON', {
    send: (fx) => fx.request.post('/api/cancel_rsvp.php').type('form').send({ token: 'x' }),
  }),
  contractCase('cancelRsvp', 429, 'one address over the limit waits', {
    arrange: async (fx) => {
      const token = tokenOf(fx, await rsvpOf(fx));
      await formLimitReached(fx, 'cancelRsvp', () => cancelWith(fx, tokenOf(fx, fx.unknownId)));
      return token;
    },
    send: (fx, token) => cancelWith(fx, token),
    check: (_res, fx) => formLimitLifted(fx),
    changes: ['limit_counts'],
  }),
];

const adminCases: ContractCase[] = [
  contractCase('listAllEvents', 200, 'the drafts too, searched by title, with their counts', {
    arrange: (fx) => eventOf(fx, { title: 'Hidden draft camp', status: 'draft' }),
    send: (fx) => fx.request.get('/api/get_all_events.php?q=hidden%20draft&status=draft').set('Authorization', fx.admin),
    check: (res, _fx, id) => {
      expect(res.body.data.map((event: { id: string }) => event.id)).toEqual([id]);
      expect(res.body.data[0].counts).toEqual({ confirmed: 0, waitlisted: 0, cancelled: 0, checked_in: 0, seats_confirmed: 0, seats_checked_in: 0 });
    },
  }),
  contractCase('listAllEvents', 200, 'one event by its id, as the list of the day opens it', {
    arrange: (fx) => eventOf(fx),
    send: (fx, id) => fx.request.get(`/api/get_all_events.php?id=${id}`).set('Authorization', fx.admin),
    check: (res, _fx, id) => expect(res.body.data.map((event: { id: string }) => event.id)).toEqual([id]),
  }),
  contractCase('listAllEvents', 400, 'a status events do not have', {
    send: (fx) => fx.request.get('/api/get_all_events.php?status=lost').set('Authorization', fx.admin),
  }),
  contractCase('addEvent', 201, 'an editor adds an event, its description a document', {
    send: async (fx) => postJson(fx, '/api/add_event.php', campFields({ title: 'Added by the editor' }), (await fx.editor()).header),
    check: (res) => expect(res.body.data).toMatchObject({ title: 'Added by the editor', status: 'published', capacity: 100, seats_limit: 1 }),
  }),
  ...(
    [
      ['an end before the start', { starts_at: '2031-01-01T10:00:00+05:30', ends_at: '2031-01-01T09:00:00+05:30' }, 'ends_at'],
      ['a time without its offset', { starts_at: '2031-01-01T10:00:00' }, 'starts_at'],
      ['a capacity of nought', { capacity: 0 }, 'capacity'],
      ['a picture that is not in the media library', { image: '65f1c0ffee0000000000abcd' }, 'image'],
      ['a map link that is not https', { map_url: 'javascript:alert(1)' }, 'map_url'],
      ['a description with a script', { description: { type: 'doc', content: [{ type: 'script', content: [] }] } }, 'description'],
      ['a status of cancelled at once', { status: 'cancelled' }, 'status'],
    ] as const
  ).map(([name, fields, field]) =>
    contractCase('addEvent', 400, name, {
      send: (fx) => postJson(fx, '/api/add_event.php', campFields(fields)),
      check: (res) => expect(res.body.errors.map((error: { field: string }) => error.field)).toContainEqual(expect.stringMatching(new RegExp(`^${field}`))),
    }),
  ),
  ...bodyFormCases('addEvent', '/api/add_event.php', 'title'),
  contractCase('updateEvent', 200, 'cancelling an event: everyone signed up is mailed', {
    arrange: async (fx) => {
      const id = await eventOf(fx);
      await rsvpOf(fx, id);
      return id;
    },
    send: (fx, id) => postJson(fx, '/api/update_event.php', { id, status: 'cancelled' }),
    check: async (res, fx, id) => {
      expect(res.body.data.status).toBe('cancelled');
      const signup = (await fx.t.db.models.Rsvp.findOne({ event: id }).lean())!;
      expect(await fx.t.db.models.OutboxMail.exists({ key: `event-cancelled:${signup._id.toHexString()}` })).toBeTruthy();
    },
  }),
  contractCase('updateEvent', 400, 'a blank title', {
    arrange: (fx) => eventOf(fx),
    send: (fx, id) => postJson(fx, '/api/update_event.php', { id, title: '  ' }),
  }),
  contractCase('updateEvent', 404, 'an event that is not there', { send: (fx) => postJson(fx, '/api/update_event.php', { id: fx.unknownId, title: 'Gone' }) }),
  contractCase('updateEvent', 409, 'a capacity below the places confirmed', {
    arrange: async (fx) => {
      const id = await eventOf(fx, { seats_limit: 3 });
      await signUp(fx, signupOf(id, { seats: 3 }));
      return id;
    },
    send: (fx, id) => postJson(fx, '/api/update_event.php', { id, capacity: 2 }),
    check: (res) => expect(res.body.message).toBe('The capacity cannot be below the 3 places already confirmed.'),
  }),
  ...bodyFormCases('updateEvent', '/api/update_event.php', 'id'),
  contractCase('deleteEvent', 200, 'an event nobody signed up for', {
    arrange: (fx) => eventOf(fx),
    send: (fx, id) => postJson(fx, '/api/delete_event.php', { id }),
    check: async (_res, fx, id) => expect(await fx.t.db.models.Event.exists({ _id: id })).toBeNull(),
  }),
  contractCase('deleteEvent', 400, 'an id that is not one', { send: (fx) => postJson(fx, '/api/delete_event.php', { id: 'camp' }) }),
  contractCase('deleteEvent', 404, 'an event that is not there', { send: (fx) => postJson(fx, '/api/delete_event.php', { id: fx.unknownId }) }),
  contractCase('deleteEvent', 409, 'an event with sign-ups is kept', {
    arrange: async (fx) => {
      const id = await eventOf(fx);
      await rsvpOf(fx, id);
      return id;
    },
    send: (fx, id) => postJson(fx, '/api/delete_event.php', { id }),
  }),
  ...bodyFormCases('deleteEvent', '/api/delete_event.php', 'id'),
  contractCase('listRsvps', 200, 'a page of the sign-ups with the counts of the whole event', {
    arrange: async (fx) => {
      const id = await eventOf(fx);
      await rsvpOf(fx, id);
      await rsvpOf(fx, id);
      return id;
    },
    send: (fx, id) => fx.request.get(`/api/get_rsvps.php?event_id=${id}&limit=1`).set('Authorization', fx.admin),
    check: (res) => {
      expect(res.body.data).toHaveLength(1);
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.body.counts).toMatchObject({ confirmed: 2, seats_confirmed: 2 });
    },
  }),
  contractCase('listRsvps', 400, 'without the event', { send: (fx) => fx.request.get('/api/get_rsvps.php').set('Authorization', fx.admin) }),
  contractCase('listRsvps', 404, 'an event that is not there', {
    send: (fx) => fx.request.get(`/api/get_rsvps.php?event_id=${fx.unknownId}`).set('Authorization', fx.admin),
  }),
  contractCase('updateRsvp', 200, 'checked in at the door, the event’s hours kept', {
    arrange: (fx) => rsvpOf(fx),
    send: (fx, id) => postJson(fx, '/api/update_rsvp.php', { id, action: 'check_in' }),
    check: async (res, fx, id) => {
      expect(res.body.data.checked_in_at).toEqual(expect.any(String));
      expect(await fx.t.db.models.EventCheckIn.findOne({ rsvp: id }).lean()).toMatchObject({ hours: 5 });
    },
  }),
  contractCase('updateRsvp', 400, 'an action there is not', {
    arrange: (fx) => rsvpOf(fx),
    send: (fx, id) => postJson(fx, '/api/update_rsvp.php', { id, action: 'delete' }),
  }),
  contractCase('updateRsvp', 404, 'a sign-up that is not there', {
    send: (fx) => postJson(fx, '/api/update_rsvp.php', { id: fx.unknownId, action: 'cancel' }),
  }),
  contractCase('updateRsvp', 409, 'a cancelled sign-up is not checked in', {
    arrange: async (fx) => {
      const id = await rsvpOf(fx);
      await cancelWith(fx, tokenOf(fx, id));
      return id;
    },
    send: (fx, id) => postJson(fx, '/api/update_rsvp.php', { id, action: 'check_in' }),
  }),
  ...bodyFormCases('updateRsvp', '/api/update_rsvp.php', 'id'),
  contractCase('exportRsvps', 200, 'the sign-ups as a CSV file, the download audited', {
    arrange: async (fx) => {
      const id = await eventOf(fx);
      await rsvpOf(fx, id);
      return id;
    },
    send: (fx, id) => fx.request.get(`/api/export_rsvps.php?event_id=${id}`).set('Authorization', fx.admin),
    check: async (res, fx) => {
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.text.split('\r\n')[1]).toMatch(/^confirmed,,Asha Kumari,asha-/);
      expect(await fx.t.db.models.AuditEntry.exists({ action: 'rsvps.export' })).toBeTruthy();
    },
    changes: ['audit_log'],
  }),
  contractCase('exportRsvps', 400, 'an event id that is not one', {
    send: (fx) => fx.request.get('/api/export_rsvps.php?event_id=x').set('Authorization', fx.admin),
  }),
  contractCase('exportRsvps', 404, 'an event that is not there', {
    send: (fx) => fx.request.get(`/api/export_rsvps.php?event_id=${fx.unknownId}`).set('Authorization', fx.admin),
  }),
];

const writes: Write[] = [
  {
    operationId: 'saveRsvp',
    status: 201,
    anonymous: true,
    target: (fx) => eventOf(fx, { seats_limit: 2 }),
    send: (fx, id, v) => signUp(fx, signupOf(id, { email: 'once@example.org', seats: 1 + v })),
  },
  {
    operationId: 'cancelRsvp',
    status: 200,
    anonymous: true,
    target: async (fx) => tokenOf(fx, await rsvpOf(fx)),
    send: (fx, token, v) => cancelWith(fx, v ? tokenOf(fx, fx.unknownId) : token),
  },
  { operationId: 'addEvent', status: 201, send: (fx, _t, v) => postJson(fx, '/api/add_event.php', campFields({ title: `Once ${v}` })) },
  {
    operationId: 'updateEvent',
    status: 200,
    target: (fx) => eventOf(fx),
    send: (fx, id, v) => postJson(fx, '/api/update_event.php', { id, title: `Renamed ${v}` }),
  },
  {
    operationId: 'deleteEvent',
    status: 200,
    target: (fx) => eventOf(fx),
    send: (fx, id, v) => postJson(fx, '/api/delete_event.php', { id: v ? fx.unknownId : id }),
  },
  {
    operationId: 'updateRsvp',
    status: 200,
    target: (fx) => rsvpOf(fx),
    send: (fx, id, v) => postJson(fx, '/api/update_rsvp.php', { id, action: v ? 'undo_check_in' : 'check_in' }),
  },
];

export const eventCases = defineCases('events', [...publicCases, ...signupCases, ...adminCases, ...writes.flatMap(casesOf)]);
