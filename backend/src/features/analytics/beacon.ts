import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { bodiesReadEarly } from '../../http/body.js';
import type { Lifecycle } from '../../http/lifecycle.js';
import type { Operation } from '../../http/openapi.js';
import { apiAnswerHeaders } from '../../http/security-headers.js';
import { cleanBody, fieldsWithControlCharacters } from '../../http/validate-request.js';
import type { PageViews } from './routes.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/** The site's pages send a path and a referrer: a beacon larger than this is handed to Koa. */
const largestBeacon = 4096;

/**
 * The page-view beacon, answered before Koa. Every page view sends one, so on a busy site they
 * are a large share of what an instance is asked, and Koa's stack (logging, error handling,
 * headers, routing, the contract's checks, each a promise) costs each about as much again as the
 * bare HTTP request (bench section 6). A beacon that is just what the site's pages send (POST
 * to the operation's path with no query, JSON of at most 4 KiB, not compressed, no CORS origin,
 * the instance not draining, and a body openapi.yaml accepts after the same trimming) is counted
 * and answered 204 here, with the headers Koa would have sent. Anything else is handed to Koa,
 * with the bytes read so far, and answered there like any request (400, 413, 415 and their
 * sentences), so this path never decides a refusal.
 */
export function beaconFastPath(options: {
  operation: Operation;
  pageViews: PageViews;
  lifecycle: Lifecycle;
  logger: Logger;
  corsOrigins: string[];
  trustProxy: boolean;
}): (req: IncomingMessage, res: ServerResponse, koa: Listener) => boolean {
  const { operation, pageViews, lifecycle, logger } = options;
  const corsOrigins = new Set(options.corsOrigins);
  const { validateBody } = operation;
  if (!validateBody || operation.method !== 'post' || operation.bodyMediaType !== 'application/json') {
    throw new Error(`${operation.operationId} is not a JSON POST: the beacon's fast path does not fit it`);
  }

  /** The beacon's fields when the body is one the contract accepts, else undefined. */
  const accepted = (bytes: Buffer): Record<string, unknown> | undefined => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      return undefined;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || fieldsWithControlCharacters(parsed).length) return undefined;
    const body = cleanBody(operation, parsed);
    return validateBody(body) ? body : undefined;
  };

  return (req, res, koa) => {
    const { headers } = req;
    const length = Number(headers['content-length']);
    const host = headers.host ?? '';
    if (
      req.method !== 'POST' ||
      req.url !== operation.path ||
      lifecycle.draining ||
      !/^application\/json\s*(;|$)/i.test(headers['content-type'] ?? '') ||
      headers['content-encoding'] !== undefined ||
      !(length > 0 && length <= largestBeacon) ||
      (headers.origin !== undefined && corsOrigins.has(headers.origin)) ||
      (options.trustProxy && headers['x-forwarded-host'] !== undefined) ||
      host.startsWith('[')
    ) {
      return false;
    }
    const started = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A client that goes away mid-body gets no answer, here or in Koa.
    req.on('error', () => {});
    req.once('end', () => {
      const bytes = Buffer.concat(chunks);
      const body = accepted(bytes);
      if (!body) {
        bodiesReadEarly.set(req, bytes);
        void koa(req, res);
        return;
      }
      pageViews.count({
        path: body.path as string,
        referrer: body.referrer as string | undefined,
        userAgent: headers['user-agent'] ?? '',
        purpose: `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''}`,
        siteHost: host.split(':')[0]!,
      });
      // The same answer whether counted or not, as in the handler.
      res.writeHead(204, { ...apiAnswerHeaders, 'Cache-Control': 'no-store' });
      res.end();
      logger.debug({ method: 'POST', path: operation.path, status: 204, ms: Math.round(performance.now() - started) }, 'request');
    });
    return true;
  };
}
