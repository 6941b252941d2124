import { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@koa/cors';
import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './database.js';
import { beaconFastPath } from './features/analytics/beacon.js';
import { PageViews, analyticsHandlers } from './features/analytics/routes.js';
import { auditHandlers } from './features/audit/routes.js';
import { authHandlers } from './features/auth/routes.js';
import { sessionAccount } from './features/auth/service.js';
import { blogHandlers } from './features/blogs/routes.js';
import { galleryHandlers } from './features/gallery/routes.js';
import { imageHandlers } from './features/images/routes.js';
import { ImageStore } from './features/images/store.js';
import { messageHandlers } from './features/messages/routes.js';
import { metaHandlers } from './features/meta/routes.js';
import { crawlerFiles } from './features/seo/crawlers.js';
import { statsHandlers } from './features/stats/routes.js';
import { settingsHandlers } from './features/settings/routes.js';
import { userHandlers } from './features/users/routes.js';
import { volunteerHandlers } from './features/volunteers/routes.js';
import { requireRole } from './http/auth.js';
import { readBody } from './http/body.js';
import { HttpError, errorHandler } from './http/errors.js';
import { IdempotencyStore, idempotency, takesIdempotencyKey } from './http/idempotency.js';
import { Lifecycle, closeConnectionsWhileDraining } from './http/lifecycle.js';
import { loadOpenApi, type OpenApi, type Operation } from './http/openapi.js';
import { PublicCache, replyContentVersion } from './http/public-cache.js';
import { checkResponses } from './http/response-check.js';
import { securityHeaders } from './http/security-headers.js';
import { publicPages } from './http/pages.js';
import { staticSite } from './http/static-site.js';
import { validateRequest } from './http/validate-request.js';
import { operationMiddleware, type Handlers, type Services } from './services.js';

export interface AppDependencies {
  db: Database;
  logger?: Logger;
  openApi?: OpenApi;
  /** main.ts keeps it to drain on shutdown; tests may pass one to play that part. */
  lifecycle?: Lifecycle;
}

export const createLogger = (config: Pick<Config, 'logLevel'>) => pino({ level: config.logLevel, base: undefined });

const apiMessages = {
  unknownPath: 'There is no API endpoint at this address',
  wrongMethod: (allowed: string[]) => `This endpoint only accepts ${allowed.join(' or ')}`,
};

/**
 * The operations a busy site answers most and that need nothing of the stack but the contract's
 * checks: every page view sends a beacon (most of them answered before Koa, see
 * features/analytics/beacon.ts; the rest come here), and clients poll the content version. They
 * are answered ahead of the site's files and the router, and logged only at debug level (nginx's
 * access log has each one), so they cost the public reads as little as they can (bench section 6).
 */
const hotOperations = new Set(['getContentVersion', 'trackPageView']);
/** The key of a request in the map of hot operations. */
const hotKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

function logRequests(logger: Logger, hot: Map<string, Middleware>): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      (hot.has(hotKey(ctx.method, ctx.path)) ? logger.debug : logger.info).call(
        logger,
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}

/**
 * Every operation of openapi.yaml, mounted at its own path with the contract's checks in front;
 * the hot operations are also handed back by method and path, to be answered early.
 */
function apiRouter(openApi: OpenApi, handlers: Handlers, services: Services): { router: Router; hot: Map<string, Middleware> } {
  const router = new Router();
  const hot = new Map<string, Middleware>();
  const missing = openApi.operations.filter((operation) => !operationMiddleware(handlers, operation.operationId));
  if (missing.length) throw new Error(`No handler for ${missing.map((operation) => operation.operationId).join(', ')}`);

  const identify =
    (operation: Operation): Middleware =>
    (ctx, next) => {
      ctx.state.operation = operation;
      return next();
    };
  const idempotencyStore = new IdempotencyStore(services.db.models.IdempotencyRecord, services.logger, services.config.jwtSecret);
  const loadAccount = (id: string) => sessionAccount(services.db.models.AdminUser, id);
  for (const operation of openApi.operations) {
    const chain: Middleware[] = [identify(operation)];
    // The token is checked before a (possibly large) body is read.
    if (operation.adminOnly) chain.push(requireRole(operation.roles, services.config.jwtSecret, loadAccount));
    chain.push(readBody(operation, services.config), validateRequest(operation));
    if (takesIdempotencyKey(operation)) chain.push(idempotency(operation, idempotencyStore, services.logger));
    chain.push(operationMiddleware(handlers, operation.operationId)!);
    router[operation.method](operation.path, ...chain);
    if (hotOperations.has(operation.operationId)) {
      hot.set(hotKey(operation.method, operation.path), (ctx, next) =>
        chain.reduceRight<() => Promise<unknown>>((after, step) => () => step(ctx, after), next)(),
      );
    }
  }
  return { router, hot };
}

/** Answers the hot operations before the site's files and the router look at the request. */
function answerHotOperations(hot: Map<string, Middleware>): Middleware {
  return (ctx, next) => {
    const chain = hot.get(hotKey(ctx.method, ctx.path));
    return chain ? chain(ctx, next) : next();
  };
}

/** /api paths the contract does not have: 404, or 405 with Allow when only the method is wrong. */
function apiFallback(openApi: OpenApi): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    const allowed = openApi.operations
      .filter((operation) => operation.path === ctx.path)
      .flatMap((operation) => (operation.method === 'get' ? ['GET', 'HEAD'] : [operation.method.toUpperCase()]));
    if (!allowed.length) throw new HttpError(404, apiMessages.unknownPath);
    throw new HttpError(405, apiMessages.wrongMethod(allowed), { headers: { Allow: allowed.join(', ') } });
  };
}

const clientGoneCodes = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** Builds the Koa app; main.ts listens, tests drive it without a port. */
export function createApp(config: Config, dependencies: AppDependencies): Koa {
  const logger = dependencies.logger ?? createLogger(config);
  const openApi = dependencies.openApi ?? loadOpenApi();
  const services: Services = {
    config,
    db: dependencies.db,
    images: new ImageStore(dependencies.db.connection, logger, config.imageCacheBytes),
    logger,
    openApi,
    lifecycle: dependencies.lifecycle ?? new Lifecycle(),
    publicCache: new PublicCache(dependencies.db),
  };
  services.lifecycle.beforeStop(async () => services.publicCache.stop());
  const pageViews = new PageViews(services);
  const handlers: Handlers = {
    ...metaHandlers(services),
    ...authHandlers(services),
    ...blogHandlers(services),
    ...galleryHandlers(services),
    ...imageHandlers(services),
    ...volunteerHandlers(services),
    ...auditHandlers(services),
    ...messageHandlers(services),
    ...statsHandlers(services),
    ...analyticsHandlers(services, pageViews),
    ...settingsHandlers(services),
    ...userHandlers(services),
    getContentVersion: (ctx) => replyContentVersion(ctx, services),
  };

  const app = new Koa({ proxy: config.trustProxy });
  app.on('error', (error: unknown) => {
    // A visitor who closes the page mid-download is not a fault of ours.
    const code = (error as { code?: string } | null)?.code;
    if (code && clientGoneCodes.has(code)) logger.debug({ err: error }, 'client went away while answering');
    else logger.error({ err: error }, 'error while answering');
  });

  // Order matters: the response check sees the final answer (errors included); errors are
  // turned into JSON before headers are added; the site is served before the API fallback.
  const { router, hot } = apiRouter(openApi, handlers, services);
  app.use(checkResponses(openApi, config.responseCheck, logger));
  app.use(logRequests(logger, hot));
  app.use(closeConnectionsWhileDraining(services.lifecycle));
  app.use(errorHandler(logger));
  app.use(securityHeaders());
  if (config.corsOrigins.length) {
    const origins = new Set(config.corsOrigins);
    app.use(cors({ origin: (ctx) => (origins.has(ctx.get('Origin')) ? ctx.get('Origin') : ''), maxAge: 600 }));
  }
  app.use(answerHotOperations(hot));
  // Files of the build first; then robots.txt, the sitemap and the feed; then every other page,
  // rendered on the server when there is a build to render from.
  if (config.staticDir) app.use(staticSite(config.staticDir, { pageFallback: !config.pagesDir }));
  app.use(crawlerFiles(services));
  if (config.pagesDir) app.use(publicPages(services));
  app.use(router.routes());
  app.use(apiFallback(openApi));

  // The page-view beacon is taken before Koa when it is just what the pages send; everything
  // else, and every other request, goes to Koa. Wrapping callback() keeps one way to serve the
  // app (main.ts, the bench and the tests all call it).
  const beacon = beaconFastPath({
    operation: openApi.operations.find((operation) => operation.operationId === 'trackPageView')!,
    pageViews,
    lifecycle: services.lifecycle,
    logger,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
  });
  const koaCallback = app.callback.bind(app);
  app.callback = () => {
    const koa = koaCallback();
    // (Koa also takes HTTP/2 requests; the site is served over HTTP/1.1.)
    return (req, res) => (req instanceof IncomingMessage && res instanceof ServerResponse && beacon(req, res, koa) ? Promise.resolve() : koa(req, res));
  };
  return app;
}
