// The admin's preview of a post that is not public yet (a draft, or one scheduled for later), as
// the public page renders it: a navigation carries no bearer token, so the admin gets a link
// whose token is signed with the site's secret, names the post and expires after a while.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a preview link works. */
export const previewLinkMs = 15 * 60 * 1000;
export const previewParameter = 'preview';

const signature = (secret: string, postId: string, expiresAt: number) =>
  createHmac('sha256', secret).update(`post-preview:${postId.toLowerCase()}:${expiresAt}`).digest('base64url');

/** A token that opens the preview of `postId` until `expires_at`. */
export function issuePreviewToken(secret: string, postId: string, now = Date.now()) {
  const expiresAt = Math.floor((now + previewLinkMs) / 1000);
  return { token: `${expiresAt}.${signature(secret, postId, expiresAt)}`, expiresAt: new Date(expiresAt * 1000) };
}

/** Whether `token` is one this site made for `postId` and it has not expired. */
export function previewTokenOpens(secret: string, postId: string, token: unknown, now = Date.now()): boolean {
  const match = typeof token === 'string' ? /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 <= now) return false;
  return timingSafeEqual(Buffer.from(signature(secret, postId, expiresAt)), Buffer.from(match[2]!));
}
