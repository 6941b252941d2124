import type { Model } from 'mongoose';
import type { BulkSlot } from './bulk-model.js';

/** How far ahead a sender may book a moment: beyond it, it waits rather than queue up in the future. */
const lookAheadMs = 3000;
const sweepEveryMs = 60_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * The rate of bulk mail over every instance together. A minute is cut into `perMinute` moments,
 * numbered from the epoch; each mail first books one by inserting its number (the unique _id
 * gives each moment to one sender), then waits for it. Moments nobody booked in time pass
 * unused, so the rate never goes over the setting, and reaches it while senders keep up.
 */
export class Pace {
  private next = 0;
  private rate = 0;
  private lastSweep = 0;

  constructor(
    private readonly slots: Model<BulkSlot>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves at this sender's moment (at once without a rate); false when `signal` aborted first. */
  async take(perMinute: number, signal: AbortSignal): Promise<boolean> {
    if (!perMinute) return !signal.aborted;
    const interval = 60_000 / perMinute;
    // Moments are numbered per rate: a new rate starts afresh.
    if (perMinute !== this.rate) [this.rate, this.next] = [perMinute, 0];
    await this.sweep();
    while (!signal.aborted) {
      const now = this.now();
      const slot = Math.max(Math.floor(now / interval), this.next);
      const at = slot * interval;
      if (at - now > lookAheadMs) {
        await sleep(Math.min(1000, at - now - lookAheadMs), signal);
        continue;
      }
      this.next = slot + 1;
      try {
        await this.slots.create({ _id: `${perMinute}:${slot}`, at: new Date(at) });
      } catch (error) {
        if ((error as { code?: number }).code === 11000) continue;
        throw error;
      }
      await sleep(at - this.now(), signal);
      return !signal.aborted;
    }
    return false;
  }

  /** Moments long past are let go. */
  private async sweep() {
    const now = this.now();
    if (now - this.lastSweep < sweepEveryMs) return;
    this.lastSweep = now;
    await this.slots.deleteMany({ at: { $lt: new Date(now - sweepEveryMs) } });
  }
}
