// The capacity of an event under contention, as a queue at a camp's sign-up would cause it: 200
// people signing up at the same moment for 100 places, through two app instances with their own
// connections to one real database (FerretDB on the storage `npm start` uses), then one of them
// cancelling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, type SecondInstance } from '../../../test/app.js';
import { addEvent, signUp, signUpAsTheForm } from '../../../test/events.js';
import { startMailTestApp, type MailTestApp } from '../../../test/mail.js';
import { rsvpToken } from './rsvp-token.js';

let m: MailTestApp;
let second: SecondInstance;

beforeAll(async () => {
  // FerretDB on the storage `npm start` uses (PostgreSQL where installed), where writers race.
  m = await startMailTestApp({ storage: 'embedded' });
  second = await startSecondInstance(m.t);
});
afterAll(async () => {
  await second?.stop();
  await m?.stop();
});

const people = 200;
const places = 100;
let eventId: string;

describe('an event of 100 places', () => {
  it('takes 200 sign-ups at once on two instances: exactly 100 confirmed and 100 waitlisted, in order', { timeout: 300_000 }, async () => {
    eventId = await addEvent(m.t, { capacity: places });
    const answers = await Promise.all(
      Array.from({ length: people }, (_, n) =>
        signUpAsTheForm(n % 2 ? second.request : m.t.request, eventId, { name: `Person ${n}`, email: ` Person${n}@Example.org ` }),
      ),
    );
    for (const res of answers) expect(res.status, res.text).toBe(201);
    const statuses = answers.map((res) => res.body.data.status as string);
    expect(statuses.filter((status) => status === 'confirmed')).toHaveLength(places);
    expect(statuses.filter((status) => status === 'waitlisted')).toHaveLength(people - places);
    // The waiting list is one line: each place on it given once.
    const positions = answers.filter((res) => res.body.data.status === 'waitlisted').map((res) => res.body.data.position as number);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: people - places }, (_, n) => n + 1));

    const { EventSeat, Rsvp } = m.t.db.models;
    const seats = await EventSeat.find({ event: eventId }).lean();
    expect(seats.map((seat) => seat.seat).sort((a, b) => a - b)).toEqual(Array.from({ length: places }, (_, n) => n + 1));
    const signups = await Rsvp.find({ event: eventId }).lean();
    expect(signups.map((rsvp) => rsvp.email).every((email) => email === email.trim().toLowerCase())).toBe(true);
    const confirmed = signups.filter((rsvp) => rsvp.status === 'confirmed');
    const waitlisted = signups.filter((rsvp) => rsvp.status === 'waitlisted');
    expect(new Set(seats.map((seat) => seat.rsvp.toHexString()))).toEqual(new Set(confirmed.map((rsvp) => rsvp._id.toHexString())));
    // In order: everyone confirmed came before everyone waiting, and no two share a place in line.
    expect(Math.max(...confirmed.map((rsvp) => rsvp.order))).toBeLessThan(Math.min(...waitlisted.map((rsvp) => rsvp.order)));
    expect(new Set(signups.map((rsvp) => rsvp.order)).size).toBe(people);

    const page = await m.t.request.get(`/api/get_event.php?id=${eventId}`).expect(200);
    expect(page.body.data).toMatchObject({ places_left: 0, waitlist: people - places, signup: 'waitlist' });
  });

  it('gives a cancelled place to the first on the waiting list, who is mailed', { timeout: 240_000 }, async () => {
    const { Rsvp } = m.t.db.models;
    const leaving = (await Rsvp.findOne({ event: eventId, status: 'confirmed' }).lean())!;
    const line = await Rsvp.find({ event: eventId, status: 'waitlisted' }).sort({ order: 1 }).limit(2).lean();
    const [first, next] = line;
    const res = await second.request.post('/api/cancel_rsvp.php').send({ token: rsvpToken(m.t.config.jwtSecret, leaving._id.toHexString()) });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('cancelled');

    expect((await Rsvp.findById(first!._id).lean())!.status).toBe('confirmed');
    expect(await m.t.db.models.EventSeat.countDocuments({ event: eventId })).toBe(places);
    // Queued at once, in the outbox; delivered behind the 200 mails of the first test.
    const queued = await m.t.db.models.OutboxMail.findOne({ key: `event-confirmed:${first!._id.toHexString()}` }).lean();
    expect(queued).toMatchObject({ kind: 'event-promoted', to: [first!.email] });
    const promoted = await m.catcher.waitFor((mail) => mail.to.includes(first!.email) && /place became free/.test(mail.subject), 180_000);
    expect(promoted.attachments.map((file) => file.filename)).toEqual(['event.ics']);
    // The next in line is first now.
    const answer = await signUp(m.t.request, eventId, { email: next!.email });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'waitlisted', position: 1 });
    await m.catcher.waitFor((mail) => mail.to.includes(leaving.email) && /sign-up is cancelled/.test(mail.subject), 180_000);
  });
});
