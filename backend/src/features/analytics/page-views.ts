import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { PublicCache } from '../../published/cache.js';
import type { Services } from '../../services.js';
import { publishedOnly, type Blog } from '../blogs/model.js';
import { toDay, today } from '../dates.js';
import { PageViewCounter } from './counter.js';
import type { PageViewCount } from './model.js';

/**
 * The public pages whose views are counted, in English and in Hindi (/hi/...): the site's routes
 * and its published posts. Anything else (the admin area, the login page, a 404, a made-up path
 * or post) is not counted, which also bounds what the counts can hold.
 */
const countedPaths = [
  /^\/(hi)?$/,
  /^(\/hi)?\/(about|programs|blog|contact|gallery|volunteer|donate|transparency|privacy\/(volunteer|contact|donate))$/,
  /^(\/hi)?\/blog\/[0-9a-f]{24}$/,
];
const postPath = /^(?:\/hi)?\/blog\/([0-9a-f]{24})$/;

/** Referring sites past the day's number are counted under this name. */
export const otherReferrers = '(other)';

/** Crawlers, link previews and scripts announce themselves; their visits are not page views. */
const botAgents =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python-|httpclient|http-client|java\/|okhttp|libwww|scrapy|node-fetch|axios\//i;

export const isBot = (userAgent: string) => !userAgent.trim() || botAgents.test(userAgent);

/** The page's path as counted: no query or fragment, no trailing slash, lower case. */
export function countedPath(raw: string): string | null {
  const path = raw
    .split(/[?#]/)[0]!
    .toLowerCase()
    .replace(/(.)\/+$/, '$1');
  return countedPaths.some((pattern) => pattern.test(path)) ? path : null;
}

/** The referring site's host name only; '' for none, for a bad URL, or for the site itself. */
export function referrerHost(raw: string | undefined, siteHost: string): string {
  if (!raw) return '';
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return host === siteHost.toLowerCase().replace(/^www\./, '') ? '' : host;
  } catch {
    return '';
  }
}

/** What a beacon says and where it came from: enough to count it, nothing to keep. */
export interface Beacon {
  /** The page's path, as the page sent it (openapi.yaml has checked it). */
  path: string;
  referrer?: string;
  userAgent: string;
  /** Sec-Purpose and Purpose: a prefetch or prerender is no view. */
  purpose: string;
  /** The site's own host name: a referrer from the site itself is no referring site. */
  siteHost: string;
}

/** Counted, not a view at all (answered the same), or refused because the counter is full. */
export type Outcome = 'counted' | 'not a view' | 'refused';

/** The ids of the published posts, read again whenever the published content changes. */
class PublishedPosts {
  private known: { version: number; ids: Set<string> } | undefined;
  private reading: Promise<Set<string>> | undefined;

  constructor(
    private readonly blogs: Model<Blog>,
    private readonly cache: PublicCache,
  ) {}

  async has(id: string): Promise<boolean> {
    const version = await this.cache.version();
    if (this.known?.version === version) return this.known.ids.has(id);
    this.reading ??= this.blogs
      .find(publishedOnly(), { _id: 1 })
      .lean<{ _id: { toHexString(): string } }[]>()
      .then((posts) => new Set(posts.map((post) => post._id.toHexString())))
      .finally(() => (this.reading = undefined));
    const ids = await this.reading;
    this.known = { version, ids };
    return ids.has(id);
  }
}

/** The referring sites of the day, at most `max` (the rest under "other"), shared through the database. */
class ReferringSites {
  private day = '';
  private hosts = new Set<string>();

  constructor(
    private readonly counts: Model<PageViewCount>,
    private readonly max: number,
    private readonly logger: Logger,
  ) {}

  name(day: string, host: string): string {
    if (!host) return '';
    if (day !== this.day) this.startDay(day);
    if (this.hosts.has(host)) return host;
    if (this.hosts.size >= this.max) return otherReferrers;
    this.hosts.add(host);
    return host;
  }

  /** The sites other instances (or this one before a restart) already counted today count too. */
  private startDay(day: string) {
    this.day = day;
    this.hosts = new Set();
    this.counts
      .distinct('referrer', { day })
      .then((stored: string[]) => {
        if (this.day === day) for (const host of stored) if (host && host !== otherReferrers) this.hosts.add(host);
      })
      .catch((error: unknown) => this.logger.warn({ err: error }, "could not read today's referring sites"));
  }
}

/** The page views of one instance: which beacons are views, counted in memory and written in batches. */
export class PageViews {
  private readonly counter: PageViewCounter;
  private readonly posts: PublishedPosts;
  private readonly sites: ReferringSites;

  constructor({ db, logger, config, lifecycle, published }: Pick<Services, 'db' | 'logger' | 'config' | 'lifecycle' | 'published'>) {
    const counts = db.models.PageViewCount;
    this.counter = new PageViewCounter(counts, logger, {
      flushMs: config.pageViewFlushMs,
      maxPending: config.pageViewMaxPending,
      batchSize: 250,
      writeTimeoutMs: 2000,
      maxBackoffMs: 60_000,
      batchGapMs: 250,
    });
    this.posts = new PublishedPosts(db.models.Blog, published.cache);
    this.sites = new ReferringSites(counts, config.pageViewMaxReferrers, logger);
    lifecycle.beforeStop(async () => {
      await this.counter.flush();
      const lost = this.counter.unwritten();
      if (lost) logger.error({ views: lost }, 'page views could not be written before stopping');
    });
  }

  /** Seconds a refused beacon should wait. */
  retryAfterSeconds = () => this.counter.retryAfterSeconds();

  async count({ path, referrer, userAgent, purpose, siteHost }: Beacon): Promise<Outcome> {
    const counted = countedPath(path);
    if (!counted || /prefetch|prerender/i.test(purpose) || isBot(userAgent)) return 'not a view';
    const day = toDay(today());
    const post = postPath.exec(counted);
    if (post) {
      // Whether the post exists cannot be known while the database is away: refused, not guessed.
      const published = await this.posts.has(post[1]!).catch(() => undefined);
      if (published === undefined) return this.counter.drop(day) || 'refused';
      if (!published) return 'not a view';
    }
    return this.counter.add(day, counted, this.sites.name(day, referrerHost(referrer, siteHost))) ? 'counted' : 'refused';
  }
}
