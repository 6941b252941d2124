import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';

/** How long without a request counts as a quiet moment for background work. */
export const quietGapMs = 20;

/**
 * Where an instance is in its life. Once told to stop it is "draining": readiness says so, and
 * every answer closes its connection, so nginx stops reusing connections to this instance while
 * the requests it already has are finished (see main.ts for the whole shutdown).
 */
export class Lifecycle {
  draining = false;
  private readonly stopHooks: (() => Promise<void>)[] = [];
  /** Requests this instance is answering now (answering), for background work to yield to. */
  private inFlight = 0;
  /** When a request last began or ended here (performance.now()). */
  private lastRequestAt = -Infinity;

  /**
   * Resolves once this instance has answered no request for `quietGapMs` (a cached read takes
   * a fraction of a millisecond, so a moment without any in flight says little), after
   * `maxWaitMs` at the latest, or at once when `signal` aborts: bulk work goes between visitors'
   * requests, and never stops for good under a steady load.
   */
  async quietMoment(maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    const deadline = performance.now() + maxWaitMs;
    for (;;) {
      const now = performance.now();
      const quietFor = this.inFlight > 0 ? 0 : now - this.lastRequestAt;
      if (quietFor >= quietGapMs || now >= deadline || signal?.aborted) return;
      await sleep(Math.min(quietGapMs - quietFor, deadline - now), undefined, { signal }).catch(() => undefined);
    }
  }

  /**
   * Counts a request from its first moment until its answer is sent or its client left; called
   * by the server's request listener, so the answers given before Koa (the page-view beacon) count.
   */
  answering(res: ServerResponse): void {
    this.inFlight += 1;
    this.lastRequestAt = performance.now();
    res.once('close', () => {
      this.inFlight -= 1;
      this.lastRequestAt = performance.now();
    });
  }

  /** Work to finish before the database is closed (e.g. writing the counted page views). */
  beforeStop(hook: () => Promise<void>) {
    this.stopHooks.push(hook);
  }

  async stop() {
    await Promise.allSettled(this.stopHooks.map((hook) => hook()));
  }
}

export function closeConnectionsWhileDraining(lifecycle: Lifecycle): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (lifecycle.draining) ctx.set('Connection', 'close');
    }
  };
}
