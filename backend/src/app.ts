import type { RequestListener } from 'node:http';
import path from 'node:path';
import cors from '@koa/cors';
import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './database.js';
import { countEarlyBeacon } from './features/analytics/beacon.js';
import { PageViews } from './features/analytics/page-views.js';
import { analyticsHandlers } from './features/analytics/routes.js';
import { auditHandlers } from './features/audit/routes.js';
import { authHandlers } from './features/auth/routes.js';
import { sessionAccount } from './features/auth/service.js';
import { blogHandlers } from './features/blogs/routes.js';
import { postHistoryHandlers } from './features/blogs/history-routes.js';
import { ScheduledReleases } from './features/blogs/release.js';
import { complianceHandlers } from './features/compliance/routes.js';
import { LegalDeadlines } from './features/compliance/deadlines.js';
import { donationDocumentHandlers } from './features/donations/documents.js';
import { donorHandlers } from './features/donations/report.js';
import { donationAdminHandlers } from './features/donations/routes.js';
import { campaignFeature } from './features/campaigns/feature.js';
import { pledgeFeature } from './features/pledges/feature.js';
import { eventFeature } from './features/events/feature.js';
import { galleryHandlers } from './features/gallery/routes.js';
import { imageHandlers } from './features/images/routes.js';
import { createAdminLists, keepAdminLists } from './features/admin-lists/lists.js';
import { ImageStore } from './features/images/store.js';
import { messageHandlers } from './features/inbox/routes.js';
import { mailHandlers } from './features/mail/routes.js';
import { watchImageStore } from './features/media/held.js';
import { mediaLibraryHandlers } from './features/media/routes.js';
import { mediaUploadHandlers } from './features/media/upload.js';
import { replyHandlers } from './features/mail/replies.js';
import { Mailer } from './features/mail/service.js';
import { newsletterHandlers } from './features/newsletter/routes.js';
import { Subscriptions } from './features/newsletter/subscriptions.js';
import { passwordLinkHandlers } from './features/password-links/routes.js';
import { metaHandlers } from './features/meta/routes.js';
import { statsHandlers } from './features/stats/routes.js';
import { settingsHandlers } from './features/settings/routes.js';
import { pageHandlers } from './features/pages/routes.js';
import { inviteHandlers } from './features/users/invite.js';
import { userHandlers } from './features/users/routes.js';
import { volunteerHandlers } from './features/volunteers/routes.js';
import { supporterHandlers } from './features/supporters/routes.js';
import { requireMySession } from './features/supporters/session.js';
import { requireRole } from './http/auth.js';
import { readBody } from './http/body.js';
import { clientAddresses } from './http/client-address.js';
import { earlyJsonPost, type EarlyAnswer } from './http/early-answer.js';
import { HttpError, errorHandler } from './http/errors.js';
import { operationMiddleware, type Handlers } from './http/handlers.js';
import { Lifecycle, closeConnectionsWhileDraining } from './http/lifecycle.js';
import { loadOpenApi, type OpenApi, type Operation } from './http/openapi.js';
import { checkResponses } from './http/response-check.js';
import { securityHeaders } from './http/security-headers.js';
import { validateRequest } from './http/validate-request.js';
import { idempotency, takesIdempotencyKey } from './idempotency/middleware.js';
import { IdempotencyStore } from './idempotency/store.js';
import { anonymousForm, formCounter, formSignals } from './limits/anonymous-form.js';
import { KeptWrites } from './idempotency/kept.js';
import { PublishedContent } from './published/published-content.js';
import { Claims } from './invariants/claims.js';
import type { Services } from './services.js';
import { crawlerFiles } from './site/crawlers.js';
import { formPagesOf, postableForms, type PostableForm } from './site/form-posts.js';
import { publicPages } from './site/pages.js';
import { staticSite } from './site/static-site.js';

export interface AppDependencies {
  db: Database;
  logger?: Logger;
  openApi?: OpenApi;
  /** main.ts keeps it to drain on shutdown; tests may pass one to play that part. */
  lifecycle?: Lifecycle;
  /** The time now for time-based work (event reminders); tests set it. The real clock by default. */
  clock?: () => Date;
}

/** A donor's PAN and postal address never reach a log, whatever object carries them. */
const personalFields = ['pan', 'address'].flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`]);

export const createLogger = (config: Pick<Config, 'logLevel'>, destination?: DestinationStream) =>
  pino({ level: config.logLevel, base: undefined, redact: { paths: personalFields, censor: '[personal data]' } }, destination);

const apiMessages = {
  unknownPath: 'There is no API endpoint at this address',
  wrongMethod: (allowed: string[]) => `This endpoint only accepts ${allowed.join(' or ')}`,
};

/**
 * The page-view beacons that the early answer left to Koa: answered ahead of the site's files and
 * the router, and logged at debug level only (nginx's access log has each), so that the most
 * frequent request costs the public reads as little as it can.
 */
const hotOperations = new Set(['trackPageView']);
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
function apiRouter(
  openApi: OpenApi,
  handlers: Handlers,
  services: Services,
  kept: KeptWrites,
): { router: Router; hot: Map<string, Middleware>; forms: PostableForm[]; keptSteps: Map<string, Middleware> } {
  const router = new Router();
  const hot = new Map<string, Middleware>();
  const forms: PostableForm[] = [];
  const keptSteps = new Map<string, Middleware>();
  const missing = openApi.operations.filter((operation) => !operationMiddleware(handlers, operation.operationId));
  if (missing.length) throw new Error(`No handler for ${missing.map((operation) => operation.operationId).join(', ')}`);

  const identify =
    (operation: Operation): Middleware =>
    (ctx, next) => {
      ctx.state.operation = operation;
      return next();
    };
  const idempotencyStore = new IdempotencyStore(services.db.models.IdempotencyRecord, services.claims, services.logger, services.config.jwtSecret);
  const formSends = formCounter(services.db.models.LimitCount, services.config);
  const mySession = requireMySession(services);
  for (const operation of openApi.operations) {
    const chain: Middleware[] = [identify(operation)];
    // Tokens and personal data (the admin's reads, a login) are never kept by a cache or a browser.
    if (operation.adminOnly || operation.supporterSession || operation.method !== 'get') chain.push(neverStored);
    // The token is checked before a (possibly large) body is read.
    if (operation.adminOnly) chain.push(requireRole(operation.roles, services.config.jwtSecret, accountLoader(services)));
    if (operation.supporterSession) chain.push(mySession);
    chain.push(readBody(operation, services.config));
    // From here on the same steps serve the form's plain posts at its pages (site/form-posts.ts).
    const afterBody: Middleware[] = [validateRequest(operation)];
    // A form the database fails is kept and carried out later (idempotency/kept.ts), without its
    // sender's count, which was taken when it came: each anonymous form whose contract has the
    // Kept answer (202).
    if (operation.anonymousForm && takesIdempotencyKey(operation) && operation.responses.has('202')) {
      afterBody.push(kept.keep(operation));
      const handler = operationMiddleware(handlers, operation.operationId)!;
      keptSteps.set(operation.operationId, compose([idempotency(operation, idempotencyStore, services.logger), formSignals(operation.anonymousForm), handler]));
    }
    if (takesIdempotencyKey(operation)) afterBody.push(idempotency(operation, idempotencyStore, services.logger));
    if (operation.anonymousForm) afterBody.push(anonymousForm(operation.operationId, operation.anonymousForm, formSends));
    afterBody.push(operationMiddleware(handlers, operation.operationId)!);
    chain.push(...afterBody);
    if (formPagesOf(operation).length) forms.push({ operation, run: compose(afterBody) });
    router[operation.method](operation.path, ...chain);
    if (hotOperations.has(operation.operationId)) {
      hot.set(hotKey(operation.method, operation.path), compose(chain));
    }
  }
  return { router, hot, forms, keptSteps };
}

/** The account a session names, as the session check reads it. */
const accountLoader = (services: Pick<Services, 'db'>) => (id: string) => sessionAccount(services.db.models.AdminUser, id);

/** Steps run one after the other as one middleware. */
const compose =
  (steps: Middleware[]): Middleware =>
  (ctx, next) =>
    steps.reduceRight<() => Promise<unknown>>((after, step) => () => step(ctx, after), next)();

const neverStored: Middleware = (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  return next();
};

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

export interface App {
  koa: Koa;
  /** The page-view beacon, answered before Koa when it is just what the pages send. */
  earlyAnswer: EarlyAnswer;
  /** The instance's life, which counts the requests being answered. */
  lifecycle: Lifecycle;
}

/** Builds the app; main.ts, the tests and the bench serve it through requestListener. */
export function createApp(config: Config, dependencies: AppDependencies): App {
  const logger = dependencies.logger ?? createLogger(config);
  const openApi = dependencies.openApi ?? loadOpenApi();
  const lifecycle = dependencies.lifecycle ?? new Lifecycle();
  const mail = new Mailer(config, dependencies.db, logger, lifecycle);
  const services: Services = {
    config,
    db: dependencies.db,
    images: new ImageStore(dependencies.db.connection, logger, config.imageCacheBytes),
    logger,
    openApi,
    lifecycle,
    claims: new Claims(dependencies.db.models.Claim),
    published: new PublishedContent(dependencies.db),
    mail,
    subscriptions: new Subscriptions(config, dependencies.db, mail),
    lists: createAdminLists(dependencies.db, config.adminListsBytes, logger),
    authorize: (ctx, roles) => requireRole(roles, config.jwtSecret, accountLoader(dependencies))(ctx, async () => undefined),
    clock: dependencies.clock ?? (() => new Date()),
  };
  services.lifecycle.beforeStop(async () => services.published.cache.stop());
  services.mail.start();
  services.lifecycle.beforeStop(() => services.mail.stop());
  services.lifecycle.beforeStop(keepAdminLists(services.lists, logger));
  const releases = new ScheduledReleases(services);
  releases.start();
  services.lifecycle.beforeStop(async () => releases.stop());
  const deadlines = new LegalDeadlines(services);
  deadlines.start();
  services.lifecycle.beforeStop(async () => deadlines.stop());
  watchImageStore(services);
  const pageViews = new PageViews(services);
  const handlers: Handlers = {
    ...metaHandlers(services),
    ...authHandlers(services),
    ...blogHandlers(services),
    ...postHistoryHandlers(services),
    ...galleryHandlers(services),
    ...imageHandlers(services),
    ...mediaUploadHandlers(services),
    ...mediaLibraryHandlers(services),
    ...volunteerHandlers(services),
    ...auditHandlers(services),
    ...messageHandlers(services),
    ...statsHandlers(services),
    ...analyticsHandlers(services, pageViews),
    ...settingsHandlers(services),
    ...pageHandlers(services),
    ...userHandlers(services),
    ...inviteHandlers(services),
    ...passwordLinkHandlers(services),
    ...mailHandlers(services),
    ...replyHandlers(services),
    ...donorHandlers(services),
    ...donationAdminHandlers(services),
    ...donationDocumentHandlers(services),
    ...newsletterHandlers(services),
    ...campaignFeature(services),
    ...pledgeFeature(services),
    ...eventFeature(services),
    ...supporterHandlers(services),
    ...complianceHandlers(services, deadlines),
    ...services.published.handlers(),
  };

  const app = new Koa({ proxy: config.trustedProxies.length > 0 });
  app.on('error', (error: unknown) => {
    // A visitor who closes the page mid-download is not a fault of ours.
    const code = (error as { code?: string } | null)?.code;
    if (code && clientGoneCodes.has(code)) logger.debug({ err: error }, 'client went away while answering');
    else logger.error({ err: error }, 'error while answering');
  });

  // Order matters: the response check sees the final answer (errors included); errors are
  // turned into JSON before headers are added; the site is served before the API fallback.
  const kept = new KeptWrites(path.join(config.dataDir, 'kept-writes'), logger, config.keptFormsMax);
  const { router, hot, forms, keptSteps } = apiRouter(openApi, handlers, services, kept);
  kept.attach(app, keptSteps);
  kept.worker.start();
  services.lifecycle.beforeStop(() => kept.worker.stop());
  app.use(checkResponses(openApi, config.responseCheck, logger));
  app.use(logRequests(logger, hot));
  app.use(closeConnectionsWhileDraining(services.lifecycle));
  app.use(clientAddresses(config.trustedProxies));
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
  if (config.pagesDir) app.use(publicPages(services, postableForms(forms)));
  app.use(router.routes());
  app.use(apiFallback(openApi));

  const earlyAnswer = earlyJsonPost({
    operation: openApi.byId.get('trackPageView')!,
    take: countEarlyBeacon(pageViews),
    lifecycle: services.lifecycle,
    logger,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustedProxies.length > 0,
  });
  return { koa: app, earlyAnswer, lifecycle };
}

/** The one way to serve an app: the early answer first, then Koa for every other request. */
export function requestListener({ koa, earlyAnswer, lifecycle }: App): RequestListener {
  const answer = koa.callback();
  return (req, res) => {
    lifecycle.answering(res);
    if (!earlyAnswer(req, res, answer)) void answer(req, res);
  };
}
