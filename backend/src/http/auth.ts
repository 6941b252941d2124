import jwt from 'jsonwebtoken';
import type { Middleware } from 'koa';
import { HttpError } from './errors.js';

export const authMessages = {
  missingToken: 'Please log in to continue',
  badToken: 'Your session is not valid. Please log in again',
  expiredToken: 'Your session has expired. Please log in again',
  notAdmin: 'You need an admin account to do this',
};

/** The account a token names, as far as the check of a session needs it. */
export interface SessionAccount {
  role: string;
  tokenVersion: number;
}

export interface TokenClaims {
  sub: string;
  role: string;
  /** The account's token version when the token was made; a password change or reset bumps it. */
  tv?: number;
}

declare module 'koa' {
  interface DefaultState {
    user?: TokenClaims;
  }
}

export function signToken(claims: TokenClaims, secret: string, expiresInSeconds: number): string {
  return jwt.sign({ role: claims.role, tv: claims.tv ?? 0 }, secret, { algorithm: 'HS256', subject: claims.sub, expiresIn: expiresInSeconds });
}

const unauthorized = (message: string, error?: string) =>
  new HttpError(401, message, {
    headers: { 'WWW-Authenticate': error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"' },
  });

/**
 * Secured operations: a valid, unexpired HS256 token (401 otherwise) whose role is one of the
 * operation's roles (403 otherwise) and whose account still exists with the same role and token
 * version (401 otherwise: removing an account, changing its role or its password ends its
 * sessions at once, on every instance, instead of when its tokens expire).
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
    if (!account || account.role !== claims.role || account.tokenVersion !== version) {
      throw unauthorized(authMessages.badToken, 'invalid_token');
    }
    ctx.state.user = { sub: claims.sub, role: claims.role, tv: version };
    await next();
  };
}
