import type { Middleware } from 'koa';

/**
 * Where an instance is in its life. Once told to stop it is "draining": readiness says so, and
 * every answer closes its connection, so nginx stops reusing connections to this instance while
 * the requests it already has are finished (see main.ts for the whole shutdown).
 */
export class Lifecycle {
  draining = false;
  private readonly stopHooks: (() => Promise<void>)[] = [];

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
