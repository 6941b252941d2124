import { createHmac, timingSafeEqual } from 'node:crypto';

// A key of its own, derived from the server's secret, so a cancellation link can never pass as
// anything else signed with that secret (a login token, a receipt link).
const linkKey = (secret: string) => createHmac('sha256', secret).update('event-rsvp-link').digest();
const signature = (secret: string, rsvpId: string) => createHmac('sha256', linkKey(secret)).update(rsvpId).digest('base64url');

/** `<sign-up id>.<signature>`: the link in a sign-up's mails cancels that one sign-up, no login. */
export const rsvpToken = (secret: string, rsvpId: string) => `${rsvpId}.${signature(secret, rsvpId)}`;

/** The sign-up a token names, or null when it is forged or altered. */
export function rsvpOfToken(secret: string, token: string): string | null {
  const [rsvpId, given] = token.split('.');
  if (!rsvpId || !given) return null;
  const expected = Buffer.from(signature(secret, rsvpId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? rsvpId : null;
}
