import { Schema, type Model } from 'mongoose';
import { insertOnce } from '../invariants/claims.js';
import { secondsUntil } from './counter.js';

/**
 * One attempt reserved before it is made (a login's password check): a numbered slot of its
 * key's current round, taken by insert into the unique _id (`<key>|<round>|<slot>`). A clear
 * marker (`<key>|<round>|clear`) starts a round afresh. Swept by hand: FerretDB has no TTL indexes.
 */
export interface AttemptSlot {
  _id: string;
  key: string;
  round: number;
  clear?: boolean;
  at: Date;
  expiresAt: Date;
}

export const attemptSlotSchema = new Schema<AttemptSlot>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true, index: true },
    round: { type: Number, required: true },
    clear: { type: Boolean },
    at: { type: Date, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);

export interface AttemptRules {
  /** Attempts per round; a full round refuses the next ones until its lock is over. */
  max: number;
  /** How long a full round refuses, from its last attempt. */
  lockSeconds: number;
  /** Each further full round since the last clear, within `memorySeconds`, locks twice as long (up to a day). */
  doubling: boolean;
  /** Attempts older than this are forgotten (counted from the newest). */
  memorySeconds: number;
}

export type Reservation = { kind: 'reserved' } | { kind: 'refused'; retryAfterSeconds: number };

const longestLockSeconds = 24 * 60 * 60;

/**
 * Attempts counted before they are made, so that N at once take at most `max` slots: of N
 * parallel guesses, `max` are checked and the rest refused. A count kept with `$inc` cannot do
 * it: FerretDB reads, then writes, so N requests at once all read the same count.
 */
export class AttemptSlots {
  private lastSweep = 0;
  constructor(
    private readonly slots: Model<AttemptSlot>,
    private readonly rules: AttemptRules,
  ) {}

  async reserve(key: string, now = new Date()): Promise<Reservation> {
    void this.sweep(now);
    for (let attempt = 0; attempt < 3; attempt++) {
      const rounds = await this.rounds(key, now);
      const { current, used } = rounds;
      let round = current;
      if (used(current) >= this.rules.max) {
        const lockedUntil = this.lockedUntil(rounds, now);
        if (lockedUntil > now) return { kind: 'refused', retryAfterSeconds: secondsUntil(lockedUntil, now) };
        round = current + 1;
      }
      for (let slot = round === current ? used(current) : 0; slot < this.rules.max; slot++) {
        const taken = await insertOnce(this.slots, {
          _id: `${key}|${round}|${slot}`,
          key,
          round,
          at: now,
          expiresAt: new Date(now.getTime() + this.rules.memorySeconds * 1000),
        });
        if (taken) return { kind: 'reserved' };
      }
    }
    // Every slot went to attempts at this same moment: this one is one too many.
    return { kind: 'refused', retryAfterSeconds: 1 };
  }

  /** Seconds the key is refused for now (0: an attempt would be reserved). */
  async refusedForSeconds(key: string, now = new Date()): Promise<number> {
    const rounds = await this.rounds(key, now);
    if (rounds.used(rounds.current) < this.rules.max) return 0;
    const lockedUntil = this.lockedUntil(rounds, now);
    return lockedUntil > now ? secondsUntil(lockedUntil, now) : 0;
  }

  /** Forgets the key's attempts and locks: a round starts afresh (a correct password, a password reset). */
  async clear(key: string, now = new Date()) {
    const { current } = await this.rounds(key, now);
    await insertOnce(this.slots, {
      _id: `${key}|${current + 1}|clear`,
      key,
      round: current + 1,
      clear: true,
      at: now,
      expiresAt: new Date(now.getTime() + this.rules.memorySeconds * 1000),
    });
  }

  /** The key's rounds as stored: the current one, the slots used in each and when its last was taken. */
  private async rounds(key: string, now: Date) {
    const stored = await this.slots.find({ key }).lean<AttemptSlot[]>();
    const current = stored.reduce((highest, slot) => Math.max(highest, slot.round), -1);
    const memoryStart = now.getTime() - this.rules.memorySeconds * 1000;
    // All forgotten: the next attempt opens a round after the ones still stored.
    const remembered = stored.some((slot) => slot.at.getTime() > memoryStart);
    const byRound = new Map<number, { used: number; last: number; clear: boolean }>();
    for (const slot of stored) {
      const round = byRound.get(slot.round) ?? { used: 0, last: 0, clear: false };
      if (slot.clear) round.clear = true;
      else round.used += 1;
      round.last = Math.max(round.last, slot.at.getTime());
      byRound.set(slot.round, round);
    }
    return {
      current: remembered ? current : current + 1,
      byRound,
      memoryStart,
      used: (round: number) => byRound.get(round)?.used ?? 0,
    };
  }

  /** When the full current round stops refusing: its last attempt plus the lock, doubled per full round before it since the last clear. */
  private lockedUntil({ current, byRound, memoryStart }: Awaited<ReturnType<AttemptSlots['rounds']>>, now: Date): Date {
    let locks = 0;
    for (let round = current; round >= 0; round--) {
      const stored = byRound.get(round);
      if (!stored || stored.last <= memoryStart) break;
      if (stored.used >= this.rules.max) locks += 1;
      if (stored.clear) break;
    }
    const seconds = this.rules.doubling ? Math.min(longestLockSeconds, this.rules.lockSeconds * 2 ** Math.max(0, locks - 1)) : this.rules.lockSeconds;
    const last = byRound.get(current)?.last ?? now.getTime();
    return new Date(last + seconds * 1000);
  }

  private async sweep(now: Date) {
    if (now.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = now.getTime();
    await this.slots.deleteMany({ expiresAt: { $lte: now } }).catch(() => undefined);
  }
}
