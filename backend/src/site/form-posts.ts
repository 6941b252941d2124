// The site's forms taken as plain form posts (docs/forms.md). A browser without the page's script
// posts the form to the page's own URL; the server carries it out through the very checks and
// handler of its API operation (the contract, idempotency, the anonymous-form limits), then
// answers as a page: 303 to the page saying it was sent, or the page again with what was typed.
import type { Context, Middleware } from 'koa';
import { plainFormFields, plainFormMaxBytes, sentQuery, type PostedForm } from '@ngo-site/shared';
import { formFieldsBody, readUrlEncodedBody } from '../http/body.js';
import { HttpError, databaseDownMessage, isDatabaseDownError } from '../http/errors.js';
import type { Operation } from '../http/openapi.js';
import type { Services } from '../services.js';
import { formTokenAge } from './form-token.js';

export const plainFormMessages = {
  crossSite: 'This form can only be sent from its own page on this site.',
};

/** A form the site takes as a plain post: its operation, and the operation's steps after its body is read. */
export interface PostableForm {
  operation: Operation;
  run: Middleware;
}

/** Shows the form's page again (status 4xx or 503) with what was typed and why it was refused. */
export type ShowRefusal = (ctx: Context, status: number, form: PostedForm, token: string | undefined) => Promise<void>;

/** The pages an operation is posted at as a plain form (`pages` of x-anonymous-form or x-page-form). */
export const formPagesOf = (operation: Operation) => [...(operation.anonymousForm?.pages ?? []), ...(operation.pageForm?.pages ?? [])];

/** The form a page takes as a plain post, if any. */
export type FormAtPage = (path: string) => PostableForm | undefined;

/**
 * The forms by the page paths that take them (`pages` of x-anonymous-form or x-page-form in
 * openapi.yaml). A page may name one segment `{id}` (`/events/{id}`): any single segment there; a
 * page named in full wins.
 */
export function postableForms(forms: PostableForm[]): FormAtPage {
  const pages = forms.flatMap((form) => formPagesOf(form.operation).map((page) => ({ page, form })));
  const exact = new Map(pages.filter(({ page }) => !page.includes('{')).map(({ page, form }) => [page, form]));
  const templates = pages
    .filter(({ page }) => page.includes('{'))
    .map(({ page, form }) => ({ pattern: new RegExp(`^${page.replace(/\{[a-z_]+\}/g, '[^/]+')}$`), form }));
  return (path) => exact.get(path) ?? templates.find(({ pattern }) => pattern.test(path))?.form;
}

const langOfPage = (page: string) => (page === '/hi' || page.startsWith('/hi/') ? 'hi' : 'en');

/**
 * A post another site made the browser send: refused. Browsers name the sender in Sec-Fetch-Site
 * (all current ones) or Origin; a browser that sends neither is taken at its word.
 */
function sentFromElsewhere(ctx: Context, ownOrigins: Set<string>): boolean {
  const site = ctx.get('Sec-Fetch-Site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = ctx.get('Origin');
  return origin !== '' && !ownOrigins.has(origin);
}

/**
 * Answers a plain post of a form at one of its pages. Success: 303 to the page with ?sent=1, so
 * a reload shows it again without sending. Refused: `showRefusal` with the API's status and
 * sentence. A post from another site: 403, nothing read.
 */
export function answerFormPost(services: Services, forms: FormAtPage, showRefusal: ShowRefusal) {
  const secret = services.config.jwtSecret;
  const ownOrigin = new URL(services.config.publicUrl).origin;
  return async (ctx: Context): Promise<boolean> => {
    const form = forms(ctx.path);
    if (!form) return false;
    ctx.set('Cache-Control', 'no-store');
    const page = ctx.path;
    if (sentFromElsewhere(ctx, new Set([ownOrigin, `${ctx.protocol}://${ctx.host}`]))) {
      ctx.req.resume();
      await showRefusal(ctx, 403, { values: {}, message: plainFormMessages.crossSite, fields: [] }, undefined);
      return true;
    }
    let values: Record<string, string> = {};
    let token: string | undefined;
    try {
      const fields = await readUrlEncodedBody(ctx, plainFormMaxBytes);
      token = fields.get(plainFormFields.token);
      const key = fields.get(plainFormFields.idempotencyKey);
      fields.delete(plainFormFields.token);
      fields.delete(plainFormFields.idempotencyKey);
      fields.delete('elapsed_ms');
      values = Object.fromEntries([...fields].filter(([name]) => name !== 'website'));
      // The operation reads its input as the API's: the body, the page's language, the key.
      const body = formFieldsBody(form.operation, fields);
      const anonymous = form.operation.anonymousForm;
      // Time past the minimum counts as the minimum: a resend then carries the very body the
      // first send did, which the idempotency key's record compares.
      if (anonymous) body.elapsed_ms = Math.min(formTokenAge(secret, token) ?? 0, anonymous.minimumMs);
      ctx.request.body = body as typeof ctx.request.body;
      ctx.querystring = langOfPage(page) === 'hi' ? 'lang=hi' : '';
      if (key) ctx.request.headers['idempotency-key'] = key;
      else delete ctx.request.headers['idempotency-key'];
      await form.run(ctx, async () => {});
    } catch (error) {
      if (error instanceof HttpError) {
        for (const [name, value] of Object.entries(error.options.headers ?? {})) ctx.set(name, value);
        const named = new Set((error.options.errors ?? []).map((found) => found.field));
        const order = [...form.operation.bodyFields.keys()].filter((name) => named.has(name));
        await showRefusal(ctx, error.status, { values, message: error.message, fields: order }, token);
        return true;
      }
      if (!isDatabaseDownError(error)) throw error;
      ctx.set('Retry-After', '5');
      await showRefusal(ctx, 503, { values, message: databaseDownMessage, fields: [] }, token);
      return true;
    }
    // A replayed answer (the same key sent again) is the first one's: sent, or refused as then.
    if (ctx.status >= 200 && ctx.status < 300) {
      const accepted = ctx.status === 202;
      ctx.status = 303;
      const status = (ctx.body as { data?: { status?: unknown } } | undefined)?.data?.status;
      const outcome = typeof status === 'string' ? `&${sentQuery.status}=${encodeURIComponent(status)}` : '';
      ctx.redirect(`${page}?${sentQuery.name}=${accepted ? sentQuery.accepted : sentQuery.value}${outcome}`);
      return true;
    }
    const answer = (ctx.body ?? {}) as { message?: string };
    await showRefusal(ctx, ctx.status, { values, message: answer.message ?? '', fields: [] }, token);
    return true;
  };
}
