import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { bodiesReadEarly } from './body.js';
import { HttpError } from './errors.js';
import type { Lifecycle } from './lifecycle.js';
import type { Operation } from './openapi.js';
import { apiAnswerHeaders } from './security-headers.js';
import { cleanBody, fieldsWithControlCharacters } from './validate-request.js';

/** Answers a request before Koa and says true, or says false and leaves it to `koa`. */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse, koa: RequestListener) => boolean;

/** The bodies this path takes; anything larger is handed to Koa. */
const largestBody = 4096;

/**
 * A small JSON POST sent so often (the page-view beacon) that Koa's stack would double its cost,
 * answered before Koa when Koa would surely accept it: 204, or the HttpError its taker refuses it
 * with, as Koa would send it. Anything else goes to Koa with the bytes read so far.
 */
export function earlyJsonPost(options: {
  operation: Operation;
  /**
   * Takes the accepted body (`hostname`: the site's host name as Koa would give it). It resolves
   * when taken, rejects with an HttpError to refuse it, or with anything else to leave it to Koa.
   */
  take: (body: Record<string, unknown>, req: IncomingMessage, hostname: string) => Promise<void>;
  lifecycle: Lifecycle;
  logger: Logger;
  corsOrigins: string[];
  trustProxy: boolean;
}): EarlyAnswer {
  const { operation, take, lifecycle, logger } = options;
  const corsOrigins = new Set(options.corsOrigins);
  const { validateBody } = operation;
  if (!validateBody || operation.method !== 'post' || operation.bodyMediaType !== 'application/json') {
    throw new Error(`${operation.operationId} is not a JSON POST: it cannot be answered early`);
  }

  /** The body when it is one the contract accepts, else undefined. */
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
      !(length > 0 && length <= largestBody) ||
      (headers.origin !== undefined && corsOrigins.has(headers.origin)) ||
      // Host names Koa reads differently (a forwarded host, an IPv6 address) are left to it.
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
        koa(req, res);
        return;
      }
      take(body, req, host.split(':')[0]!).then(
        () => {
          res.writeHead(204, { ...apiAnswerHeaders, 'Cache-Control': 'no-store' });
          res.end();
          logger.debug({ method: 'POST', path: operation.path, status: 204, ms: Math.round(performance.now() - started) }, 'request');
        },
        (error: unknown) => {
          if (!(error instanceof HttpError)) {
            bodiesReadEarly.set(req, bytes);
            koa(req, res);
            return;
          }
          const refusal = JSON.stringify({ success: false, message: error.message, ...(error.options.errors?.length ? { errors: error.options.errors } : {}) });
          res.writeHead(error.status, {
            ...apiAnswerHeaders,
            ...error.options.headers,
            'Cache-Control': 'no-store',
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': Buffer.byteLength(refusal),
          });
          res.end(refusal);
          logger.debug({ method: 'POST', path: operation.path, status: error.status, ms: Math.round(performance.now() - started) }, 'request');
        },
      );
    });
    return true;
  };
}
