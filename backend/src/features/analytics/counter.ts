import { randomBytes } from 'node:crypto';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { PageViewCount } from './model.js';

/** The views refused on a day (the counter was full) are kept as a count of this path. */
export const droppedPath = '(dropped)';

export interface CounterBudget {
  /** How long views are added up before they are written. */
  flushMs: number;
  /** The most distinct counts kept unwritten (waiting, and in the batch being written). */
  maxPending: number;
  /** Counts per write at most; after a failed write the next ones take half as many, then grow back. */
  batchSize: number;
  /** A write that takes longer counts as failed (and is retried after a backoff), whatever the request timeouts. */
  writeTimeoutMs: number;
  maxBackoffMs: number;
  /** The least pause between two writes when more are waiting; at least three times as long as the last write took, so reads (of every instance) get the database most of the time. */
  batchGapMs: number;
}

export interface Count {
  day: string;
  path: string;
  referrer: string;
  views: number;
}
export interface Batch {
  seq: number;
  counts: Count[];
}

const keyOf = ({ day, path, referrer }: Omit<Count, 'views'>) => `${day}|${path}|${referrer}`;

/**
 * Page views added up in memory and written in the background, within a budget: batches of at
 * most `batchSize` counts, one write in flight, a timeout of its own, a backoff with jitter and
 * smaller writes after a failure, and a pause between writes three times as long as the last one.
 * Past `maxPending` distinct counts a view is refused (and counted as dropped) rather than kept:
 * a view is either written once or refused, never accepted and then lost. A batch is finished
 * before the next begins. Each instance writes counts of its own (FerretDB loses concurrent
 * updates of one document), each recording the last batch it holds, so a part written twice (its
 * answer lost to a timeout) is counted once.
 */
export class PageViewCounter {
  private pending = new Map<string, Count>();
  private batch: Batch | undefined;
  private writing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private nextAttemptAt = 0;
  private seq = 0;
  /** Counts per write now: batchSize, halved after a failure, grown back after successes. */
  private size: number;
  /** This instance (process): its counts are documents of its own, and its batches are numbered. */
  private readonly instance = randomBytes(6).toString('hex');

  constructor(
    private readonly counts: Model<PageViewCount>,
    private readonly logger: Logger,
    private readonly budget: CounterBudget,
  ) {
    this.size = budget.batchSize;
  }

  /** Counts one view; false when the counter is full: the view is refused and counted as dropped. */
  add(day: string, path: string, referrer: string): boolean {
    if (!this.addTo({ day, path, referrer }, true)) return this.drop(day);
    this.schedule(this.budget.flushMs);
    return true;
  }

  /** Counts a view that was refused (always false, for the caller to pass on). */
  drop(day: string): false {
    this.addTo({ day, path: droppedPath, referrer: '' }, false);
    this.schedule(this.budget.flushMs);
    return false;
  }

  /** Seconds until the next write is tried: when a refused view may be sent again. */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((Math.max(this.nextAttemptAt, Date.now() + this.budget.flushMs) - Date.now()) / 1000));
  }

  /** Views kept in memory, not yet written. */
  unwritten(): number {
    return [...this.pending.values(), ...(this.batch?.counts ?? [])].reduce((sum, count) => sum + count.views, 0);
  }

  /** Writes everything now, batch after batch (on shutdown); stops at the first failure. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (;;) {
      if (this.writing) await this.writing;
      if (!this.batch && !this.pending.size) return;
      const failuresBefore = this.failures;
      this.startWrite();
      await this.writing;
      if (this.failures > failuresBefore) return;
    }
  }

  /** Adds a view to its count; a new count needs room, except the day's one count of dropped views. */
  private addTo(where: Omit<Count, 'views'>, needsRoom: boolean): boolean {
    const key = keyOf(where);
    const count = this.pending.get(key);
    if (count) {
      count.views += 1;
      return true;
    }
    if (needsRoom && this.pending.size + (this.batch?.counts.length ?? 0) >= this.budget.maxPending) return false;
    this.pending.set(key, { ...where, views: 1 });
    return true;
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.writing || (!this.batch && !this.pending.size)) return;
    const delay = Math.max(delayMs, this.nextAttemptAt - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.startWrite();
    }, delay).unref();
  }

  private takeBatch(): Batch | undefined {
    if (!this.pending.size) return undefined;
    const counts: Count[] = [];
    for (const [key, count] of this.pending) {
      if (counts.length >= this.budget.batchSize) break;
      counts.push(count);
      this.pending.delete(key);
    }
    return { seq: ++this.seq, counts };
  }

  private startWrite(): void {
    if (this.writing) return;
    const batch = (this.batch ??= this.takeBatch());
    if (!batch) return;
    // A part of the batch, under the batch's number: written again, it still counts once.
    const part: Batch = { seq: batch.seq, counts: batch.counts.slice(0, this.size) };
    const started = Date.now();
    let timedOut = false;
    const timeout = setTimeout(() => {
      timedOut = true;
      this.failed(part, new Error(`the write took longer than ${this.budget.writeTimeoutMs} ms`));
    }, this.budget.writeTimeoutMs);
    // The write stays "in flight" until the database answers, even after its timeout: never two at once.
    this.writing = writeBatch(this.counts, this.instance, part)
      .then(
        () => this.written(batch, part, Date.now() - started, timedOut),
        (error: unknown) => {
          if (!timedOut) this.failed(part, error);
        },
      )
      .finally(() => {
        clearTimeout(timeout);
        this.writing = undefined;
        this.schedule(0);
      });
  }

  private written(batch: Batch, part: Batch, tookMs: number, late: boolean): void {
    batch.counts = batch.counts.slice(part.counts.length);
    if (!batch.counts.length && this.batch === batch) this.batch = undefined;
    if (late) return; // its timeout already set the backoff
    this.failures = 0;
    this.size = Math.min(this.budget.batchSize, this.size + Math.ceil(this.size / 4));
    const more = Boolean(this.batch) || this.pending.size >= this.budget.batchSize;
    this.nextAttemptAt = Date.now() + (more ? Math.max(this.budget.batchGapMs, 3 * tookMs) : this.budget.flushMs);
  }

  private failed(batch: Batch, error: unknown): void {
    this.failures += 1;
    this.size = Math.max(5, Math.floor(this.size / 2));
    const backoff = Math.min(this.budget.maxBackoffMs, this.budget.flushMs * 2 ** (this.failures - 1));
    this.nextAttemptAt = Date.now() + backoff * (0.5 + Math.random() / 2);
    this.logger.warn(
      { err: error, counts: batch.counts.length, failures: this.failures },
      'could not write page view counts; trying the same batch again later',
    );
  }
}

/**
 * One statement per database command, a few commands at once. FerretDB 1.24 on PostgreSQL holds a
 * pooled connection per statement of an update command until the command ends, and one command
 * of eight statements from each of a handful of writers takes its whole pool (50) and stalls
 * every read for minutes; single statements never hold more than two.
 */
const commandsAtOnce = 3;

/**
 * Writes (part of) one batch of an instance: each count exists (created at 0), then gets its
 * views only where this batch is not yet recorded, so writing it again (its answer was lost) adds
 * nothing, whichever of its counts were written before.
 */
export async function writeBatch(counts: Model<PageViewCount>, instance: string, { seq, counts: batch }: Batch): Promise<void> {
  let next = 0;
  const writeNext = async (): Promise<void> => {
    for (let count = batch[next++]; count; count = batch[next++]) {
      const { day, path, referrer, views } = count;
      const _id = `${keyOf(count)}|${instance}`;
      await counts.updateOne({ _id }, { $setOnInsert: { day, path, referrer, views: 0, batch: 0 } }, { upsert: true });
      await counts.updateOne({ _id, batch: { $lt: seq } }, { $inc: { views }, $set: { batch: seq } });
    }
  };
  // Settled, not raced: a failure answers only once every command of the part has ended.
  const ended = await Promise.allSettled(Array.from({ length: Math.min(commandsAtOnce, batch.length) }, writeNext));
  const failure = ended.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
