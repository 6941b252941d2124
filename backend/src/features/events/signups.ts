// Signing up for an event, cancelling, checking in, and the lists of an event's sign-ups. A
// supporter is their normalised e-mail address: one active sign-up per address and event, and
// later work (a supporter's page, erasure, export) finds sign-ups and check-ins by it.
// `cancel` is the one way a sign-up ends, whoever asks (the person's link, an admin, /my later).
import { Types, type FilterQuery } from 'mongoose';
import type { RequestBody, RequestParams, Schemas } from '../../contract.js';
import { HttpError, badRequest } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { eventHours } from './india-time.js';
import { EventMails, signupMailKeys } from './mails.js';
import { eventMessages } from './messages.js';
import { activeKey, cancelledKey, reminderKinds, reminderLeadMs, type EventCheckIn, type Rsvp, type StoredEvent } from './model.js';
import { rsvpOfToken } from './rsvp-token.js';
import { SeatAllocator, type SeatDecision } from './seats.js';
import { shownStatus, toRsvpView } from './views.js';

type Counts = Schemas['EventCounts'];
/** How old an undecided sign-up, a cancellation or a decision without its mail is before the background upkeep sees to it. */
const leftOverMs = 30_000;
/** How far back the upkeep looks, and how often. */
const upkeepLooksBackMs = 2 * 24 * 60 * 60 * 1000;
const upkeepEveryMs = 60_000;
/** Mails of one burst of decisions queued at once. */
const mailsAtOnce = 8;
const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Trimmed and lower-cased: how a supporter's address is kept and found. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface SignupOutcome {
  /** False when the address had signed up already (nothing changed). */
  created: boolean;
  rsvp: Rsvp;
  event: StoredEvent;
  position: number | null;
}

export class EventSignups {
  readonly seats: SeatAllocator;
  readonly mails: EventMails;
  private lastUpkeep = 0;

  constructor(private readonly services: Services) {
    this.mails = new EventMails(services);
    this.seats = new SeatAllocator(services, (decisions, event) => this.followUp(decisions, event));
  }

  /** The reminders of the places confirmed, and each person's mail: a place, a place come free, or the waiting list. */
  private async followUp(decisions: SeatDecision[], event: StoredEvent) {
    await this.scheduleReminders(
      decisions.filter((decision) => decision.status === 'confirmed').map((decision) => decision.rsvp),
      event,
    );
    // A few at a time: a burst of sign-ups must not hold every connection of the pool.
    for (let start = 0; start < decisions.length; start += mailsAtOnce) {
      await Promise.all(
        decisions.slice(start, start + mailsAtOnce).map(({ rsvp, was, status, position }) => {
          if (status === 'confirmed') return this.mails.confirmed(rsvp, event, was === 'waitlisted');
          return was === 'pending' ? this.mails.waitlisted(rsvp, event, position) : undefined;
        }),
      );
    }
  }

  private get models() {
    return this.services.db.models;
  }

  /** Why the event takes no sign-up now (409), or nothing. */
  closedReason(event: StoredEvent): string | null {
    const now = this.services.clock();
    if (event.status === 'cancelled') return eventMessages.signupCancelled;
    if (event.starts_at <= now) return eventMessages.signupStarted;
    if (event.signup_deadline && event.signup_deadline <= now) return eventMessages.signupClosed;
    return null;
  }

  /**
   * Signs up one person, answering once their sign-up is decided. `id` is derived from the
   * request's Idempotency-Key when it has one, so a request carried out again finds its sign-up.
   */
  async signUp(input: Omit<RequestBody<'saveRsvp'>, 'website' | 'elapsed_ms'>, lang: 'en' | 'hi', id: Types.ObjectId): Promise<SignupOutcome> {
    const { Event, Rsvp } = this.models;
    const event = await Event.findById(input.event_id).lean<StoredEvent>();
    if (!event || event.status === 'draft') throw new HttpError(404, eventMessages.notFound);
    const seats = input.seats ?? 1;
    const limit = Math.min(event.seats_limit, event.capacity ?? event.seats_limit);
    if (seats > limit) throw badRequest(eventMessages.tooManySeats(limit), [{ field: 'seats', message: `seats must be at most ${limit}` }]);

    const email = normaliseEmail(input.email);
    // Found by its id: this very request was carried out before (its answer was lost).
    let rsvp = await Rsvp.findById(id).lean<Rsvp>();
    let created = rsvp !== null;
    if (!rsvp) {
      const closed = this.closedReason(event);
      if (closed) throw new HttpError(409, closed);
      const fields = {
        _id: id,
        event: event._id,
        email,
        key: activeKey(event._id, email),
        name: input.name,
        mobile: input.mobile ?? '',
        seats,
        lang,
        status: 'pending' as const,
        order: 0,
      };
      rsvp = await this.insertSignup(fields);
      created = rsvp._id.equals(id);
    }
    if (rsvp.status === 'pending') {
      await this.seats.settle(event._id, rsvp._id);
      rsvp = (await Rsvp.findById(rsvp._id).lean<Rsvp>())!;
    }
    return { created, rsvp, event, position: await this.position(rsvp) };
  }

  /**
   * Inserts the sign-up; the unique key (event and address) answers the one there already. A
   * sign-up cancelled since keeps the key until the allocator moves it: moved here, so the address
   * may sign up again.
   */
  private async insertSignup(fields: Partial<Rsvp> & { key: string }): Promise<Rsvp> {
    const { Rsvp, RsvpCancellation } = this.models;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return (await Rsvp.create(fields)).toObject<Rsvp>();
      } catch (error) {
        if (!isDuplicate(error)) throw error;
      }
      const existing = await Rsvp.findOne({ key: fields.key }).lean<Rsvp>();
      if (!existing) continue;
      if (!(await RsvpCancellation.exists({ _id: existing._id }))) return existing;
      await Rsvp.updateOne({ _id: existing._id }, { $set: { key: cancelledKey(existing), status: 'cancelled' } });
    }
    throw new HttpError(503, eventMessages.busy, { headers: { 'Retry-After': '2' } });
  }

  /** The place on the waiting list (1 for the next in line), or null unless waitlisted. */
  async position(rsvp: Rsvp): Promise<number | null> {
    if (shownStatus(rsvp) !== 'waitlisted') return null;
    if (!rsvp.order) return (await this.models.Rsvp.countDocuments({ event: rsvp.event, status: 'waitlisted' })) + 1;
    return (await this.models.Rsvp.countDocuments({ event: rsvp.event, status: 'waitlisted', order: { $lt: rsvp.order } })) + 1;
  }

  /**
   * Cancels a sign-up and gives its places to the first on the waiting list who fits (mailed as
   * they are confirmed), and tells the person. Cancelling again changes nothing. 409 once the
   * event has started (the list of the day stays as it was).
   */
  async cancel(rsvpId: Types.ObjectId | string, by: 'person' | 'admin'): Promise<{ rsvp: Rsvp; event: StoredEvent }> {
    const { Event, Rsvp, RsvpCancellation } = this.models;
    const rsvp = Types.ObjectId.isValid(rsvpId) ? await Rsvp.findById(rsvpId).lean<Rsvp>() : null;
    if (!rsvp) throw new HttpError(404, by === 'person' ? eventMessages.linkNotValid : eventMessages.rsvpNotFound);
    const event = (await Event.findById(rsvp.event).lean<StoredEvent>())!;
    const already = await RsvpCancellation.findById(rsvp._id).lean();
    if (!already) {
      if (event.starts_at <= this.services.clock()) throw new HttpError(409, eventMessages.cancelStarted);
      try {
        await RsvpCancellation.create({ _id: rsvp._id, event: rsvp.event, by, at: this.services.clock() });
      } catch (error) {
        if (!isDuplicate(error)) throw error;
      }
      await this.mails.rsvpCancelled(rsvp, event);
    }
    // Until a run saw it, the places are not free: the answer waits for one.
    await this.seats.settle(event._id);
    return { rsvp: (await Rsvp.findById(rsvp._id).lean<Rsvp>())!, event };
  }

  /**
   * What an instance that stopped mid-way left undone, a while after: sign-ups still pending and
   * cancellations whose places were not given on are decided, and decisions without their mail
   * (and reminders) followed up. At most once a minute per instance.
   */
  async upkeep() {
    if (Date.now() - this.lastUpkeep < upkeepEveryMs) return;
    this.lastUpkeep = Date.now();
    const { Rsvp, RsvpCancellation, OutboxMail } = this.models;
    // The database's own times (createdAt, updatedAt), so the real clock.
    const before = new Date(Date.now() - leftOverMs);
    const since = new Date(Date.now() - upkeepLooksBackMs);
    const cancelled = await RsvpCancellation.find({ at: { $lte: before, $gt: since } }, { _id: 1 }).lean();
    const undecided = await Rsvp.find(
      {
        $or: [
          { status: 'pending', createdAt: { $lte: before } },
          { _id: { $in: cancelled.map((row) => row._id) }, status: { $ne: 'cancelled' } },
        ],
      },
      { event: 1 },
    ).lean<Pick<Rsvp, 'event'>[]>();
    for (const event of new Set(undecided.map((rsvp) => rsvp.event.toHexString()))) await this.seats.settle(new Types.ObjectId(event));

    const decided = await Rsvp.find({ status: { $in: ['confirmed', 'waitlisted'] }, updatedAt: { $gt: since, $lte: before } }).lean<Rsvp[]>();
    if (!decided.length) return;
    const keys = decided.flatMap((rsvp) => Object.values(signupMailKeys(rsvp._id.toHexString())));
    const queued = new Set((await OutboxMail.find({ key: { $in: keys } }, { key: 1 }).lean()).map((mail) => mail.key));
    const byEvent = new Map<string, SeatDecision[]>();
    for (const rsvp of decided) {
      const key = signupMailKeys(rsvp._id.toHexString());
      if (queued.has(key.confirmed) || (rsvp.status === 'waitlisted' && queued.has(key.waitlisted))) continue;
      const was = queued.has(key.waitlisted) ? 'waitlisted' : 'pending';
      const decision = { rsvp, was, status: rsvp.status as SeatDecision['status'], position: (await this.position(rsvp)) ?? 0 } satisfies SeatDecision;
      byEvent.set(rsvp.event.toHexString(), [...(byEvent.get(rsvp.event.toHexString()) ?? []), decision]);
    }
    for (const [id, decisions] of byEvent) {
      const event = await this.models.Event.findById(id).lean<StoredEvent>();
      if (event) await this.followUp(decisions, event);
    }
  }

  /** The sign-up a cancellation link names (404 for a forged or altered one). */
  async cancelByToken(token: string) {
    const id = rsvpOfToken(this.services.config.jwtSecret, token);
    if (!id) throw new HttpError(404, eventMessages.linkNotValid);
    return this.cancel(id, 'person');
  }

  /** A reminder a day and two hours before, for the times still ahead (a late sign-up gets no reminder whose time has passed). */
  async scheduleReminders(rsvps: Pick<Rsvp, '_id'>[], event: StoredEvent) {
    const now = this.services.clock().getTime();
    const jobs = rsvps.flatMap((rsvp) =>
      reminderKinds
        .map((kind) => ({
          rsvp: rsvp._id,
          event: event._id,
          kind,
          startsAt: event.starts_at,
          due: new Date(event.starts_at.getTime() - reminderLeadMs[kind]),
          state: 'due',
        }))
        .filter((job) => job.due.getTime() > now),
    );
    if (!jobs.length) return;
    await this.models.EventReminder.insertMany(jobs, { ordered: false }).catch((error: unknown) => {
      // The ones made already (a run repeated) stay as they are.
      const written = (error as { writeErrors?: { code?: number; err?: { code?: number } }[] }).writeErrors;
      if (!written?.every((failure) => (failure.code ?? failure.err?.code) === 11000)) throw error;
    });
  }

  async checkIn(rsvpId: string, by: string): Promise<Rsvp> {
    const { Event, Rsvp, EventCheckIn } = this.models;
    const rsvp = await Rsvp.findById(rsvpId).lean<Rsvp>();
    if (!rsvp) throw new HttpError(404, eventMessages.rsvpNotFound);
    if (rsvp.status === 'cancelled' || (await this.models.RsvpCancellation.exists({ _id: rsvp._id })))
      throw new HttpError(409, eventMessages.cancelledNoCheckIn);
    const event = (await Event.findById(rsvp.event).lean<StoredEvent>())!;
    try {
      await EventCheckIn.create({
        rsvp: rsvp._id,
        event: rsvp.event,
        email: rsvp.email,
        seats: rsvp.seats,
        hours: eventHours(event.starts_at, event.ends_at),
        at: this.services.clock(),
        by,
      });
    } catch (error) {
      // Tapped twice, or on two phones: checked in once.
      if (!isDuplicate(error)) throw error;
    }
    return rsvp;
  }

  async undoCheckIn(rsvpId: string): Promise<Rsvp> {
    const rsvp = await this.models.Rsvp.findById(rsvpId).lean<Rsvp>();
    if (!rsvp) throw new HttpError(404, eventMessages.rsvpNotFound);
    await this.models.EventCheckIn.deleteOne({ rsvp: rsvp._id });
    return rsvp;
  }

  /** A sign-up as the admin's list shows it now. */
  async view(rsvp: Rsvp): Promise<Schemas['Rsvp']> {
    const checkIn = await this.models.EventCheckIn.findOne({ rsvp: rsvp._id }).lean<EventCheckIn>();
    return toRsvpView(rsvp, await this.position(rsvp), checkIn ?? undefined);
  }

  /** Each event's counts, for the admin's lists. */
  async counts(eventIds: Types.ObjectId[]): Promise<Map<string, Counts>> {
    const [rsvps, checkIns] = await Promise.all([
      this.models.Rsvp.find({ event: { $in: eventIds } }, { event: 1, status: 1, seats: 1 }).lean<Pick<Rsvp, 'event' | 'status' | 'seats'>[]>(),
      this.models.EventCheckIn.find({ event: { $in: eventIds } }, { event: 1, seats: 1 }).lean<Pick<EventCheckIn, 'event' | 'seats'>[]>(),
    ]);
    const counts = new Map<string, Counts>(
      eventIds.map((id) => [id.toHexString(), { confirmed: 0, waitlisted: 0, cancelled: 0, checked_in: 0, seats_confirmed: 0, seats_checked_in: 0 }]),
    );
    for (const rsvp of rsvps) {
      const count = counts.get(rsvp.event.toHexString())!;
      const status = shownStatus(rsvp);
      count[status] += 1;
      if (status === 'confirmed') count.seats_confirmed += rsvp.seats;
    }
    for (const checkIn of checkIns) {
      const count = counts.get(checkIn.event.toHexString())!;
      count.checked_in += 1;
      count.seats_checked_in += checkIn.seats;
    }
    return counts;
  }

  /**
   * The event's sign-ups in list order: confirmed ones, the waiting list in its order, then
   * cancelled ones, each by their place in line. Filtered by `q`, `status` and `checked_in`.
   */
  async list(event: StoredEvent, params: Omit<RequestParams<'listRsvps'>, 'event_id'>) {
    const { Rsvp, EventCheckIn } = this.models;
    const checkIns = await EventCheckIn.find({ event: event._id }).lean<EventCheckIn[]>();
    const checkedIn = new Map(checkIns.map((checkIn) => [checkIn.rsvp.toHexString(), checkIn]));
    const filter: FilterQuery<Rsvp> = { event: event._id };
    if (params.status === 'waitlisted') filter.status = { $in: ['waitlisted', 'pending'] };
    else if (params.status) filter.status = params.status;
    if (params.checked_in !== undefined) filter._id = { [params.checked_in ? '$in' : '$nin']: checkIns.map((checkIn) => checkIn.rsvp) };
    const words = params.q?.trim();
    if (words) filter.$or = ['name', 'email', 'mobile'].map((field) => ({ [field]: { $regex: escapeRegExp(words), $options: 'i' } }));
    const rank = { confirmed: 0, waitlisted: 1, pending: 1, cancelled: 2 };
    // One event's sign-ups are hundreds at most: sorted here, by status and then place in line.
    const all = (await Rsvp.find(filter).lean<Rsvp[]>()).sort(
      (a, b) => rank[a.status] - rank[b.status] || (a.order || Infinity) - (b.order || Infinity) || a.createdAt.getTime() - b.createdAt.getTime(),
    );
    const waitlist = (await Rsvp.find({ event: event._id, status: 'waitlisted' }, { _id: 1, order: 1 }).sort({ order: 1 }).lean<Rsvp[]>()).map((rsvp) =>
      rsvp._id.toHexString(),
    );
    const row = (rsvp: Rsvp) => {
      const place = waitlist.indexOf(rsvp._id.toHexString());
      return toRsvpView(rsvp, rsvp.status === 'waitlisted' && place >= 0 ? place + 1 : null, checkedIn.get(rsvp._id.toHexString()));
    };
    return { all: all.map(row), counts: (await this.counts([event._id])).get(event._id.toHexString())! };
  }
}
