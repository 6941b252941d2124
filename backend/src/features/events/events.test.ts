// Events from the admin's form to the visitor's calendar: the public list and page in both
// languages, the .ics and the feed as a calendar program reads them, signing up (once per
// address), the confirmation mail, cancelling by its link, and the list of the day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCalendar } from '../../../test/calendar.js';
import { addEvent, signUp } from '../../../test/events.js';
import { startMailTestApp, type MailTestApp } from '../../../test/mail.js';
import { indiaIso } from './india-time.js';

let m: MailTestApp;
beforeAll(async () => {
  m = await startMailTestApp();
});
afterAll(async () => {
  await m?.stop();
});

const hour = 60 * 60 * 1000;
const admin = () => `Bearer ${m.t.adminToken()}`;
const at = (fromNow: number) => indiaIso(new Date(Date.now() + fromNow));
const update = (fields: Record<string, unknown>) => m.t.request.post('/api/update_event.php').set('Authorization', admin()).send(fields);

describe('the public events', () => {
  it('lists the upcoming events soonest first, then the past ones latest first, never a draft', async () => {
    const later = await addEvent(m.t, { title: 'Tree planting', starts_at: at(72 * hour), ends_at: at(75 * hour) });
    const sooner = await addEvent(m.t, { title: 'Health camp', starts_at: at(24 * hour), ends_at: at(27 * hour) });
    const past = await addEvent(m.t, { title: 'Last month', starts_at: at(-30 * 24 * hour), ends_at: at(-30 * 24 * hour + hour) });
    const older = await addEvent(m.t, { title: 'Last year', starts_at: at(-300 * 24 * hour), ends_at: at(-300 * 24 * hour + hour) });
    const draft = await addEvent(m.t, { title: 'Not yet', status: 'draft' });

    const res = await m.t.request.get('/api/get_events.php?limit=3').expect(200);
    expect(res.body.data.map((event: { id: string }) => event.id)).toEqual([sooner, later, past]);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.headers.link).toContain('page=2');
    const next = await m.t.request.get('/api/get_events.php?limit=3&page=2').expect(200);
    expect(next.body.data.map((event: { id: string }) => event.id)).toEqual([older]);
    const upcoming = await m.t.request.get('/api/get_events.php?when=upcoming').expect(200);
    expect(upcoming.body.data.map((event: { id: string }) => event.id)).toEqual([sooner, later]);
    await m.t.request.get(`/api/get_event.php?id=${draft}`).expect(404);
  });

  it('answers in Hindi with the Hindi texts, its times in India time', async () => {
    const id = await addEvent(m.t, { starts_at: '2031-01-05T09:30:00+05:30', ends_at: '2031-01-05T13:00:00+05:30' });
    const res = await m.t.request.get(`/api/get_event.php?id=${id}&lang=hi`).expect(200);
    expect(res.body.data).toMatchObject({
      title: 'रक्तदान शिविर',
      venue: 'सामुदायिक भवन, लालपुर',
      // No Hindi address: the English one stands in.
      address: 'Lalpur Chowk, Ranchi 834001',
      starts_at: '2031-01-05T09:30:00+05:30',
      text_lang: 'hi',
      places_left: 100,
      signup: 'open',
    });
  });
});

describe('calendars', () => {
  it('gives one event as RFC 5545 with a stable UID, India time, its place, and a SEQUENCE that rises', async () => {
    const long = 'रक्तदान शिविर में आइए — हर बूंद किसी की जान बचा सकती है; चाय और बिस्कुट के साथ, सुबह नौ बजे से दोपहर दो बजे तक, लालपुर, राँची'.repeat(2);
    const id = await addEvent(m.t, {
      starts_at: '2031-02-01T09:00:00+05:30',
      ends_at: '2031-02-01T14:00:00+05:30',
      description_hi: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: long }] }] },
    });
    const res = await m.t.request.get(`/api/get_event_ics.php?id=${id}&lang=hi`).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const { events } = parseCalendar(res.text);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ uid: `event-${id}@localhost:8080`, summary: 'रक्तदान शिविर', startZone: 'Asia/Kolkata', status: 'CONFIRMED', sequence: 0 });
    expect(event!.start.toISOString()).toBe('2031-02-01T03:30:00.000Z');
    expect(event!.end.toISOString()).toBe('2031-02-01T08:30:00.000Z');
    expect(event!.location).toBe('सामुदायिक भवन, लालपुर, Lalpur Chowk, Ranchi 834001');
    expect(event!.description).toContain(long);
    expect(event!.url).toBe(`http://localhost:8080/hi/events/${id}`);

    await update({ id, venue: 'School ground, Lalpur' }).expect(200);
    const again = parseCalendar((await m.t.request.get(`/api/get_event_ics.php?id=${id}`).expect(200)).text).events[0]!;
    expect(again).toMatchObject({ uid: event!.uid, sequence: 1, location: 'School ground, Lalpur, Lalpur Chowk, Ranchi 834001' });
  });

  it('gives a feed of the events to subscribe to, cancelled ones marked, drafts and long past ones left out', async () => {
    const cancelled = await addEvent(m.t, { title: 'Rained off' });
    await update({ id: cancelled, status: 'cancelled' }).expect(200);
    const draft = await addEvent(m.t, { title: 'Secret', status: 'draft' });
    const res = await m.t.request.get('/api/get_events_ics.php').expect(200);
    const { name, events } = parseCalendar(res.text);
    expect(name).toBeTruthy();
    const uids = events.map((event) => event.uid);
    expect(uids).toContain(`event-${cancelled}@localhost:8080`);
    expect(uids).not.toContain(`event-${draft}@localhost:8080`);
    expect(events.find((event) => event.uid.includes(cancelled))!.status).toBe('CANCELLED');
    expect(events.some((event) => event.summary === 'Last year')).toBe(false);
  });
});

describe('signing up', () => {
  it('confirms a place and mails it in the page’s language, with the .ics, a Google Calendar link and a link that cancels', async () => {
    const id = await addEvent(m.t, { seats_limit: 4 });
    const res = await signUp(m.t.request, id, { name: 'आशा', email: 'Asha.Hindi@Example.org', seats: 3, mobile: '+91 98765 43210' }, 'hi');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'confirmed', seats: 3, position: null });
    const mail = await m.catcher.waitFor((caught) => caught.to.includes('asha.hindi@example.org'));
    expect(mail.subject).toBe('आपका स्थान पक्का है: रक्तदान शिविर');
    expect(mail.text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    const [file] = mail.attachments;
    expect(file).toMatchObject({ filename: 'event.ics', contentType: 'text/calendar' });
    expect(parseCalendar(file!.content).events[0]!.uid).toBe(`event-${id}@localhost:8080`);
    const link = /http:\/\/localhost:8080\/hi\/events\?cancel=([^\s#]+)#cancel-form/.exec(mail.text)![1]!;

    // The same address, written otherwise, is the same sign-up.
    const again = await signUp(m.t.request, id, { email: ' ASHA.hindi@example.ORG ' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(res.body.data.id);

    const cancelled = await m.t.request.post('/api/cancel_rsvp.php?lang=hi').send({ token: link }).expect(200);
    expect(cancelled.body.data).toMatchObject({ id: res.body.data.id, status: 'cancelled' });
    await m.t.request.post('/api/cancel_rsvp.php').send({ token: link }).expect(200);
    // Cancelled, the address may sign up again.
    expect((await signUp(m.t.request, id, { email: 'asha.hindi@example.org' })).status).toBe(201);
  });

  it('refuses more places than the event allows, and an event closed, started or cancelled', async () => {
    const id = await addEvent(m.t, { seats_limit: 2 });
    const tooMany = await signUp(m.t.request, id, { seats: 3 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toContainEqual(expect.objectContaining({ field: 'seats' }));
    const closed = await addEvent(m.t, { signup_deadline: at(-hour), starts_at: at(2 * hour), ends_at: at(3 * hour) });
    expect((await signUp(m.t.request, closed, {})).body.message).toBe('Sign-up for this event has closed.');
    const started = await addEvent(m.t, { starts_at: at(-hour), ends_at: at(hour) });
    expect((await signUp(m.t.request, started, {})).status).toBe(409);
    const { body } = await m.t.request.get(`/api/get_event.php?id=${started}`).expect(200);
    expect(body.data.signup).toBe('started');
  });
});

describe('the day of the event', () => {
  it('lists the sign-ups with their counts, checks people in, exports them, and cancelling the event tells everyone', async () => {
    const id = await addEvent(m.t, { capacity: 2 });
    const names = ['one', 'two', 'three'];
    const answers = await Promise.all(names.map((name) => signUp(m.t.request, id, { name: `Person ${name}`, email: `${name}@day.example` })));
    // Sent at once, any of the three may come last: the one waitlisted is whoever did.
    const waitingAt = answers.findIndex((answer) => answer.body.data.status === 'waitlisted');
    expect(waitingAt).toBeGreaterThanOrEqual(0);
    const [waiting, waitingName] = [answers[waitingAt]!, names[waitingAt]!];
    const list = await m.t.request.get(`/api/get_rsvps.php?event_id=${id}`).set('Authorization', admin()).expect(200);
    expect(list.body.counts).toMatchObject({ confirmed: 2, waitlisted: 1, seats_confirmed: 2, checked_in: 0 });
    expect(list.body.data.map((rsvp: { status: string }) => rsvp.status)).toEqual(['confirmed', 'confirmed', 'waitlisted']);
    const confirmedId = list.body.data[0].id as string;

    const checkIn = await m.t.request.post('/api/update_rsvp.php').set('Authorization', admin()).send({ id: confirmedId, action: 'check_in' }).expect(200);
    expect(checkIn.body.data.checked_in_at).not.toBeNull();
    const record = await m.t.db.models.EventCheckIn.findOne({ rsvp: confirmedId }).lean();
    expect(record).toMatchObject({ hours: 5, seats: 1 });
    const found = await m.t.request.get(`/api/get_rsvps.php?event_id=${id}&q=${waitingName}&checked_in=false`).set('Authorization', admin()).expect(200);
    expect(found.body.data.map((rsvp: { id: string }) => rsvp.id)).toEqual([waiting.body.data.id]);

    const csv = await m.t.request.get(`/api/export_rsvps.php?event_id=${id}`).set('Authorization', admin()).expect(200);
    expect(csv.text.startsWith('\uFEFFStatus,Position,Name,Email')).toBe(true);
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(4);

    // More places: the one waiting is confirmed, and mailed.
    await update({ id, capacity: 3 }).expect(200);
    expect((await m.t.db.models.Rsvp.findById(waiting.body.data.id).lean())!.status).toBe('confirmed');
    await m.catcher.waitFor((mail) => mail.to.includes(`${waitingName}@day.example`) && /place became free/.test(mail.subject));
    expect((await update({ id, capacity: 1 })).status).toBe(409);
    expect((await m.t.request.post('/api/delete_event.php').set('Authorization', admin()).send({ id })).status).toBe(409);

    const cancelled = await update({ id, status: 'cancelled' }).expect(200);
    expect(cancelled.body.message).toMatch(/cancelled/);
    for (const address of ['one@day.example', 'two@day.example', 'three@day.example']) {
      await m.catcher.waitFor((mail) => mail.to.includes(address) && mail.subject === 'Cancelled: Blood donation camp');
    }
    expect((await update({ id, status: 'published' })).status).toBe(409);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
  });
});
