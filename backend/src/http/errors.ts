import type { Middleware } from 'koa';
import type { Logger } from 'pino';

export interface FieldError {
  field: string;
  message: string;
}

/** An error whose message is meant for the person who sent the request. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    // `details`: further fields of the answer its operation documents (a version conflict's `current`).
    readonly options: { errors?: FieldError[]; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, { errors });
export const notFound = (message: string) => new HttpError(404, message);

export const serverFaultMessage = 'Something went wrong on our side';
export const databaseDownMessage = 'The service is temporarily unavailable because the database cannot be reached. Please try again in a moment.';
const databaseRetryAfterSeconds = '5';

// Driver and mongoose errors that mean "the database is away", not "the request was wrong".
const databaseDownErrorNames = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoPoolClearedError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoServerClosedError',
]);

export function isDatabaseDownError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (databaseDownErrorNames.has(error.name)) return true;
  if (error.name === 'MongooseError' && /buffering timed out|before initial connection/i.test(error.message)) return true;
  // A bulk write (insertMany) names what stopped it in errorResponse.
  const cause = (error as { cause?: unknown; errorResponse?: unknown }).cause ?? (error as { errorResponse?: unknown }).errorResponse;
  return cause !== undefined && cause !== error && isDatabaseDownError(cause);
}

/**
 * Turns every failure into the JSON shape of openapi.yaml: HttpErrors show their message,
 * database outages become 503 with Retry-After, and anything else is logged and answered
 * with a 500 that reveals nothing.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      // A refusal can come before the body was read; reading it lets the client see the answer.
      if (!ctx.req.complete) ctx.req.resume();
      let status: number;
      let body: { success: false; message: string; errors?: FieldError[] };
      if (error instanceof HttpError) {
        status = error.status;
        body = { ...error.options.details, success: false, message: error.message };
        if (error.options.errors?.length) body.errors = error.options.errors;
        for (const [name, value] of Object.entries(error.options.headers ?? {})) ctx.set(name, value);
      } else if (isDatabaseDownError(error)) {
        status = 503;
        body = { success: false, message: databaseDownMessage };
        ctx.set('Retry-After', databaseRetryAfterSeconds);
        logger.warn({ err: error, path: ctx.path }, 'database unavailable');
      } else {
        status = 500;
        body = { success: false, message: serverFaultMessage };
        logger.error({ err: error, method: ctx.method, path: ctx.path }, 'unexpected error');
      }
      ctx.status = status;
      ctx.type = 'application/json';
      ctx.body = body;
    }
  };
}
