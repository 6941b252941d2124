// The admin session token, signed at login and checked on every secured operation (http/auth.ts).
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** The account a token names, as far as the check of a session needs it. */
export interface SessionAccount {
  role: string;
  tokenVersion: number;
  /** Sessions ended by logging out (token ids), until their tokens expire. */
  endedSessions: string[];
}

export interface TokenClaims {
  sub: string;
  role: string;
  /** The account's token version when the token was made; a password change or reset bumps it. */
  tv?: number;
  /** The session's id (tokens made before sessions had one have none) and when it expires (seconds). */
  jti?: string;
  exp?: number;
}

export function signToken(claims: TokenClaims, secret: string, expiresInSeconds: number): string {
  return jwt.sign({ role: claims.role, tv: claims.tv ?? 0 }, secret, {
    algorithm: 'HS256',
    subject: claims.sub,
    expiresIn: expiresInSeconds,
    jwtid: randomUUID(),
  });
}
