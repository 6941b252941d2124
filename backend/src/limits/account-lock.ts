import type { Model } from 'mongoose';
import { AttemptCounter, secondsUntil, type LimitCount } from './counter.js';

/** Failures and locks of one account are remembered this long after the last of them. */
const memorySeconds = 24 * 60 * 60;
const longestLockSeconds = 24 * 60 * 60;

/**
 * Failed logins per account, from whatever address, as Payload's lockUntil: after `maxFailures`
 * the account is locked for `lockSeconds`, each further lock within a day twice as long. A
 * correct password is refused too while it lasts, and it ends by itself. Keyed by the e-mail
 * typed, known account or not, so a lock tells nothing about which accounts exist.
 */
export class AccountLock {
  private readonly failures: AttemptCounter;

  constructor(
    private readonly counts: Model<LimitCount>,
    private readonly maxFailures: number,
    private readonly lockSeconds: number,
  ) {
    this.failures = new AttemptCounter(counts, Number.MAX_SAFE_INTEGER, memorySeconds);
  }

  private key = (email: string) => `account|${email.trim().toLowerCase()}`;

  /** Seconds the account stays locked, or 0. */
  async lockedForSeconds(email: string, now = new Date()): Promise<number> {
    const entry = await this.counts.findById(this.key(email), { lockUntil: 1 }).lean();
    return entry?.lockUntil && entry.lockUntil > now ? secondsUntil(entry.lockUntil, now) : 0;
  }

  async recordFailure(email: string, now = new Date()): Promise<void> {
    const key = this.key(email);
    const count = await this.failures.record(key, now);
    if (count < this.maxFailures) return;
    const entry = await this.counts.findById(key, { locks: 1 }).lean();
    const locks = entry?.locks ?? 0;
    const lockUntil = new Date(now.getTime() + Math.min(longestLockSeconds, this.lockSeconds * 2 ** locks) * 1000);
    // Guarded by the count: of two failures that reach it together, one locks.
    await this.counts.updateOne(
      { _id: key, count },
      { $set: { count: 0, lockUntil, resetAt: new Date(lockUntil.getTime() + memorySeconds * 1000) }, $inc: { locks: 1 } },
    );
  }

  /** A correct password ends the memory of failures and locks. */
  async clear(email: string): Promise<void> {
    await this.failures.clear(this.key(email));
  }
}
