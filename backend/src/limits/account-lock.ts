import type { Model } from 'mongoose';
import { AttemptSlots, type AttemptSlot, type Reservation } from './attempt-slots.js';

/** Failures and locks of one account are remembered this long after the last of them. */
const memorySeconds = 24 * 60 * 60;

/**
 * Logins per account, from whatever address, as Payload's lockUntil: each attempt is reserved
 * before its password is checked (attempt-slots.ts), and after `maxFailures` the account is
 * locked for `lockSeconds`, each further lock within a day twice as long. A correct password is
 * refused too while it lasts, and it ends by itself; a correct password or a password reset
 * through a valid link ends it at once. Keyed by the e-mail typed, known account or not, so a
 * lock tells nothing about which accounts exist.
 */
export class AccountLock {
  private readonly attempts: AttemptSlots;

  constructor(slots: Model<AttemptSlot>, maxFailures: number, lockSeconds: number) {
    this.attempts = new AttemptSlots(slots, { max: maxFailures, lockSeconds, doubling: true, memorySeconds });
  }

  private key = (email: string) => `account|${email.trim().toLowerCase()}`;

  /** Counts an attempt at the account before its password is checked, or refuses it while locked. */
  reserve(email: string, now = new Date()): Promise<Reservation> {
    return this.attempts.reserve(this.key(email), now);
  }

  /** Seconds the account stays locked, or 0. */
  lockedForSeconds(email: string, now = new Date()): Promise<number> {
    return this.attempts.refusedForSeconds(this.key(email), now);
  }

  /** A correct password, or a new one set through a valid link, ends the memory of failures and locks. */
  async clear(email: string): Promise<void> {
    await this.attempts.clear(this.key(email));
  }
}
