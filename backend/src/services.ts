import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './database.js';
import type { ImageStore } from './features/images/store.js';
import type { Lifecycle } from './http/lifecycle.js';
import type { OpenApi } from './http/openapi.js';
import type { PublicCache } from './http/public-cache.js';
import type { ValidatedRequest } from './http/validate-request.js';

/** What the features share, built once per app. */
export interface Services {
  config: Config;
  db: Database;
  images: ImageStore;
  logger: Logger;
  openApi: OpenApi;
  lifecycle: Lifecycle;
  /** Public answers per content version; see http/public-cache.ts. */
  publicCache: PublicCache;
}

export type Context = ParameterizedContext;
/** A handler per operationId of openapi.yaml; it runs after the request passed the contract. */
export type Handlers = Record<string, (ctx: Context) => Promise<void>>;

export function requestInput(ctx: Context): ValidatedRequest {
  if (!ctx.state.input) throw new Error('handler ran before request validation');
  return ctx.state.input;
}

/** A JSON answer. */
export function reply(ctx: Context, status: number, body: object) {
  ctx.status = status;
  ctx.body = body;
}
