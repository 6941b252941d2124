import { signedLinks } from '../../signed-link.js';

/** How long the donor's e-mailed link opens the receipt. */
export const receiptLinkDays = 365;

const links = (secret: string) => signedLinks(secret, 'donation-receipt-link');

/** `<receipt id>.<expiry, Unix seconds>.<signature>`: opens one receipt until it expires, no login. */
export function receiptLinkToken(secret: string, receiptId: string, issuedAt: Date): string {
  return links(secret).token(receiptId, new Date(issuedAt.getTime() + receiptLinkDays * 24 * 60 * 60 * 1000));
}

/** The receipt id a token opens, or null when it is forged, altered or expired. */
export const receiptOfToken = (secret: string, token: string, now = new Date()): string | null => links(secret).idOf(token, now);
