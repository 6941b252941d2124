import { CompressedText } from '../http/compressed.js';
import type { Context } from '../http/handlers.js';
import type { CachedAnswer, PublicAnswer, PublicCache } from './cache.js';

/** Each cached answer's JSON, serialised and compressed once. */
const jsonOf = new WeakMap<CachedAnswer, CompressedText>();

/** Whether If-None-Match names this answer (in any of its encodings). */
function isFresh(ctx: Context, answer: CachedAnswer): boolean {
  const header = ctx.get('If-None-Match');
  if (!header) return false;
  return header.split(',').some(
    (tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/-(br|gz)?"$/, '')
        .replace(/"$/, '') === answer.etag,
  );
}

/** The operation and its query parameters as validated: an unknown parameter shares the entry. */
function cacheKey(ctx: Context): string {
  const { operation, input } = ctx.state;
  if (!operation || !input) return `${ctx.path}?${ctx.querystring}`;
  const query = operation.parameters.filter((p) => p.in === 'query' && p.name in input.params).map((p) => [p.name, input.params[p.name]]);
  return `${operation.operationId}?${JSON.stringify(query)}`;
}

/**
 * Answers a public GET from the cache, keyed by (operation, its parameters, content version):
 * a strong ETag per encoding, 304 on If-None-Match, and the version in X-Content-Version.
 * A request with an Authorization header is answered afresh and never kept.
 */
export async function replyCached(ctx: Context, cache: PublicCache, produce: () => Promise<PublicAnswer>): Promise<void> {
  if (ctx.get('Authorization')) {
    const { body, headers = {} } = await produce();
    ctx.status = 200;
    ctx.set(headers);
    ctx.body = body as object;
    ctx.set('Cache-Control', 'private, no-store');
    return;
  }
  const answer = await cache.read(cacheKey(ctx), produce);
  let json = jsonOf.get(answer);
  if (!json) jsonOf.set(answer, (json = new CompressedText(JSON.stringify(answer.value))));
  ctx.set(answer.headers);
  // Browsers ask again every time (a 304 while nothing changed).
  ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
  ctx.set('X-Content-Version', String(answer.version));
  const { encoding, body } = json.encodedFor(ctx);
  const suffix = encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : '';
  ctx.set('ETag', `${answer.etag}${suffix}"`);
  if (isFresh(ctx, answer)) {
    ctx.status = 304;
    return;
  }
  ctx.status = 200;
  ctx.state.answer = answer.value;
  ctx.type = 'application/json';
  if (encoding) ctx.set('Content-Encoding', encoding);
  ctx.body = body;
}
