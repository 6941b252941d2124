// A time signed with the site's secret for one purpose, `<time>.<HMAC>`, which only this site can
// make: the plain forms' "page served at" and the post preview links' "works until".
import { createHmac, timingSafeEqual } from 'node:crypto';

const signature = (secret: string, purpose: string, time: number) => createHmac('sha256', secret).update(`${purpose}:${time}`).digest('base64url');

/** `time` (a whole number) signed for `purpose`. */
export const signTime = (secret: string, purpose: string, time: number) => `${time}.${signature(secret, purpose, time)}`;

/** The time in a token this site signed for `purpose`; undefined for anything else. */
export function signedTime(secret: string, purpose: string, token: unknown): number | undefined {
  const match = typeof token === 'string' ? /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return undefined;
  const time = Number(match[1]);
  return timingSafeEqual(Buffer.from(signature(secret, purpose, time)), Buffer.from(match[2]!)) ? time : undefined;
}
