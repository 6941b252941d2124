// The legal dates' reminders under contention: two instances, each with its own connection to one
// database, run the reminders many times at once on a day the test sets. Each reminder (30 and 7
// days before) reaches each admin once; a date recorded as done reminds no more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { createLogger } from '../../app.js';
import { connectDatabase, type Database } from '../../database.js';
import type { Services } from '../../services.js';
import { Mailer } from '../mail/service.js';
import { LegalDeadlines, lawDeadlines, reminderDue } from './deadlines.js';

let t: TestApp;
let secondDb: Database;
const instances: LegalDeadlines[] = [];
const admins = ['admin@example.test', 'second-admin@example.test'];

/** One instance's reminders: its own database connection and outbox, on the day `clock` says. */
function instance(db: Database, clock: () => Date) {
  const logger = createLogger({ logLevel: 'silent' });
  const services = { db, config: t.config, logger, mail: new Mailer(t.config, db, logger) } as unknown as Services;
  return new LegalDeadlines(services, clock);
}

let today = new Date('2027-05-01T06:00:00Z');
beforeAll(async () => {
  t = await startTestApp();
  secondDb = await connectDatabase(t.db.url, { timeoutMs: t.config.databaseTimeoutMs });
  await t.db.models.AdminUser.create({ name: 'Second', email: admins[1], role: 'admin', passwordHash: 'x' });
  instances.push(
    instance(t.db, () => today),
    instance(secondDb, () => today),
  );
});
afterAll(async () => {
  await secondDb?.close();
  await t?.stop();
});

const reminderMails = () => t.db.models.OutboxMail.find({ kind: 'deadline-reminder' }).lean();
/** Every instance runs the reminders several times, all at once. */
const runEverywhere = (times = 6) => Promise.all(Array.from({ length: times }, (_, index) => instances[index % 2]!.remindDue()));

describe('the law’s dates', () => {
  it('are Form 10BD by 31 May and the FC accounts by 31 December, for the year ended and the year running', () => {
    expect(lawDeadlines('2027-05-01').map(({ _id, dueOn }) => [_id, dueOn])).toEqual([
      ['form10bd:2026-27', '2027-05-31'],
      ['fc-accounts:2026-27', '2027-12-31'],
      ['form10bd:2027-28', '2028-05-31'],
      ['fc-accounts:2027-28', '2028-12-31'],
    ]);
    expect([
      reminderDue('2027-05-31', '2027-04-30'),
      reminderDue('2027-05-31', '2027-05-01'),
      reminderDue('2027-05-31', '2027-05-24'),
      reminderDue('2027-05-31', '2027-06-01'),
    ]).toEqual([null, 30, 7, null]);
  });
});

describe('the reminders', () => {
  it('30 days before: one mail per admin, however many runs on however many instances', async () => {
    const sent = await runEverywhere();
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
    const mails = await reminderMails();
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(admins);
    expect(mails[0]!.subject).toBe('Due in 30 days: File Form 10BD for 2026-27 and send each donor their Form 10BE certificate (by 31 May)');
    expect(await t.db.models.DeadlineReminder.find().lean()).toEqual([
      expect.objectContaining({ _id: 'form10bd:2026-27|2027-05-31|30', offset: 30, queued: true }),
    ]);
  });

  it('the next days of the window send nothing more; 7 days before, the second reminder, once', async () => {
    today = new Date('2027-05-10T06:00:00Z');
    await runEverywhere();
    expect(await reminderMails()).toHaveLength(2);
    today = new Date('2027-05-24T06:00:00Z');
    await runEverywhere();
    expect((await reminderMails()).map((mail) => mail.subject).filter((subject) => subject.startsWith('Due in 7 days'))).toHaveLength(2);
    expect(await reminderMails()).toHaveLength(4);
  });

  it('a claim left by an instance that died before writing its mails is taken up again, once', async () => {
    await t.db.models.LegalDeadline.create({ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', kind: 'custom', title: 'Renew the FCRA registration', dueOn: '2027-05-28' });
    await t.db.models.DeadlineReminder.create({
      _id: 'aaaaaaaaaaaaaaaaaaaaaaaa|2027-05-28|7',
      deadline: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      offset: 7,
      claimedAt: new Date('2027-05-24T05:00:00Z'),
    });
    await runEverywhere();
    const renewal = (await reminderMails()).filter((mail) => mail.subject.includes('Renew the FCRA registration'));
    expect(renewal.map((mail) => mail.to[0]).sort()).toEqual(admins);
  });

  it('a date recorded as done reminds no more', async () => {
    today = new Date('2027-12-01T06:00:00Z');
    await instances[0]!.setDone('fc-accounts:2026-27', true, t.admin.id);
    await runEverywhere();
    expect((await reminderMails()).filter((mail) => mail.subject.includes('foreign contribution accounts'))).toEqual([]);
    const listed = (await instances[1]!.list()).data.find((deadline) => deadline.id === 'fc-accounts:2026-27');
    expect(listed).toMatchObject({ done_on: '2027-12-01', days_left: 30, reminders: [] });
  });
});
