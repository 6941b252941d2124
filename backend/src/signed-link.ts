// A private link's token, `<id>.<expiry, Unix seconds>.<signature>`, signed with a key of its own
// per purpose, derived from the server's secret: a receipt link can never pass as a guardian's
// consent link, a login token or an idempotency fingerprint.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedLinks {
  /** The token that names `id` until `expiresAt`. */
  token(id: string, expiresAt: Date): string;
  /** The id a token names, or null when it is forged, altered or expired. */
  idOf(token: string, now?: Date): string | null;
}

export function signedLinks(secret: string, purpose: string): SignedLinks {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const signature = (id: string, expires: number) => createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url');
  return {
    token(id, expiresAt) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${id}.${expires}.${signature(id, expires)}`;
    },
    idOf(token, now = new Date()) {
      const [id, expiresText, given] = token.split('.');
      if (!id || !expiresText || !given) return null;
      const expires = Number(expiresText);
      const expected = Buffer.from(signature(id, expires));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      return expires * 1000 > now.getTime() ? id : null;
    },
  };
}
