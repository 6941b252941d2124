import jwt from 'jsonwebtoken';
import type { Middleware } from 'koa';
import { HttpError } from './errors.js';

export const authMessages = {
  missingToken: 'Please log in to continue',
  badToken: 'Your session is not valid. Please log in again',
  expiredToken: 'Your session has expired. Please log in again',
  notAdmin: 'You need an admin account to do this',
};

export interface TokenClaims {
  sub: string;
  role: string;
}

declare module 'koa' {
  interface DefaultState {
    user?: TokenClaims;
  }
}

export function signToken(claims: TokenClaims, secret: string, expiresInSeconds: number): string {
  return jwt.sign({ role: claims.role }, secret, { algorithm: 'HS256', subject: claims.sub, expiresIn: expiresInSeconds });
}

const unauthorized = (message: string, error?: string) =>
  new HttpError(401, message, {
    headers: { 'WWW-Authenticate': error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"' },
  });

/**
 * Admin-only operations: a valid, unexpired HS256 token (401 otherwise) whose role is admin (403
 * otherwise) and whose account still exists (401 otherwise: removing an account ends its sessions
 * at once instead of when its tokens expire).
 */
export function requireAdmin(secret: string, accountExists: (id: string) => Promise<boolean>): Middleware {
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
    if (claims.role !== 'admin') throw new HttpError(403, authMessages.notAdmin);
    if (!(await accountExists(claims.sub))) throw unauthorized(authMessages.badToken, 'invalid_token');
    ctx.state.user = { sub: claims.sub, role: claims.role };
    await next();
  };
}
