import { Schema, type Model } from 'mongoose';

/**
 * Counts per key (a login's address and e-mail, an account, a form's sender) within a window,
 * kept in the database so every backend instance counts the same attempts. Plain documents with
 * an expiry time, swept by hand: FerretDB refuses TTL indexes.
 */
export interface LimitCount {
  _id: string;
  count: number;
  resetAt: Date;
  /** Account locks only: refused until then, and how many locks came before (the backoff). */
  lockUntil?: Date;
  locks?: number;
}

export const limitCountSchema = new Schema<LimitCount>(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    resetAt: { type: Date, required: true, index: true },
    lockUntil: { type: Date },
    locks: { type: Number },
  },
  { versionKey: false },
);

export const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** At most `max` counted attempts per key within `windowSeconds` of the first. */
export class AttemptCounter {
  constructor(
    private readonly counts: Model<LimitCount>,
    private readonly max: number,
    private readonly windowSeconds: number,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  async retryAfterSeconds(key: string, now = new Date()): Promise<number> {
    const entry = await this.counts.findById(key).lean();
    if (!entry || entry.resetAt <= now || entry.count < this.max) return 0;
    return secondsUntil(entry.resetAt, now);
  }

  /** Counts one attempt: one atomic $inc inside a live window, else a new window. Returns the count. */
  async record(key: string, now = new Date()): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const counted = await this.counts.findOneAndUpdate({ _id: key, resetAt: { $gt: now } }, { $inc: { count: 1 } }, { new: true }).lean();
      if (counted) return counted.count;
      const resetAt = new Date(now.getTime() + this.windowSeconds * 1000);
      try {
        await this.counts.updateOne({ _id: key }, { $set: { count: 1, resetAt, locks: 0 }, $unset: { lockUntil: 1 } }, { upsert: true });
        break;
      } catch (error) {
        // Another request opened the window at the same moment (FerretDB's upsert is read, then
        // insert): this one is counted in that window.
        if ((error as { code?: number }).code !== 11000 || attempt > 0) throw error;
      }
    }
    await this.counts.deleteMany({ resetAt: { $lte: now } });
    return 1;
  }

  async clear(key: string): Promise<void> {
    await this.counts.deleteOne({ _id: key });
  }
}
