import jwt from 'jsonwebtoken';
import type { Middleware } from 'koa';
import type { SessionAccount, TokenClaims } from '../session-token.js';
import { HttpError } from './errors.js';

export const authMessages = {
  missingToken: 'Please log in to continue',
  badToken: 'Your session is not valid. Please log in again',
  expiredToken: 'Your session has expired. Please log in again',
  notAdmin: 'You need an admin account to do this',
};

declare module 'koa' {
  interface DefaultState {
    user?: TokenClaims;
  }
}

const unauthorized = (message: string, error?: string) =>
  new HttpError(401, message, {
    headers: { 'WWW-Authenticate': error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"' },
  });

/**
 * Secured operations: a valid, unexpired HS256 token (401 otherwise) whose role is one of the
 * operation's roles (403 otherwise) and whose account still exists with the same role and token
 * version, and whose session was not ended by a logout (401 otherwise: removing an account,
 * changing its role or its password ends its sessions, and a logout its own, at once and on
 * every instance, instead of when the tokens expire).
 */
export function requireRole(roles: string[], secret: string, loadAccount: (id: string) => Promise<SessionAccount | undefined>): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized(authMessages.missingToken);
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(match[1]!, secret, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    } catch (error) {
      if (error instanceof jwt.TokenExpiredError) throw unauthorized(authMessages.expiredToken, 'invalid_token');
      throw unauthorized(authMessages.badToken, 'invalid_token');
    }
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') {
      throw unauthorized(authMessages.badToken, 'invalid_token');
    }
    if (!roles.includes(claims.role)) throw new HttpError(403, authMessages.notAdmin);
    const account = await loadAccount(claims.sub);
    const version = typeof claims.tv === 'number' ? claims.tv : 0;
    const session = typeof claims.jti === 'string' ? claims.jti : undefined;
    if (!account || account.role !== claims.role || account.tokenVersion !== version || (session && account.endedSessions.includes(session))) {
      throw unauthorized(authMessages.badToken, 'invalid_token');
    }
    ctx.state.user = { sub: claims.sub, role: claims.role, tv: version, jti: session, exp: claims.exp };
    await next();
  };
}
