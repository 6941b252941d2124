// What a pledge's mails carry: the reference of each month, the UPI link and its QR code, and the
// link that stops the pledge. The stop link is signed when the mail is sent (outbox.ts), never
// stored in the outbox or a backup.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** PLG and ten random digits: the shape the bank statement matcher looks for (bank-match.ts). */
export const newPledgeReference = () => `PLG${String(randomInt(0, 1e10)).padStart(10, '0')}`;

// A key of its own, derived from the server's secret, so the link can pass as nothing else.
const linkKey = (secret: string) => createHmac('sha256', secret).update('pledge-stop-link').digest();
const signature = (secret: string, pledgeId: string) => createHmac('sha256', linkKey(secret)).update(pledgeId).digest('base64url');

/** `<pledge id>.<signature>`: stops that pledge, for as long as it exists. */
export const stopToken = (secret: string, pledgeId: string) => `${pledgeId}.${signature(secret, pledgeId)}`;

/** The pledge a token stops, or null when it was not made by this server. */
export function pledgeOfStopToken(secret: string, token: string): string | null {
  const [pledgeId, given] = token.split('.');
  if (!pledgeId || !given) return null;
  const expected = Buffer.from(signature(secret, pledgeId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? pledgeId : null;
}

/**
 * The UPI intent for one month: the organisation's UPI id and name, the amount, and the month's
 * reference at the start of the note, which banks show in the statement's narration.
 */
export function upiIntent(upiId: string, payee: string, amount: number, reference: string): string {
  const params = new URLSearchParams({ pa: upiId, pn: payee, am: amount.toFixed(2), cu: 'INR', tn: `${reference} monthly gift`.slice(0, 50) });
  return `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
}
