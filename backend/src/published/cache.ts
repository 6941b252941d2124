// The published-content cache: one version in the database, raised by every write to public
// content, and this instance's public answers kept per version. While asked, each instance reads
// the version every 100 ms; nginx keeps public answers for its current 200 ms (nginx/nginx.conf).
import { createHash } from 'node:crypto';
import type { Database } from '../database.js';
import { Claims, RisingNumber } from '../invariants/claims.js';
import { contentVersionId, contentVersionItem, type ContentVersion } from './model.js';

/**
 * The published-content version: a number that only rises, on FerretDB too (each raise claims
 * the next number by insert). A database from before kept it in content_version: it starts there.
 */
export function contentVersionNumber(db: Database): RisingNumber {
  const before = async () => (await db.models.ContentVersion.findById(contentVersionId).lean<ContentVersion>())?.version ?? 0;
  return new RisingNumber(new Claims(db.models.Claim), contentVersionItem, before);
}

/** What a public read produces: the body and any headers that belong to it. */
export interface PublicAnswer<Body = unknown> {
  body: Body;
  headers?: Record<string, string>;
}

export interface CachedAnswer {
  version: number;
  /** What the producer made; callers keep what they derive from it (bytes, HTML) per answer. */
  value: unknown;
  headers: Record<string, string>;
  etag: string;
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
  /** Answers being produced, by version and key. */
  private readonly producing = new Map<string, Promise<CachedAnswer>>();
  private versionRead: Promise<number> | undefined;
  /** The last version read and when that read began (a read that began earlier never replaces it). */
  private known: { version: number; readAt: number } | undefined;
  private poller: NodeJS.Timeout | undefined;
  private lastAsked = 0;
  private readonly maxEntries: number;
  private readonly pollMs: number;
  private readonly freshMs: number;
  private readonly idleMs: number;
  private readonly number: RisingNumber;

  constructor(db: Database, { maxEntries = 1000, pollMs = 100, freshMs = 250, idleMs = 10_000 }: PublicCacheOptions = {}) {
    this.maxEntries = maxEntries;
    this.pollMs = pollMs;
    this.freshMs = freshMs;
    this.idleMs = idleMs;
    this.number = contentVersionNumber(db);
    // A lost connection may mean the database is gone: requests ask it themselves (and get 503).
    db.connection.on('disconnected', () => this.forget());
  }

  /**
   * The current content version, as last read (at most `freshMs` ago), else read now (one read
   * shared by the requests that arrive together). Asking starts the reads every `pollMs`.
   */
  async version(): Promise<number> {
    this.lastAsked = Date.now();
    this.poller ??= setInterval(() => this.poll(), this.pollMs).unref();
    const known = this.known;
    if (known && this.lastAsked - known.readAt <= this.freshMs) return known.version;
    return this.sharedVersionRead();
  }

  /**
   * Marks every public answer cached anywhere as outdated; run after each write to public
   * content. This instance knows the new version at once: a read after the write never gets the older one.
   */
  async bump(): Promise<void> {
    const version = await this.number.raise();
    // Known from the moment the write is done: a read that began before then may hold the old one.
    this.learned(version, Date.now());
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

  /**
   * A version this instance wrote (`readAt`: when the write was done) or read (when the read
   * began). The version only rises, so the higher of two is current at the later of their times
   * (two raises here may end in either order).
   */
  private learned(version: number, readAt: number): void {
    const known = this.known;
    this.known = known ? { version: Math.max(version, known.version), readAt: Math.max(readAt, known.readAt) } : { version, readAt };
    // A shared read that began before the write is not good enough for later requests.
    this.versionRead = undefined;
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
    return this.number.current().then((version) => {
      this.learned(version, readAt);
      return version;
    });
  }

  /** The answer for `key` at the current version, produced once when there is none yet (requests that meet it being produced share it). */
  async read(key: string, produce: () => Promise<PublicAnswer>, version?: number): Promise<CachedAnswer> {
    const current = version ?? (await this.version());
    const cached = this.answers.get(key);
    if (cached && cached.version === current) return cached;
    const producingKey = `${current}|${key}`;
    let producing = this.producing.get(producingKey);
    if (!producing) {
      producing = this.produce(key, produce, current).finally(() => this.producing.delete(producingKey));
      this.producing.set(producingKey, producing);
    }
    return producing;
  }

  private async produce(key: string, produce: () => Promise<PublicAnswer>, current: number): Promise<CachedAnswer> {
    const { body: value, headers = {} } = await produce();
    const digest = createHash('sha1').update(key).digest('base64url').slice(0, 10);
    const answer: CachedAnswer = { version: current, value, headers, etag: `"v${current}-${digest}` };
    // A version read before a write may finish after a newer one: never replace newer with older.
    const latest = this.answers.get(key);
    if (latest && latest.version > current) return answer;
    this.answers.delete(key);
    if (this.answers.size >= this.maxEntries) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
    return answer;
  }
}
