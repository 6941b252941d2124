import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { HttpError } from '../http/errors.js';
import type { Operation } from '../http/openapi.js';
import type { IdempotencyStore } from './store.js';

export { newDocumentId } from './ids.js';

/**
 * Writes exactly once (the IETF "Idempotency-Key" draft): a repeat with the same key and body gets
 * the first answer again, another body is refused (422), a repeat while the first is at work is
 * told to wait (409). Keys live in the database, so every instance knows them.
 */
export const idempotencyHeader = 'Idempotency-Key';

export const idempotencyMessages = {
  reused: 'This Idempotency-Key was already used for a different request. Send a new key for a new request',
  inProgress: 'A request with this Idempotency-Key is still being processed. Please retry in a moment',
};

declare module 'koa' {
  interface DefaultState {
    /** Set for a write sent with an Idempotency-Key: new documents take ids derived from it. */
    idempotency?: { recordId: string };
  }
}

const sha256 = () => createHash('sha256');

/** Who sends a write: an admin's account, a person on their own page (by address, whichever session), or anyone. */
const callerOf = (state: { user?: { sub: string }; supporter?: { email: string } }) =>
  state.user?.sub ?? (state.supporter ? `my:${state.supporter.email}` : 'anonymous');

/** Which stored key a request names: the same key means the same thing only for one operation and caller. */
export function idempotencyRecordId(operationId: string, caller: string, key: string): string {
  return sha256().update(`${operationId}\n${caller}\n${key}`).digest('hex');
}

/** True for operations whose contract declares the Idempotency-Key header. */
export const takesIdempotencyKey = (operation: Operation) =>
  operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key');

/**
 * Runs after the contract's checks, so a refused body never claims a key. Definite answers (2xx,
 * 4xx but 429) are kept with the key; after a 429 or a 5xx a retry may take the key over at once,
 * and finds what was saved through the ids newDocumentId derives from it.
 */
export function idempotency(operation: Operation, store: IdempotencyStore, logger: Logger): Middleware {
  return async (ctx, next) => {
    const key = ctx.get(idempotencyHeader);
    if (!key) return next();
    const input = ctx.state.input;
    if (!input) throw new Error('idempotency ran before request validation');
    const recordId = idempotencyRecordId(operation.operationId, callerOf(ctx.state), key);
    const claim = await store.claim(recordId, await store.fingerprint(input));
    if (claim.kind === 'reused') throw new HttpError(422, idempotencyMessages.reused);
    if (claim.kind === 'in-progress') throw new HttpError(409, idempotencyMessages.inProgress, { headers: { 'Retry-After': '1' } });
    if (claim.kind === 'replay') {
      ctx.status = claim.status;
      ctx.body = claim.body;
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }

    ctx.state.idempotency = { recordId };
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError && error.status < 500 && error.status !== 429) {
        const body: Record<string, unknown> = { ...error.options.details, success: false, message: error.message };
        if (error.options.errors?.length) body.errors = error.options.errors;
        await store.finish(recordId, error.status, body).catch(() => undefined);
      } else {
        // Not awaited: with the database away this would wait out the driver's timeout again.
        store.expireLease(recordId).catch(() => undefined);
      }
      throw error;
    }
    if (ctx.status >= 500) {
      store.expireLease(recordId).catch(() => undefined);
      return;
    }
    // The work is done: the answer goes out even if keeping it fails (a retry then finds the
    // saved documents by their derived ids and answers the same).
    await store.finish(recordId, ctx.status, ctx.body).catch((error: unknown) => {
      logger.warn({ err: error, operation: operation.operationId }, 'could not keep the answer of an idempotent write');
    });
  };
}
