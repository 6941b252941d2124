// The admin's preview of a post that is not public yet (a draft, or one scheduled for later), as
// the public page renders it: a navigation carries no bearer token, so the admin gets a link
// whose token is signed with the site's secret, names the post and expires after a while.
import { signTime, signedTime } from '../../signed-time.js';

/** How long a preview link works. */
export const previewLinkMs = 15 * 60 * 1000;
export const previewParameter = 'preview';

const purpose = (postId: string) => `post-preview:${postId.toLowerCase()}`;

/** A token that opens the preview of `postId` until `expires_at`. */
export function issuePreviewToken(secret: string, postId: string, now = Date.now()) {
  const expiresAt = Math.floor((now + previewLinkMs) / 1000);
  return { token: signTime(secret, purpose(postId), expiresAt), expiresAt: new Date(expiresAt * 1000) };
}

/** Whether `token` is one this site made for `postId` and it has not expired. */
export function previewTokenOpens(secret: string, postId: string, token: unknown, now = Date.now()): boolean {
  const expiresAt = signedTime(secret, purpose(postId), token);
  return expiresAt !== undefined && expiresAt * 1000 > now;
}
