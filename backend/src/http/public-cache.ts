// The published-content cache: public answers are serialised (and gzip/brotli-compressed) once
// per content version, and the version lives in the database so every instance sees a write.
//
//   await bumpContentVersion(services.db);          // after any write that changes public content
//   await replyCached(ctx, services, async () => ({ body: await list() }));  // in a public GET handler
//
// A request reads the version with one indexed lookup (concurrent requests share it), so an
// instance learns of a write on another instance at once, and a database outage still answers
// 503 instead of an answer that may no longer be published. Requests with an Authorization
// header bypass the cache entirely (admin screens never see stale data).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Schema } from 'mongoose';
import type { Database } from '../database.js';
import type { Context, Services } from '../services.js';

export interface ContentVersion {
  _id: string;
  version: number;
}

export const contentVersionSchema = new Schema<ContentVersion>({ _id: String, version: Number }, { versionKey: false });
const versionId = 'published';

/** Marks every public answer cached anywhere as outdated; call it after each write to public content. */
export async function bumpContentVersion(db: Database): Promise<void> {
  await db.models.ContentVersion.updateOne({ _id: versionId }, { $inc: { version: 1 } }, { upsert: true });
}

/** What a public handler produces: the JSON body and any headers that belong to it. */
export interface PublicAnswer {
  body: unknown;
  headers?: Record<string, string>;
}

export interface CachedAnswer {
  version: number;
  /** What the handler produced, for callers (server-rendered pages) that need the data itself. */
  value: unknown;
  headers: Record<string, string>;
  json: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
}

export class PublicCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private versionRead: Promise<number> | undefined;

  constructor(
    private readonly db: Database,
    private readonly maxEntries = 1000,
  ) {}

  /** The current content version: one indexed read, shared by requests that arrive together. */
  version(): Promise<number> {
    this.versionRead ??= this.db.models.ContentVersion.findById(versionId)
      .lean<ContentVersion>()
      .then((found) => found?.version ?? 0)
      .finally(() => {
        this.versionRead = undefined;
      });
    return this.versionRead;
  }

  /** The answer for `key` at the current version, produced (once) when there is none yet. */
  async read(key: string, produce: () => Promise<PublicAnswer>, version?: number): Promise<CachedAnswer> {
    const current = version ?? (await this.version());
    const cached = this.answers.get(key);
    if (cached && cached.version === current) return cached;
    const { body: value, headers = {} } = await produce();
    const json = Buffer.from(JSON.stringify(value));
    const digest = createHash('sha1').update(key).digest('base64url').slice(0, 10);
    const answer: CachedAnswer = { version: current, value, headers, json, etag: `"v${current}-${digest}` };
    // A version read before a write may finish after a newer one: never replace newer with older.
    const latest = this.answers.get(key);
    if (latest && latest.version > current) return answer;
    this.answers.delete(key);
    if (this.answers.size >= this.maxEntries) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
    return answer;
  }
}

function encode(answer: CachedAnswer, preferred: string | false): { encoding?: 'br' | 'gzip'; body: Buffer } {
  if (answer.json.length < 256) return { body: answer.json };
  if (preferred === 'br') {
    answer.br ??= brotliCompressSync(answer.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return { encoding: 'br', body: answer.br };
  }
  if (preferred === 'gzip') {
    answer.gzip ??= gzipSync(answer.json, { level: 6 });
    return { encoding: 'gzip', body: answer.gzip };
  }
  return { body: answer.json };
}

/** Whether If-None-Match names this answer (in any of its encodings). */
function isFresh(ctx: Context, answer: CachedAnswer): boolean {
  const header = ctx.get('If-None-Match');
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '').replace(/-(br|gz)?"$/, '').replace(/"$/, '') === answer.etag);
}

/**
 * Answers a public GET from the cache, keyed by (operation, query string, content version):
 * a strong ETag, 304 on If-None-Match, the body compressed once per version, and a
 * one-second hold for nginx's microcache. With an Authorization header the cache is skipped.
 */
export async function replyCached(ctx: Context, services: Services, produce: () => Promise<PublicAnswer>): Promise<void> {
  if (ctx.get('Authorization')) {
    const { body, headers = {} } = await produce();
    ctx.status = 200;
    ctx.set(headers);
    ctx.body = body as object;
    ctx.set('Cache-Control', 'private, no-store');
    return;
  }
  const operationId = (ctx.state.operation as { operationId?: string } | undefined)?.operationId ?? ctx.path;
  const answer = await services.publicCache.read(`${operationId}?${ctx.querystring}`, produce);
  ctx.set(answer.headers);
  ctx.vary('Accept-Encoding');
  ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
  // nginx holds the answer for one second (and strips this header).
  ctx.set('X-Accel-Expires', '1');
  const { encoding, body } = encode(answer, ctx.acceptsEncodings('br', 'gzip', 'identity'));
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
