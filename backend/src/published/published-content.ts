import type { OperationId, ReplyBody, ReplyStatus } from '../contract.js';
import type { Database } from '../database.js';
import { reply, type Handler, type Handlers, type OperationContext } from '../http/handlers.js';
import { replyCached } from './answer.js';
import { PublicCache, type PublicAnswer, type PublicCacheOptions } from './cache.js';

/** What a cacheable read produces: its 200 body as openapi.yaml documents it, and its headers. */
type Produce<K extends OperationId> = (ctx: OperationContext<K>) => Promise<PublicAnswer<ReplyBody<K, 200 & ReplyStatus<K>>>>;

/**
 * Published content as operations declare it in their handler maps: `cacheable(produce)` for a
 * public read answered from the cache, `publishes(handler)` for a write that changes what the
 * public sees. The mechanism is applied here, once, instead of in each handler.
 */
export class PublishedContent {
  readonly cache: PublicCache;

  constructor(db: Database, options?: PublicCacheOptions) {
    this.cache = new PublicCache(db, options);
  }

  /** A public read: produced once per content version and query, sent with an ETag. */
  readonly cacheable =
    <K extends OperationId>(produce: Produce<K>): Handler<K> =>
    (ctx) =>
      replyCached(ctx, this.cache, () => produce(ctx));

  /** A write to public content: once it succeeded, every cached public answer is outdated. */
  readonly publishes =
    <K extends OperationId>(handler: Handler<K>): Handler<K> =>
    async (ctx) => {
      await handler(ctx);
      if (ctx.status < 300) await this.cache.bump();
    };

  /** The contract's operation that tells third parties the current version. */
  handlers(): Handlers {
    return {
      getContentVersion: async (ctx) => {
        const version = await this.cache.version();
        ctx.set('Cache-Control', 'no-store');
        ctx.set('X-Content-Version', String(version));
        reply(ctx, 200, { success: true, version });
      },
    };
  }
}
