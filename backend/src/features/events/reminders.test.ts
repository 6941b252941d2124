// The reminders a day and two hours before an event, on two app instances that share one
// database and one clock (set by the test), one of them restarted: each reminder goes out once,
// none is skipped, and none is made whose time had passed when the person signed up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, type SecondInstance } from '../../../test/app.js';
import { addEvent, signUp } from '../../../test/events.js';
import { eventually, mailsTo, startMailTestApp, type MailTestApp } from '../../../test/mail.js';
import { indiaIso } from './india-time.js';

const hour = 60 * 60 * 1000;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

let m: MailTestApp;
let second: SecondInstance;

beforeAll(async () => {
  m = await startMailTestApp({ env: { EVENT_REMINDER_MS: '200' }, clock });
  second = await startSecondInstance(m.t, { clock });
});
afterAll(async () => {
  await second?.stop();
  await m?.stop();
});

/** An event starting `fromNow` after the clock's now, for two hours. */
const eventAt = (fromNow: number, fields: Record<string, unknown> = {}) => {
  const start = clock().getTime() + fromNow;
  return addEvent(m.t, { starts_at: indiaIso(new Date(start)), ends_at: indiaIso(new Date(start + 2 * hour)), capacity: 50, ...fields });
};
const remindersOf = (email: string) => mailsTo(m.catcher, email).filter((mail) => /^(In two hours|Tomorrow|दो घंटे में|कल): /.test(mail.subject));

describe('event reminders', () => {
  it(
    'sends the two-hour reminder of an event starting in just over two hours within a minute, once, with one instance restarted',
    { timeout: 120_000 },
    async () => {
      offset = 0;
      const eventId = await eventAt(2 * hour + 60_000);
      const email = 'soon@example.org';
      expect((await signUp(second.request, eventId, { email })).body.data.status).toBe('confirmed');
      // Made as the place is confirmed; the day's reminder was due before the sign-up, so it is never made.
      const jobs = await eventually(
        async () => {
          const made = await m.t.db.models.EventReminder.find({ event: eventId }).lean();
          return made.length ? made : undefined;
        },
        10_000,
        'the reminders made',
      );
      expect(jobs.map((job) => job.kind)).toEqual(['2h']);

      // A minute later by the clock the reminder is due; one instance restarts just then.
      offset = 60_000 + 500;
      const dueAt = Date.now();
      await second.stop();
      second = await startSecondInstance(m.t, { clock });
      const mail = await m.catcher.waitFor((caught) => caught.to.includes(email) && caught.subject.startsWith('In two hours: '), 60_000);
      expect(Date.parse(mail.receivedAt) - dueAt).toBeLessThan(60_000);
      // Both instances keep looking five times a second; nothing more goes out.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(remindersOf(email)).toHaveLength(1);
      expect(await m.t.db.models.EventReminder.findOne({ event: eventId }).lean()).toMatchObject({ state: 'sent' });
      expect(mail.text).toContain('/events?cancel=');
    },
  );

  it('takes over the reminder of an instance that died holding it, and does not send again what it had queued', { timeout: 60_000 }, async () => {
    offset = 0;
    const eventId = await eventAt(25 * hour);
    const email = 'crash@example.org';
    const signed = await signUp(m.t.request, eventId, { email }, 'hi');
    // Made as the place is confirmed, just after the answer.
    const job = await eventually(
      async () => (await m.t.db.models.EventReminder.findOne({ event: eventId, kind: '24h' }).lean()) ?? undefined,
      10_000,
      'the reminders made',
    );
    // Another instance took the job, queued its mail (sent since) and died holding the lease.
    await m.t.db.models.JobLease.create({ _id: `event-reminder:${job._id.toHexString()}`, owner: 'dead', until: new Date(Date.now() + 2000) });
    const key = `event-reminder:${signed.body.data.id}:24h:${job.startsAt.getTime()}`;
    await m.t.db.models.OutboxMail.create({
      key,
      kind: 'event-reminder',
      lang: 'hi',
      to: [email],
      subject: 'कल: ...',
      messageId: '<dead@ngo.example>',
      state: 'sent',
    });
    offset = hour + 1000;
    await eventually(async () => (await m.t.db.models.EventReminder.findById(job._id).lean())?.state === 'sent', 30_000, 'the job taken over and marked sent');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(remindersOf(email)).toHaveLength(0);
    expect(await m.t.db.models.OutboxMail.countDocuments({ key })).toBe(1);
  });

  it('makes no reminder whose time has passed, and lets go those of a cancelled sign-up and of an event moved', { timeout: 60_000 }, async () => {
    offset = 0;
    const late = await eventAt(hour);
    await signUp(m.t.request, late, { email: 'late@example.org' });
    expect(await m.t.db.models.EventReminder.countDocuments({ event: late })).toBe(0);

    const eventId = await eventAt(3 * hour);
    const [kept, leaving] = ['kept@example.org', 'leaving@example.org'];
    await signUp(m.t.request, eventId, { email: kept });
    const leaver = await signUp(m.t.request, eventId, { email: leaving });
    await m.t.request
      .post('/api/update_rsvp.php')
      .set('Authorization', `Bearer ${m.t.adminToken()}`)
      .send({ id: leaver.body.data.id, action: 'cancel' })
      .expect(200);
    // The event moves half an hour later: the reminders follow it.
    // Whole seconds, as the form sends a time.
    const start = Math.floor((clock().getTime() + 3.5 * hour) / 1000) * 1000;
    await m.t.request
      .post('/api/update_event.php')
      .set('Authorization', `Bearer ${m.t.adminToken()}`)
      .send({ id: eventId, starts_at: indiaIso(new Date(start)), ends_at: indiaIso(new Date(start + hour)) })
      .expect(200);
    offset = 1.5 * hour + 1000;
    await eventually(async () => remindersOf(kept).length === 1 || undefined, 30_000, 'the reminder for the new time');
    const jobs = await m.t.db.models.EventReminder.find({ event: eventId }).lean();
    expect(jobs.map((job) => [job.state, job.startsAt.getTime() === start])).toEqual(
      expect.arrayContaining([
        ['sent', true],
        ['lapsed', false],
      ]),
    );
    expect(remindersOf(leaving)).toHaveLength(0);
  });
});
