// The hidden fields a form page carries for a plain form post (docs/forms.md): the time the page
// was served, signed with the site's secret so the minimum time on the page cannot be claimed by
// the sender, and an idempotency key, so that a double tap or a resend stores the form once.
import { randomUUID } from 'node:crypto';
import { plainFormFields } from '@ngo-site/shared';
import { signTime, signedTime } from '../signed-time.js';

const purpose = 'plain-form-token';

/** A token saying "this page was served at `now`" that only this site can make. */
export const issueFormToken = (secret: string, now = Date.now()) => signTime(secret, purpose, now);

/** How long ago (ms) the token was issued; undefined for a token this site did not make. */
export function formTokenAge(secret: string, token: string | undefined, now = Date.now()): number | undefined {
  const issuedAt = signedTime(secret, purpose, token);
  return issuedAt !== undefined && now >= issuedAt ? now - issuedAt : undefined;
}

// The renderer writes both hidden fields without a value (React then leaves them alone when it
// takes the page over); each visitor's page gets its own values here.
const hiddenField = new RegExp(`<input type="hidden" name="(${plainFormFields.token}|${plainFormFields.idempotencyKey})"/>`, 'g');

/** Whether a rendered page holds a form that needs its hidden fields filled in per visitor. */
export const hasPlainForm = (html: string) => html.includes(`name="${plainFormFields.token}"`);

/** The page with its form's hidden fields filled in: `token` when given (a form shown again), else a fresh one. */
export function withFormFields(html: string, secret: string, token?: string): string {
  const values: Record<string, string> = { [plainFormFields.token]: token ?? issueFormToken(secret), [plainFormFields.idempotencyKey]: randomUUID() };
  return html.replace(hiddenField, (_tag, name: string) => `<input type="hidden" name="${name}" value="${values[name]}"/>`);
}
