// Who gets a place at an event. Confirmed places never exceed the capacity: each place is a
// document whose _id is `<event>:<seat number>` (model.ts), so only as many can exist as there are
// numbers, whatever runs at once on however many instances; nothing is decided by counting and
// then writing. The order (first come, first served, and the waiting list in its order) comes
// from deciding one event's sign-ups in one place at a time: the instance holding the event's
// turn (invariants/claims.ts, Claims.serially). A turn that ran out while its holder still worked
// would let two decide at once: the seat numbers still hold the capacity, and the next run mends
// anything else.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Types } from 'mongoose';
import { HttpError } from '../../http/errors.js';
import { ClaimBusy } from '../../invariants/claims.js';
import type { Services } from '../../services.js';
import { eventMessages } from './messages.js';
import { cancelledKey, seatId, type EventSeat, type Rsvp, type RsvpCancellation, type StoredEvent } from './model.js';

/** A sign-up decided by a run: confirmed (first, or off the waiting list) or waitlisted at `position`. */
export interface SeatDecision {
  rsvp: Rsvp;
  was: Rsvp['status'];
  status: 'confirmed' | 'waitlisted';
  position: number;
}

/**
 * What follows decisions (the mails, the reminders): run after the event's turn is over, so the next
 * decisions need not wait for them, and before the sign-ups are answered. An instance that stops
 * before they are done leaves them to the background upkeep (signups.ts), which finds a decision
 * without its mail.
 */
export type FollowUp = (decisions: SeatDecision[], event: StoredEvent) => Promise<void>;

/** Longer than a run over a large event takes, so a live holder keeps its turn. */
const turnMs = 30_000;
/** How long a sign-up waits for its decision before it is told to send again. */
const settleTimeoutMs = 20_000;
/** Rounds over one event before a run ends its turn (each round decides every sign-up it sees). */
const maxRounds = 20;

const hex = (id: Types.ObjectId) => id.toHexString();

interface Waiter {
  /** The sign-up waiting for its decision; none: a change (a cancellation) waiting for a run that saw it. */
  rsvp?: string;
  /** The runs of this instance begun when it came: a later one saw its change. */
  after: number;
  deadline: number;
  resolve(): void;
  reject(error: unknown): void;
}

interface EventQueue {
  waiters: Waiter[];
  started: number;
  loop?: Promise<void>;
}

export class SeatAllocator {
  private readonly queues = new Map<string, EventQueue>();

  constructor(
    private readonly services: Services,
    private readonly followUp: FollowUp,
  ) {}

  /**
   * Resolves once the event's sign-ups were decided by a run that saw the caller's change: the
   * sign-up `rsvp` is confirmed or waitlisted (by this instance or another), or, without one,
   * this instance ran the event after the call. The requests of one instance share one loop per
   * event, which takes the event's turn when it is free and otherwise looks up their sign-ups.
   */
  settle(event: Types.ObjectId, rsvp?: Types.ObjectId): Promise<void> {
    const key = hex(event);
    let queue = this.queues.get(key);
    if (!queue) this.queues.set(key, (queue = { waiters: [], started: 0 }));
    const current = queue;
    const decided = new Promise<void>((resolve, reject) =>
      current.waiters.push({ rsvp: rsvp && hex(rsvp), after: current.started, deadline: Date.now() + settleTimeoutMs, resolve, reject }),
    );
    this.run(event, current);
    return decided;
  }

  private run(event: Types.ObjectId, queue: EventQueue) {
    queue.loop ??= this.drain(event, queue).finally(() => {
      queue.loop = undefined;
      // A waiter that came as the loop ended is served by a new one.
      if (queue.waiters.length) this.run(event, queue);
      else this.queues.delete(hex(event));
    });
  }

  /** Settles the waiters `done` picks with `outcome`, and keeps the others waiting. */
  private answer(queue: EventQueue, done: (waiter: Waiter) => boolean, outcome: (waiter: Waiter) => void) {
    const settled = queue.waiters.filter(done);
    queue.waiters = queue.waiters.filter((waiter) => !done(waiter));
    for (const waiter of settled) outcome(waiter);
  }

  private async drain(event: Types.ObjectId, queue: EventQueue): Promise<void> {
    const { Rsvp } = this.services.db.models;
    while (queue.waiters.length) {
      try {
        const decided = await this.services.claims
          .serially(
            `event-seats/${hex(event)}`,
            async () => {
              const run = ++queue.started;
              return { run, ...(await this.allocate(event)) };
            },
            { holdMs: turnMs, waitMs: 0 },
          )
          .catch((error: unknown) => {
            if (error instanceof ClaimBusy) return null;
            throw error;
          });
        if (decided) {
          // The turn is over for the next decisions while these are followed up; the answers wait for them.
          if (decided.event && decided.decisions.length) {
            await this.followUp(decided.decisions, decided.event).catch((error: unknown) =>
              this.services.logger.warn({ err: error, event: hex(event) }, 'the mails of sign-ups were left to the background upkeep'),
            );
          }
          this.answer(
            queue,
            (waiter) => waiter.after < decided.run,
            (waiter) => waiter.resolve(),
          );
          continue;
        }
        // Another instance is deciding: the sign-ups it decided are answered from the database.
        const asked = queue.waiters.flatMap((waiter) => (waiter.rsvp ? [waiter.rsvp] : []));
        if (asked.length) {
          const decided = new Set(
            (await Rsvp.find({ _id: { $in: asked }, status: { $ne: 'pending' } }, { _id: 1 }).lean<Pick<Rsvp, '_id'>[]>()).map((row) => hex(row._id)),
          );
          this.answer(
            queue,
            (waiter) => waiter.rsvp !== undefined && decided.has(waiter.rsvp),
            (waiter) => waiter.resolve(),
          );
        }
      } catch (error) {
        // The database went away: every waiter hears it (503), and sends again.
        this.answer(
          queue,
          () => true,
          (waiter) => waiter.reject(error),
        );
        return;
      }
      const now = Date.now();
      this.answer(
        queue,
        (waiter) => waiter.deadline < now,
        (waiter) => waiter.reject(new HttpError(503, eventMessages.busy, { headers: { 'Retry-After': '2' } })),
      );
      if (queue.waiters.length) await sleep(50 + Math.random() * 100);
    }
  }

  /**
   * Decides the event's sign-ups until a round changes nothing; raises the content version when
   * places changed. Answers the decisions, for their follow-ups.
   */
  async allocate(eventId: Types.ObjectId): Promise<{ decisions: SeatDecision[]; event: StoredEvent | null }> {
    const decisions = new Map<string, SeatDecision>();
    let event: StoredEvent | null = null;
    let changed = false;
    for (let round = 0; round < maxRounds; round++) {
      const outcome = await this.round(eventId);
      event = outcome.event;
      // A sign-up decided twice (waitlisted, then confirmed in a later round) follows up as its last decision, from where it began.
      for (const decision of outcome.decisions)
        decisions.set(hex(decision.rsvp._id), { ...decision, was: decisions.get(hex(decision.rsvp._id))?.was ?? decision.was });
      if (!outcome.changed) break;
      changed = true;
    }
    if (changed) await this.services.published.cache.bump();
    return { decisions: [...decisions.values()], event };
  }

  /**
   * One pass over the event: a cancellation's status written, places of sign-ups no longer
   * active freed, then each sign-up in line order (those already in line by their place, new
   * ones by arrival) confirmed when the lowest free seat numbers it needs can be inserted, else
   * waitlisted. A later, smaller sign-up may fit where an earlier one does not: the first who
   * fits is confirmed. The seats of a pass are inserted together.
   */
  private async round(eventId: Types.ObjectId): Promise<{ changed: boolean; decisions: SeatDecision[]; event: StoredEvent | null }> {
    const { Event, Rsvp, RsvpCancellation, EventSeat } = this.services.db.models;
    const event = await Event.findById(eventId).lean<StoredEvent>();
    if (!event) return { changed: false, decisions: [], event };
    const [signups, cancellations, seats, last] = await Promise.all([
      Rsvp.find({ event: eventId, status: { $ne: 'cancelled' } }).lean<Rsvp[]>(),
      RsvpCancellation.find({ event: eventId }).lean<RsvpCancellation[]>(),
      EventSeat.find({ event: eventId }).lean<EventSeat[]>(),
      Rsvp.findOne({ event: eventId }, { order: 1 }).sort({ order: -1 }).lean<Pick<Rsvp, 'order'>>(),
    ]);
    let changed = false;

    const cancelledAt = new Map(cancellations.map((cancellation) => [hex(cancellation._id), cancellation.at]));
    const nowCancelled = signups.filter((signup) => cancelledAt.has(hex(signup._id)));
    // One update at a time: FerretDB runs an update command of many statements far slower than as many single ones.
    for (const rsvp of nowCancelled) {
      await Rsvp.updateOne({ _id: rsvp._id }, { $set: { status: 'cancelled', cancelledAt: cancelledAt.get(hex(rsvp._id)), key: cancelledKey(rsvp) } });
      changed = true;
    }
    const active = signups.filter((signup) => !cancelledAt.has(hex(signup._id)));
    const activeIds = new Set(active.map((signup) => hex(signup._id)));
    const stale = seats.filter((seat) => !activeIds.has(hex(seat.rsvp)));
    if (stale.length) {
      await EventSeat.deleteMany({ _id: { $in: stale.map((seat) => seat._id) } });
      changed = true;
    }
    // A cancelled event confirms no one more.
    if (event.status === 'cancelled') return { changed, decisions: [], event };

    const held = new Map<string, number[]>();
    const taken = new Set<number>();
    for (const seat of seats.filter((candidate) => activeIds.has(hex(candidate.rsvp)))) {
      held.set(hex(seat.rsvp), [...(held.get(hex(seat.rsvp)) ?? []), seat.seat]);
      taken.add(seat.seat);
    }
    const byArrival = (a: Rsvp, b: Rsvp) => a.createdAt.getTime() - b.createdAt.getTime() || hex(a._id).localeCompare(hex(b._id));
    const line = [
      ...active.filter((signup) => signup.order > 0).sort((a, b) => a.order - b.order),
      ...active.filter((signup) => signup.order === 0).sort(byArrival),
    ];
    let nextOrder = (last?.order ?? 0) + 1;
    const capacity = event.capacity ?? Number.POSITIVE_INFINITY;

    // The pass decided in memory first: who gets which numbers, who waits.
    const plan: { rsvp: Rsvp; order: number; claim: number[]; release: number[]; fits: boolean }[] = [];
    for (const rsvp of line) {
      const order = rsvp.order || nextOrder++;
      const mine = held.get(hex(rsvp._id)) ?? [];
      const need = rsvp.seats - mine.length;
      const claim = need > 0 ? lowestFree(taken, capacity, need) : [];
      // A part held since a run that stopped half-way goes back when the rest is not free: all or nothing.
      const fits = claim.length === Math.max(0, need);
      const release = !fits ? mine : need < 0 ? [...mine].sort((a, b) => b - a).slice(0, -need) : [];
      if (fits) for (const seat of claim) taken.add(seat);
      for (const seat of release) taken.delete(seat);
      plan.push({ rsvp, order, claim: fits ? claim : [], release, fits });
    }

    const releases = plan.flatMap(({ rsvp, release }) => release.map((seat) => seatId(eventId, seat)).map((_id) => ({ _id, rsvp: rsvp._id })));
    if (releases.length) {
      await EventSeat.deleteMany({ $or: releases });
      changed = true;
    }
    const claims = plan.flatMap(({ rsvp, claim }) => claim.map((seat) => ({ _id: seatId(eventId, seat), event: eventId, seat, rsvp: rsvp._id })));
    // Numbers another run took in the meantime (only when a turn ran out): those sign-ups wait for the next pass.
    const refused = new Set<string>();
    if (claims.length) {
      try {
        await this.services.db.connection.db!.collection<EventSeat>(EventSeat.collection.collectionName).insertMany(claims, { ordered: false });
      } catch (error) {
        const failures = (error as { writeErrors?: { index: number; code?: number }[] }).writeErrors;
        if (!failures?.every((failure) => failure.code === 11000)) throw error;
        for (const failure of failures) refused.add(hex(claims[failure.index]!.rsvp));
      }
      changed = true;
    }

    const decisions: SeatDecision[] = [];
    let position = 0;
    for (const { rsvp, order, fits } of plan) {
      if (refused.has(hex(rsvp._id))) continue;
      const status = fits ? 'confirmed' : 'waitlisted';
      if (!fits) position += 1;
      if (rsvp.status === status && rsvp.order === order) continue;
      decisions.push({ rsvp: { ...rsvp, status, order }, was: rsvp.status, status, position });
    }
    const now = this.services.clock();
    for (const { rsvp, status } of decisions) {
      await Rsvp.updateOne(
        { _id: rsvp._id },
        { $set: { status, order: rsvp.order, ...(status === 'confirmed' ? { confirmedAt: rsvp.confirmedAt ?? now } : {}) } },
      );
      changed = true;
    }
    return { changed: changed || refused.size > 0, decisions, event };
  }
}

/** The `count` lowest seat numbers from 1 to `capacity` that no one holds (fewer when there are not as many). */
function lowestFree(taken: Set<number>, capacity: number, count: number): number[] {
  const free: number[] = [];
  for (let seat = 1; seat <= capacity && free.length < count; seat++) if (!taken.has(seat)) free.push(seat);
  return free;
}
