// The published-content cache: public answers are serialised (and gzip/brotli-compressed) once
// per content version, and the version lives in the database so every instance sees a write.
//
//   await bumpContentVersion(services);             // after any write that changes public content
//   await replyCached(ctx, services, async () => ({ body: await list() }));  // in a public GET handler
//
// While public answers are being asked for, each instance reads the version every
// `pollMs` (100 ms) with one indexed lookup and answers from what it last read, so a request
// never waits on the database: an instance learns of a write on another instance within about
// 100 ms (`freshMs`, 250 ms, at worst), and of its own writes at once. When the last good read
// is older than `freshMs`, or the database connection is lost, requests read the version
// themselves, so a database outage still answers 503 instead of an answer that may no longer be
// published. Requests with an Authorization header bypass the cache entirely (admin screens never
// see stale data). nginx keys its own cache of these answers by the same version
// (get_content_version.php, X-Content-Version).
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

/**
 * Marks every public answer cached anywhere as outdated; call it after each write to public
 * content. Given the services, this instance's own cache also stops sharing a version read that
 * began before the write, so a read after the acknowledged write never gets the older version.
 */
export async function bumpContentVersion(target: Database | Pick<Services, 'db' | 'publicCache'>): Promise<void> {
  const db = 'models' in target ? target : target.db;
  const bumped = await db.models.ContentVersion.findOneAndUpdate({ _id: versionId }, { $inc: { version: 1 } }, { upsert: true, new: true })
    .lean<ContentVersion>()
    .exec();
  // Known from the moment the write is done: a read that began before then may hold the old one.
  if (!('models' in target)) target.publicCache.learned(bumped?.version ?? 0, Date.now());
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

export interface PublicCacheOptions {
  maxEntries?: number;
  /** How often the version is read while public answers are asked for. */
  pollMs?: number;
  /** How old the last good version read may be before a request reads it itself. */
  freshMs?: number;
  /** Reading stops after this long without a public request, so an idle instance is quiet. */
  idleMs?: number;
}

export class PublicCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private versionRead: Promise<number> | undefined;
  /** The last version read and when that read began (a read that began earlier never replaces it). */
  private known: { version: number; readAt: number } | undefined;
  private poller: NodeJS.Timeout | undefined;
  private lastAsked = 0;
  private readonly maxEntries: number;
  private readonly pollMs: number;
  private readonly freshMs: number;
  private readonly idleMs: number;

  constructor(
    private readonly db: Database,
    { maxEntries = 1000, pollMs = 100, freshMs = 250, idleMs = 10_000 }: PublicCacheOptions = {},
  ) {
    this.maxEntries = maxEntries;
    this.pollMs = pollMs;
    this.freshMs = freshMs;
    this.idleMs = idleMs;
    // A lost connection may mean the database is gone: requests ask it themselves (and get 503).
    db.connection.on('disconnected', () => this.forget());
  }

  /**
   * The current content version, as last read (at most `freshMs` ago), else read now (one read
   * shared by the requests that arrive together). `atLeast` is a version the caller knows exists
   * (nginx read it a moment ago, maybe from another instance): an older one is not good enough,
   * so the version is read again.
   */
  async version(atLeast = 0): Promise<number> {
    this.lastAsked = Date.now();
    this.poller ??= setInterval(() => this.poll(), this.pollMs).unref();
    const known = this.known;
    if (known && known.version >= atLeast && this.lastAsked - known.readAt <= this.freshMs) return known.version;
    const shared = await this.sharedVersionRead();
    // (A version no read finds, e.g. a forged header, is not taken on trust.)
    return shared >= atLeast ? shared : this.readVersion();
  }

  /** A version this instance wrote (`readAt`: when the write was done) or read (when the read began). */
  learned(version: number, readAt: number): void {
    if (!this.known || readAt >= this.known.readAt) this.known = { version, readAt };
    // A shared read that began before the write is not good enough for later requests.
    this.versionRead = undefined;
  }

  /** Stops trusting the last version read; the next request reads it itself. */
  forget(): void {
    this.known = undefined;
    this.versionRead = undefined;
  }

  /** Stops the background reads (they also stop by themselves once no one asks). */
  stop(): void {
    clearInterval(this.poller);
    this.poller = undefined;
  }

  private poll(): void {
    if (Date.now() - this.lastAsked > this.idleMs) return this.stop();
    if (this.versionRead) return;
    this.sharedVersionRead().catch(() => this.forget());
  }

  private sharedVersionRead(): Promise<number> {
    if (this.versionRead) return this.versionRead;
    const read = this.readVersion().finally(() => {
      if (this.versionRead === read) this.versionRead = undefined;
    });
    this.versionRead = read;
    return read;
  }

  private readVersion(): Promise<number> {
    const readAt = Date.now();
    return this.db.models.ContentVersion.findById(versionId)
      .lean<ContentVersion>()
      .then((found) => {
        const version = found?.version ?? 0;
        this.learned(version, readAt);
        return version;
      });
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
  return header.split(',').some(
    (tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/-(br|gz)?"$/, '')
        .replace(/"$/, '') === answer.etag,
  );
}

/** The version nginx read for this request (get_content_version.php), if it says so. */
function versionSeenByProxy(ctx: Context): number {
  const seen = Number(ctx.get('X-Content-Version'));
  return Number.isSafeInteger(seen) && seen > 0 ? seen : 0;
}

/**
 * Answers a public GET from the cache, keyed by (operation, query string, content version):
 * a strong ETag, 304 on If-None-Match, the body compressed once per version, and the version
 * in X-Content-Version (nginx keys its cache by it). With an Authorization header the cache is
 * skipped.
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
  const version = await services.publicCache.version(versionSeenByProxy(ctx));
  const answer = await services.publicCache.read(`${operationId}?${ctx.querystring}`, produce, version);
  ctx.set(answer.headers);
  ctx.vary('Accept-Encoding');
  // Browsers ask again every time (a 304 while nothing changed).
  ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
  ctx.set('X-Content-Version', String(answer.version));
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

/** GET /api/get_content_version.php: the version nginx keys its cache of public answers by. */
export async function replyContentVersion(ctx: Context, services: Services): Promise<void> {
  const version = await services.publicCache.version();
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Content-Version', String(version));
  ctx.status = 200;
  ctx.body = { success: true, version };
}
