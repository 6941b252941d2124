import type { Logger } from 'pino';

export interface WorkerOptions {
  name: string;
  logger: Logger;
  /** How often an idle worker looks for work (other instances may have queued some). */
  pollMs: number;
  /** The longest one run may take: its signal aborts then. */
  runTimeoutMs: number;
  /** After a run that failed (the database away), the wait doubles from `pollMs` up to this. */
  maxBackoffMs: number;
  /**
   * One bounded batch of work. 'more': the batch was full, run again soon; 'idle': nothing
   * left, wait for the next poll or wake().
   */
  run: (signal: AbortSignal) => Promise<'more' | 'idle'>;
}

/**
 * The requests an instance is answering, as background work sees them (the app's Lifecycle): a
 * quiet moment comes when none was answered lately, or after `maxWaitMs` at the latest.
 */
export interface RequestLoad {
  quietMoment(maxWaitMs: number, signal?: AbortSignal): Promise<void>;
}

/** A wait of `ms` give or take a quarter, so instances started together do not run in step. */
const jittered = (ms: number) => Math.round(ms * (0.75 + Math.random() * 0.5));

/**
 * Background work with a budget: at most one run in flight per instance, each run bounded by a
 * timeout, a backoff with jitter after failures, and a short pause between full batches so the
 * requests this instance serves are never starved. Timers do not keep the process alive.
 */
export class BackgroundWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private controller: AbortController | undefined;
  private wokenWhileRunning = false;
  private failures = 0;
  private stopped = true;

  constructor(private readonly options: WorkerOptions) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(jittered(Math.min(this.options.pollMs, 1000)));
  }

  /** Runs as soon as the current run (if any) is over: new work was queued here. */
  wake() {
    if (this.stopped) return;
    if (this.running) this.wokenWhileRunning = true;
    else this.schedule(0);
  }

  /** Stops polling and waits for the run in flight, which is told to stop at once. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.controller?.abort(new Error(`${this.options.name} is stopping`));
    await this.running;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.runOnce(), ms).unref();
  }

  private async runOnce() {
    if (this.stopped || this.running) return;
    const { name, logger, pollMs, runTimeoutMs, maxBackoffMs, run } = this.options;
    this.controller = new AbortController();
    const timeout = setTimeout(() => this.controller?.abort(new Error(`${name} ran out of time`)), runTimeoutMs).unref();
    let next = pollMs;
    this.running = (async () => {
      try {
        const outcome = await run(this.controller!.signal);
        this.failures = 0;
        // A full batch is followed by another after a breath, not at once.
        if (outcome === 'more') next = 50;
      } catch (error) {
        this.failures += 1;
        next = Math.min(maxBackoffMs, pollMs * 2 ** this.failures);
        logger.warn({ err: error, worker: name, retryInMs: next }, 'background run failed');
      } finally {
        clearTimeout(timeout);
      }
    })();
    await this.running;
    this.running = undefined;
    this.controller = undefined;
    if (this.stopped) return;
    if (this.wokenWhileRunning && this.failures === 0) next = 0;
    this.wokenWhileRunning = false;
    this.schedule(next === 0 ? 0 : jittered(next));
  }
}
