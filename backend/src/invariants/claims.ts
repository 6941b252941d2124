// What must hold across instances is decided by inserting a document whose unique _id names the
// thing claimed: of two writers, the one whose insert meets the duplicate key (11000) lost. FerretDB
// runs `$inc`, conditional updates and upserts as a read, then a write, so they cannot decide.
import { Schema, type Model, type RootFilterQuery, type UpdateQuery } from 'mongoose';

export interface Claim {
  /** What was claimed: `posts/<id>@7` (saving version 7 of that post), `admins#12` (a turn). */
  _id: string;
  /** Until then its writer is at work; an undone claim past it was left by an instance that died. */
  until: Date;
  /** Set by its writer once the claimed write is made. */
  done?: boolean;
  /** The claims of one thing in order (a version's steps, a serial's turns): `posts/<id>` and 7. */
  item?: string;
  step?: number;
  /** When the claim may be forgotten (null: kept until a later step replaces it). */
  expiresAt: Date | null;
}

export const claimSchema = new Schema<Claim>(
  {
    _id: { type: String, required: true },
    until: { type: Date, required: true },
    done: { type: Boolean },
    item: { type: String },
    step: { type: Number },
    // Swept by hand: FerretDB has no TTL indexes.
    expiresAt: { type: Date, default: null, index: true },
  },
  { versionKey: false },
);
claimSchema.index({ item: 1, step: -1 });

export const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/** Inserts `doc`: true when this insert made it, false when its unique key was already taken. */
export async function insertOnce<T>(model: Model<T>, doc: Partial<T>): Promise<boolean> {
  try {
    await model.create(doc);
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/**
 * An upsert that holds with two writers: FerretDB's is a read, then an insert, so the second of
 * two first writes meets the first one's key. It is then an update of the document now there.
 */
export async function upsert<T>(model: Model<T>, filter: RootFilterQuery<T>, update: UpdateQuery<T>): Promise<void> {
  try {
    await model.updateOne(filter, update, { upsert: true });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    await model.updateOne(filter, update);
  }
}

/**
 * Reads until `settled` holds, or `waitMs` passed: a writer that lost a claim waits for the
 * winner's write, so that its answer (a 409) names what the winner saved.
 */
export async function readWhenSettled<T>(read: () => Promise<T>, settled: (value: T) => boolean, waitMs = 3000): Promise<T> {
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    const value = await read();
    if (settled(value) || Date.now() >= giveUpAt) return value;
    await pause(50);
  }
}

/** A serial's turn stayed taken longer than the wait: its writer is slow, or died moments ago. */
export class ClaimBusy extends Error {}

/** How long a claimed write may take; its writer's database calls are bounded far below it. */
const defaultHoldMs = 15_000;
/** How long a claim is remembered: long after any writer that read the state before it is done. */
const rememberMs = 24 * 60 * 60 * 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Claims {
  private lastSweep = 0;
  constructor(
    private readonly claims: Model<Claim>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Claims `key` for `holdMs`: true when this writer holds it now, false when another one took it first. */
  async take(key: string, { holdMs = defaultHoldMs, item, step, keep = false }: { holdMs?: number; item?: string; step?: number; keep?: boolean } = {}) {
    const now = this.clock();
    void this.sweep(now);
    const claim: Claim = { _id: key, until: new Date(now.getTime() + holdMs), expiresAt: keep ? null : new Date(now.getTime() + rememberMs) };
    if (item !== undefined) Object.assign(claim, { item, step });
    return insertOnce(this.claims, claim);
  }

  /** Marks a claimed write as made (an undone claim past its hold is stepped over). */
  async done(key: string) {
    await this.claims.updateOne({ _id: key }, { $set: { done: true } });
  }

  /** Lets a claim go: its write was not made, and the next writer may take the same step at once. */
  async release(key: string) {
    await this.claims.deleteOne({ _id: key });
  }

  /**
   * Claims the next version of `item` after `from` and makes `write(version)` with it. The claim is
   * marked done once the write is made, and let go when it fails (a refused image, a version that
   * moved on), so the next writer at `from` is not held up; the write's own version check makes
   * that safe even if the database finishes it later. Null when another writer took the step.
   */
  async writeNextVersion<T>(item: string, from: number, write: (version: number) => Promise<T>): Promise<{ written: T } | null> {
    const version = await this.nextVersion(item, from);
    if (version === null) return null;
    const key = `${item}@${version}`;
    let written: T;
    try {
      written = await write(version);
    } catch (error) {
      await this.release(key).catch(() => undefined);
      throw error;
    }
    await this.done(key);
    return { written };
  }

  /**
   * Claims the step of `item` from version `from` to the next: the version that this writer, and
   * only this one, may now write (with the version check in its write too). Null when another
   * writer took that step. A step whose writer died before writing is stepped over, so the
   * version may skip a number; it never repeats one.
   */
  async nextVersion(item: string, from: number, holdMs = defaultHoldMs): Promise<number | null> {
    for (let version = from + 1; ; version++) {
      const key = `${item}@${version}`;
      if (await this.take(key, { holdMs })) return version;
      const held = await this.claims.findById(key).lean<Claim>();
      // Swept between the insert and this read: try the same step again.
      if (!held) version -= 1;
      else if (held.done || held.until > this.clock()) return null;
    }
  }

  /**
   * Runs `work` while holding `item`'s turn: one writer at a time across instances, each seeing
   * what the turns before it wrote. A turn left undone by an instance that died is over after
   * `holdMs`; waiting longer than `waitMs` on one turn throws ClaimBusy.
   */
  async serially<T>(item: string, work: () => Promise<T>, { holdMs = 10_000, waitMs }: { holdMs?: number; waitMs?: number } = {}): Promise<T> {
    let waitingOn: number | undefined;
    let giveUpAt = 0;
    for (;;) {
      const last = await this.claims.findOne({ item }).sort({ step: -1 }).lean<Claim>();
      if (last && !last.done && last.until > this.clock()) {
        // Each turn gets its own wait: a queue of writers moving on is not a busy one.
        if (last.step !== waitingOn) [waitingOn, giveUpAt] = [last.step, Date.now() + (waitMs ?? holdMs + 1000)];
        if (Date.now() > giveUpAt) throw new ClaimBusy(`${item} is busy`);
        await pause(20 + Math.random() * 30);
        continue;
      }
      const step = (last?.step ?? 0) + 1;
      const key = `${item}#${step}`;
      if (!(await this.take(key, { holdMs, item, step }))) continue;
      try {
        return await work();
      } finally {
        await this.done(key).catch(() => undefined);
      }
    }
  }

  /** The highest step claimed of `item`, or undefined when none is. */
  async lastStep(item: string): Promise<number | undefined> {
    return (await this.claims.findOne({ item }, { step: 1 }).sort({ step: -1 }).lean<Claim>())?.step;
  }

  /** Forgets the steps of `item` more than `keep` below `step` (claimed longer ago than any writer waits). */
  async forgetBelow(item: string, step: number, keep: number) {
    await this.claims.deleteMany({ item, step: { $lt: step - keep }, until: { $lt: new Date(this.clock().getTime() - 60_000) } });
  }

  private async sweep(now: Date) {
    if (now.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = now.getTime();
    await this.claims.deleteMany({ expiresAt: { $ne: null, $lte: now } }).catch(() => undefined);
  }
}

/** How many of a rising number's last steps stay in the database (the rest are forgotten). */
const keptSteps = 50;

/**
 * A number that only rises, across instances (the published-content version): each raise claims
 * the next step of `item` by insert, and the number is the highest step claimed. `start` is what
 * it was before any step (a number kept elsewhere by an older version of the site).
 */
export class RisingNumber {
  constructor(
    private readonly claims: Claims,
    private readonly item: string,
    private readonly start: () => Promise<number> = async () => 0,
  ) {}

  async current(): Promise<number> {
    return (await this.claims.lastStep(this.item)) ?? (await this.start());
  }

  /** Raises the number past every value read before, and past `atLeast`; answers the new one. */
  async raise(atLeast = 0): Promise<number> {
    // Each lost insert means another raise took that step, so the loop ends within as many
    // attempts as raises are running at this moment.
    for (let attempt = 0; attempt < 1000; attempt++) {
      const next = Math.max((await this.current()) + 1, atLeast);
      if (await this.claims.take(`${this.item}@${next}`, { holdMs: 0, item: this.item, step: next, keep: true })) {
        await this.claims.forgetBelow(this.item, next, keptSteps).catch(() => undefined);
        return next;
      }
    }
    throw new Error(`${this.item} could not be raised after 1000 attempts`);
  }
}
