import type { Middleware } from 'koa';
import type { Model } from 'mongoose';
import { HttpError } from '../http/errors.js';
import { AttemptCounter, type LimitCount } from './counter.js';

export const formMessages = {
  refused: 'This form could not be sent. Please take a moment to check it and send it again.',
  tooMany: (minutes: number) => `Too many forms sent from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
};

/**
 * The protection of every form anyone may send, declared per operation in openapi.yaml
 * (`x-anonymous-form`): at most `maxSends` per form and client address in the window, a honeypot
 * people leave empty (`website`), and a minimum time on the page (`elapsed_ms`, when sent: the
 * spec's own volunteer client does not send it). Refused sends count too, so a script cannot
 * probe the checks without limit. Runs after the contract's checks, which leave the body in
 * ctx.state.input, and takes the two signals out of it before the handler sees it.
 */
export function anonymousForm(operationId: string, { minimumMs }: { minimumMs: number }, counter: AttemptCounter): Middleware {
  return async (ctx, next) => {
    if (!ctx.state.input) throw new Error('the form protection ran before request validation');
    const key = `form|${operationId}|${ctx.ip}`;
    const retryAfter = await counter.retryAfterSeconds(key);
    if (retryAfter > 0) throw new HttpError(429, formMessages.tooMany(Math.ceil(retryAfter / 60)), { headers: { 'Retry-After': String(retryAfter) } });
    await counter.record(key);
    await formSignals({ minimumMs })(ctx, next);
  };
}

/**
 * The honeypot and the time on the page alone, taken out of the body: what a kept form
 * (idempotency/kept.ts) meets when it is carried out, its sender's count being from when it came.
 */
export function formSignals({ minimumMs }: { minimumMs: number }): Middleware {
  return async (ctx, next) => {
    const input = ctx.state.input!;
    const { website, elapsed_ms: elapsedMs, ...fields } = input.body;
    if (website || (typeof elapsedMs === 'number' && elapsedMs < minimumMs)) throw new HttpError(400, formMessages.refused);
    input.body = fields;
    await next();
  };
}

export const formCounter = (counts: Model<LimitCount>, { formMaxSends, formWindowSeconds }: { formMaxSends: number; formWindowSeconds: number }) =>
  new AttemptCounter(counts, formMaxSends, formWindowSeconds);
