// The check of the operations that a session of /my opens (openapi.yaml's mySession): the
// `X-My-Session` header names a session that still lasts, or the answer is 401. An admin's token
// is no such session, and this session opens no admin operation (those check bearerAuth).
import type { Middleware } from 'koa';
import { HttpError } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { hashOf, mySessionOf } from './links.js';
import { supporterMessages } from './messages.js';

export interface SupporterState {
  email: string;
  /** The session's id (the hash of its token), to end it. */
  session: string;
  expiresAt: Date;
}

declare module 'koa' {
  interface DefaultState {
    supporter?: SupporterState;
  }
}

const sessionToken = /^[A-Za-z0-9_-]{43}$/;

export function requireMySession(services: Services): Middleware {
  return async (ctx, next) => {
    const token = ctx.get('x-my-session').trim();
    const session = sessionToken.test(token) ? await mySessionOf(services, token) : null;
    if (!session) throw new HttpError(401, supporterMessages.noSession);
    ctx.state.supporter = { email: session.email, session: hashOf(token), expiresAt: session.expiresAt };
    await next();
  };
}

/** The session's person, in a handler of an operation that requires it. */
export const supporterOf = (state: { supporter?: SupporterState }): SupporterState => {
  if (!state.supporter) throw new Error('a mySession operation ran without its session check');
  return state.supporter;
};
