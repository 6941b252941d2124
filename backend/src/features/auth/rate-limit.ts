import { Schema, type Model } from 'mongoose';

/**
 * Failed logins per key (IP + e-mail) within a window, kept in the database so every backend
 * instance counts the same attempts. Plain documents with an expiry time, swept by hand:
 * FerretDB refuses TTL indexes ("Index option "expireAfterSeconds" is not implemented yet").
 */
export interface LoginAttempt {
  _id: string;
  count: number;
  resetAt: Date;
}

export const loginAttemptSchema = new Schema<LoginAttempt>(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    resetAt: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);

export class LoginRateLimit {
  constructor(
    private readonly attempts: Model<LoginAttempt>,
    private readonly maxAttempts: number,
    private readonly windowSeconds: number,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  async retryAfterSeconds(key: string, now = new Date()): Promise<number> {
    const entry = await this.attempts.findById(key).lean();
    if (!entry || entry.resetAt <= now || entry.count < this.maxAttempts) return 0;
    return Math.max(1, Math.ceil((entry.resetAt.getTime() - now.getTime()) / 1000));
  }

  async recordFailure(key: string, now = new Date()): Promise<void> {
    // Counting inside a live window is one atomic $inc; otherwise a new window starts.
    const counted = await this.attempts.updateOne({ _id: key, resetAt: { $gt: now } }, { $inc: { count: 1 } });
    if (counted.matchedCount === 0) {
      const resetAt = new Date(now.getTime() + this.windowSeconds * 1000);
      await this.attempts.updateOne({ _id: key }, { $set: { count: 1, resetAt } }, { upsert: true });
      await this.attempts.deleteMany({ resetAt: { $lte: now } });
    }
  }

  async clear(key: string): Promise<void> {
    await this.attempts.deleteOne({ _id: key });
  }
}
