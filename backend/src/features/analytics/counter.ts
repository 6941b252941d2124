import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { PageViewCount } from './model.js';

/**
 * Page views are added up in memory and written in one batch every `flushMs`, so a beacon is
 * answered at once and the public reads never wait behind a write per view. A batch that cannot
 * be written (the database away) is kept and tried again with the next one; past `maxKeys`
 * distinct counts new ones are dropped rather than let memory grow without bound.
 */
export class PageViewCounter {
  private pending = new Map<string, { day: string; path: string; referrer: string; views: number }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly counts: Model<PageViewCount>,
    private readonly logger: Logger,
    private readonly flushMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  add(day: string, path: string, referrer: string, views = 1) {
    const key = `${day}|${path}|${referrer}`;
    const entry = this.pending.get(key);
    if (entry) entry.views += views;
    else if (this.pending.size < this.maxKeys) this.pending.set(key, { day, path, referrer, views });
    else return;
    // The timer runs only while there is something to write, so an idle app holds no timer.
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Writes what has been counted so far (also on shutdown). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.counts
      .bulkWrite(
        [...batch].map(([_id, { day, path, referrer, views }]) => ({
          updateOne: { filter: { _id }, update: { $inc: { views }, $setOnInsert: { day, path, referrer } }, upsert: true },
        })),
        { ordered: false },
      )
      .then(() => undefined)
      .catch((error: unknown) => {
        this.logger.warn({ err: error, counts: batch.size }, 'could not write page view counts; keeping them for the next batch');
        for (const { day, path, referrer, views } of batch.values()) this.add(day, path, referrer, views);
      });
    await this.flushing;
    this.flushing = undefined;
  }
}
