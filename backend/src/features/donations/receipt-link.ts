import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the donor's e-mailed link opens the receipt. */
export const receiptLinkDays = 365;

// A key of its own, derived from the server's secret, so a receipt link can never pass as
// anything else signed with that secret (a login token, an idempotency fingerprint).
const linkKey = (secret: string) => createHmac('sha256', secret).update('donation-receipt-link').digest();
const signature = (secret: string, receiptId: string, expires: number) =>
  createHmac('sha256', linkKey(secret)).update(`${receiptId}.${expires}`).digest('base64url');

/** `<receipt id>.<expiry, Unix seconds>.<signature>`: opens one receipt until it expires, no login. */
export function receiptLinkToken(secret: string, receiptId: string, issuedAt: Date): string {
  const expires = Math.floor(issuedAt.getTime() / 1000) + receiptLinkDays * 24 * 60 * 60;
  return `${receiptId}.${expires}.${signature(secret, receiptId, expires)}`;
}

/** The receipt id a token opens, or null when it is forged, altered or expired. */
export function receiptOfToken(secret: string, token: string, now = new Date()): string | null {
  const [receiptId, expiresText, given] = token.split('.');
  if (!receiptId || !expiresText || !given) return null;
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(secret, receiptId, expires));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return expires * 1000 > now.getTime() ? receiptId : null;
}
