// Monthly pledges: made by a donor on the Donate page, stopped from the link in a reminder (or
// by an admin, or later from the donor's own page), paused and resumed by an admin. A supporter is
// an e-mail address: pledges are kept and found by the normalised address.
import { Types, type FilterQuery } from 'mongoose';
import type { Schemas } from '../../contract.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { dayInIndia } from '../donations/financial-year.js';
import { currentSettings } from '../settings/service.js';
import { addMonths, dueOnIn } from './calendar.js';
import { stoppedLetter } from './letters.js';
import { pledgeMessages } from './messages.js';
import type { Pledge, PledgeMonth } from './model.js';
import { toPledgeView } from './views.js';

/** How a supporter is found: the address trimmed and in small letters. */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class PledgeService {
  constructor(private readonly services: Services) {}

  private get models() {
    return this.services.db.models;
  }

  /** Makes a pledge (once per id: a retry finds it made); answers what its first reminder will be. */
  async make(fields: Omit<Schemas['PledgeInput'], 'website' | 'elapsed_ms'>, lang: 'en' | 'hi', _id: Types.ObjectId) {
    let pledge = await this.models.Pledge.findById(_id).lean<Pledge>();
    if (!pledge) {
      const startedOn = dayInIndia(this.services.clock());
      const created = await this.models.Pledge.create({ _id, ...fields, email: normalisedEmail(fields.email), lang, status: 'active', startedOn });
      pledge = created.toObject<Pledge>();
    }
    return { amount: pledge.amount, day: pledge.day, first_reminder_on: firstReminderOn(pledge) };
  }

  async find(id: string): Promise<Pledge> {
    const pledge = Types.ObjectId.isValid(id) ? await this.models.Pledge.findById(id).lean<Pledge>() : null;
    if (!pledge) throw notFound(pledgeMessages.notFound);
    return pledge;
  }

  /**
   * Stops a pledge for good and tells the donor once (the mail's outbox key); a stopped pledge
   * stays as it was stopped. The service the donor's own page calls too.
   */
  async stop(id: string, by: 'donor' | 'admin'): Promise<{ pledge: Pledge; changed: boolean }> {
    const pledge = await this.find(id);
    const changed = pledge.status !== 'stopped';
    if (changed) {
      await this.models.Pledge.updateOne(
        { _id: pledge._id, status: { $ne: 'stopped' } },
        { $set: { status: 'stopped', stoppedAt: this.services.clock(), stoppedBy: by } },
      );
    }
    const { mail } = this.services;
    const { settings } = await currentSettings(this.services.db);
    await mail.enqueue({
      key: `pledge-stopped:${pledge._id.toHexString()}`,
      kind: 'pledge-stopped',
      to: [pledge.email],
      replyTo: await mail.organisationReplyTo(),
      letter: stoppedLetter({ name: pledge.name, amount: pledge.amount, org: settings.name }, pledge.lang),
    });
    return { pledge: await this.find(id), changed };
  }

  /** An admin's pause or resume: a stopped pledge stays stopped (409). */
  async setPaused(id: string, paused: boolean): Promise<{ pledge: Pledge; changed: boolean }> {
    const pledge = await this.find(id);
    if (pledge.status === 'stopped') throw new HttpError(409, pledgeMessages.isStopped);
    const status = paused ? 'paused' : 'active';
    if (pledge.status === status) return { pledge, changed: false };
    await this.models.Pledge.updateOne({ _id: pledge._id, status: { $ne: 'stopped' } }, { $set: { status } });
    return { pledge: await this.find(id), changed: true };
  }

  /** The pledges of one supporter, newest first, with their months (the donor's own page). */
  async ofEmail(email: string): Promise<Schemas['Pledge'][]> {
    const pledges = await this.models.Pledge.find({ email: normalisedEmail(email) })
      .sort({ createdAt: -1 })
      .lean<Pledge[]>();
    return this.views(pledges);
  }

  async view(pledge: Pledge): Promise<Schemas['Pledge']> {
    return (await this.views([pledge]))[0]!;
  }

  /** The admin's list: newest first, by status and words in the name, e-mail, mobile or a month's reference. */
  async list({ page = 1, limit = 25, q, status }: { page?: number; limit?: number; q?: string; status?: Pledge['status'] }) {
    const filter: FilterQuery<Pledge> = {};
    if (status) filter.status = status;
    const words = q?.trim();
    if (words) {
      const pattern = { $regex: escapeRegExp(words), $options: 'i' };
      const referenced = await this.models.PledgeMonth.find({ reference: pattern }, { pledge: 1 }).lean<Pick<PledgeMonth, 'pledge'>[]>();
      filter.$or = [...['name', 'email', 'mobile'].map((field) => ({ [field]: pattern })), { _id: { $in: referenced.map((month) => month.pledge) } }];
    }
    const [pledges, total] = await Promise.all([
      this.models.Pledge.find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<Pledge[]>(),
      this.models.Pledge.countDocuments(filter),
    ]);
    return { items: await this.views(pledges), total };
  }

  private async views(pledges: Pledge[]) {
    const months = await this.models.PledgeMonth.find({ pledge: { $in: pledges.map((pledge) => pledge._id) } }).lean<PledgeMonth[]>();
    return pledges.map((pledge) => toPledgeView(pledge, months));
  }
}

/** The first day a reminder goes out: the pledge's day this month, or next month's when it has passed. */
export function firstReminderOn(pledge: Pick<Pledge, 'day' | 'startedOn'>): string {
  const thisMonth = dueOnIn(pledge.startedOn.slice(0, 7), pledge.day);
  return thisMonth >= pledge.startedOn ? thisMonth : dueOnIn(addMonths(pledge.startedOn.slice(0, 7), 1), pledge.day);
}
