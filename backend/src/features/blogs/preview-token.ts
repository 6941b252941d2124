// The admin's preview of a post that is not public yet (a draft, or one scheduled for later), as
// the public page renders it: a navigation carries no bearer token, so the admin gets a link
// whose token is signed with the site's secret, names the post and expires after a while. An
// editable page's preview (its draft) uses the same links, naming the page (kind 'page').
import { signTime, signedTime } from '../../signed-time.js';

/** How long a preview link works. */
export const previewLinkMs = 15 * 60 * 1000;
export const previewParameter = 'preview';

/** What a preview shows: a post (by its id) or an editable page (by its slug). */
export type PreviewKind = 'post' | 'page';

const purpose = (subject: string, kind: PreviewKind) => `${kind}-preview:${subject.toLowerCase()}`;

/** A token that opens the preview of `subject` (a post's id, or a page's slug) until `expires_at`. */
export function issuePreviewToken(secret: string, subject: string, now = Date.now(), kind: PreviewKind = 'post') {
  const expiresAt = Math.floor((now + previewLinkMs) / 1000);
  return { token: signTime(secret, purpose(subject, kind), expiresAt), expiresAt: new Date(expiresAt * 1000) };
}

/** Whether `token` is one this site made for `subject` and it has not expired. */
export function previewTokenOpens(secret: string, subject: string, token: unknown, now = Date.now(), kind: PreviewKind = 'post'): boolean {
  const expiresAt = signedTime(secret, purpose(subject, kind), token);
  return expiresAt !== undefined && expiresAt * 1000 > now;
}
