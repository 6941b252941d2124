// The legal dates: Form 10BD and the donors' 10BE certificates by 31 May after each financial
// year, the FC accounts on the website by 31 December (FCRA Rule 13), and any date an admin adds.
// Each instance looks for dates 30 and 7 days ahead and mails the admins; a reminder is claimed
// by inserting it (`<date>|<day>|<days before>`, unique), so it goes out once over every instance.
import { legalText, type LegalTexts } from '@ngo-site/shared';
import { Types } from 'mongoose';
import type { Schemas } from '../../contract.js';
import { HttpError, notFound } from '../../http/errors.js';
import { insertOnce } from '../../invariants/claims.js';
import { BackgroundWorker } from '../../jobs/worker.js';
import type { Services } from '../../services.js';
import { dayInIndia, financialYearOf } from '../donations/financial-year.js';
import { currentSettings } from '../settings/service.js';
import { daysBetween } from './data-requests.js';
import { deadlineReminderLetter } from './letters.js';
import { complianceMessages } from './messages.js';
import type { DeadlineReminder, LegalDeadline } from './model.js';

/** The reminders, by days before the date: each date gets the one whose window it is in. */
export const reminderOffsets = [30, 7] as const;
/** A claim whose mails were not written this long after it was taken: its instance died; taken up again. */
const staleClaimMs = 5 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * dayMs).toISOString().slice(0, 10);
const previousYear = (fy: string) => financialYearOf(`${Number(fy.slice(0, 4)) - 1}-04-01`);

/** The dates the law sets for the financial year just ended and the one running on `today`. */
export function lawDeadlines(today: string): Pick<LegalDeadline, '_id' | 'kind' | 'fy' | 'dueOn'>[] {
  const current = financialYearOf(today);
  return [previousYear(current), current].flatMap((fy) => {
    const after = Number(fy.slice(0, 4)) + 1;
    return [
      { _id: `form10bd:${fy}`, kind: 'form10bd' as const, fy, dueOn: `${after}-05-31` },
      { _id: `fc-accounts:${fy}`, kind: 'fc-accounts' as const, fy, dueOn: `${after}-12-31` },
    ];
  });
}

/** The reminder a date is in the window of on `today`: 30 days before, then 7; none past it or further off. */
export function reminderDue(dueOn: string, today: string): (typeof reminderOffsets)[number] | null {
  const left = daysBetween(today, dueOn);
  if (left < 0 || left > reminderOffsets[0]) return null;
  return left <= reminderOffsets[1] ? reminderOffsets[1] : reminderOffsets[0];
}

/** What is due: an admin's own words, or the law's from the legal texts of Settings. */
const deadlineTitle = (deadline: LegalDeadline, legal: LegalTexts) =>
  deadline.kind === 'custom'
    ? deadline.title
    : legalText(legal, deadline.kind === 'form10bd' ? 'deadline_10bd' : 'deadline_fc_accounts', 'en', { fy: deadline.fy });

export class LegalDeadlines {
  readonly worker: BackgroundWorker | undefined;

  constructor(
    private readonly services: Services,
    /** The clock the reminders run by (tests set their own day). */
    private readonly clock: () => Date = () => new Date(),
  ) {
    const pollMs = services.config.deadlineCheckMs;
    if (!pollMs) return;
    this.worker = new BackgroundWorker({
      name: 'legal date reminders',
      logger: services.logger,
      pollMs,
      runTimeoutMs: 60_000,
      maxBackoffMs: 30 * 60 * 1000,
      run: async () => {
        await this.remindDue();
        return 'idle';
      },
    });
  }

  private get models() {
    return this.services.db.models;
  }

  start() {
    this.worker?.start();
  }

  stop() {
    return this.worker?.stop();
  }

  /** Writes the law's dates around `today` once (a date already there keeps whatever was recorded on it). */
  private async ensureLawDeadlines(today: string) {
    for (const deadline of lawDeadlines(today)) {
      if (await this.models.LegalDeadline.exists({ _id: deadline._id })) continue;
      await insertOnce(this.models.LegalDeadline, { ...deadline, title: '', doneOn: '', doneBy: '', createdBy: '' });
    }
  }

  /** Every date, open ones first by day, then those done within the last year. */
  async list(): Promise<{ today: string; data: Schemas['LegalDeadline'][] }> {
    const today = dayInIndia(this.clock());
    await this.ensureLawDeadlines(today);
    const [deadlines, reminders, { settings }] = await Promise.all([
      this.models.LegalDeadline.find({ $or: [{ doneOn: '' }, { doneOn: { $gte: addDays(today, -365) } }] }).lean<LegalDeadline[]>(),
      this.models.DeadlineReminder.find({}, { deadline: 1, offset: 1 }).lean<DeadlineReminder[]>(),
      currentSettings(this.services.db),
    ]);
    const open = deadlines.filter((deadline) => !deadline.doneOn).sort((a, b) => a.dueOn.localeCompare(b.dueOn));
    const done = deadlines.filter((deadline) => deadline.doneOn).sort((a, b) => b.doneOn.localeCompare(a.doneOn));
    return {
      today,
      data: [...open, ...done].map((deadline) => ({
        id: deadline._id,
        kind: deadline.kind,
        title: deadlineTitle(deadline, settings.legal),
        ...(deadline.fy && { fy: deadline.fy }),
        due_on: deadline.dueOn,
        days_left: daysBetween(today, deadline.dueOn),
        done_on: deadline.doneOn,
        reminders: reminders
          .filter((reminder) => reminder.deadline === deadline._id && reminder._id.split('|')[1] === deadline.dueOn)
          .map((reminder) => reminder.offset as 30 | 7)
          .sort((a, b) => b - a),
      })),
    };
  }

  async view(id: string) {
    const found = (await this.list()).data.find((deadline) => deadline.id === id);
    if (!found) throw notFound(complianceMessages.deadlineNotFound);
    return found;
  }

  async add(title: string, dueOn: string, actor: string) {
    const _id = new Types.ObjectId().toHexString();
    await this.models.LegalDeadline.create({ _id, kind: 'custom', title, fy: '', dueOn, doneOn: '', doneBy: '', createdBy: actor });
    return this.view(_id);
  }

  async setDone(id: string, done: boolean, actor: string) {
    const today = dayInIndia(this.clock());
    const { matchedCount } = await this.models.LegalDeadline.updateOne({ _id: id }, { $set: { doneOn: done ? today : '', doneBy: done ? actor : '' } });
    if (!matchedCount) throw notFound(complianceMessages.deadlineNotFound);
    return this.view(id);
  }

  async remove(id: string) {
    const deadline = await this.models.LegalDeadline.findById(id).lean<LegalDeadline>();
    if (!deadline) throw notFound(complianceMessages.deadlineNotFound);
    if (deadline.kind !== 'custom') throw new HttpError(409, complianceMessages.deadlineOfLaw);
    await this.models.LegalDeadline.deleteOne({ _id: id });
  }

  /**
   * Mails the admins the reminders due on the clock's day, each once: answers how many reminders
   * this call sent. A reminder is sent by the instance whose insert of its claim succeeds; a claim
   * left without its mails by an instance that died is taken up again (the outbox keys each mail,
   * so none goes twice).
   */
  async remindDue(now = this.clock()): Promise<number> {
    const today = dayInIndia(now);
    await this.ensureLawDeadlines(today);
    const near = await this.models.LegalDeadline.find({ doneOn: '', dueOn: { $gte: today, $lte: addDays(today, reminderOffsets[0]) } }).lean<LegalDeadline[]>();
    let sent = 0;
    for (const deadline of near) {
      const offset = reminderDue(deadline.dueOn, today);
      if (!offset) continue;
      const key = `${deadline._id}|${deadline.dueOn}|${offset}`;
      if (!(await this.claim(key, deadline._id, offset, now))) continue;
      await this.mailAdmins(key, deadline, today);
      await this.models.DeadlineReminder.updateOne({ _id: key }, { $set: { queued: true } });
      sent += 1;
    }
    return sent;
  }

  private async claim(key: string, deadline: string, offset: number, now: Date): Promise<boolean> {
    if (await insertOnce(this.models.DeadlineReminder, { _id: key, deadline, offset, claimedAt: now, queued: false })) return true;
    const held = await this.models.DeadlineReminder.findById(key).lean<DeadlineReminder>();
    return !!held && !held.queued && held.claimedAt.getTime() < now.getTime() - staleClaimMs;
  }

  private async mailAdmins(key: string, deadline: LegalDeadline, today: string) {
    const { mail, db } = this.services;
    const { settings } = await currentSettings(db);
    const title = deadlineTitle(deadline, settings.legal);
    const admins = await this.models.AdminUser.find({ role: 'admin', invited: { $ne: true } }, { email: 1 }).lean<{ email: string }[]>();
    // One mail per admin, each claimed by its own outbox key.
    for (const { email } of admins) {
      await mail.enqueue({
        key: `deadline-reminder:${key}:${email.toLowerCase()}`,
        kind: 'deadline-reminder',
        to: [email],
        letter: deadlineReminderLetter({
          title,
          dueOn: deadline.dueOn,
          daysLeft: daysBetween(today, deadline.dueOn),
          url: mail.siteUrl('/admin/dashboard?section=compliance'),
        }),
      });
    }
  }
}
