import { reply, requestInput, type Handlers, type Services } from '../../services.js';
import { fromDay, toDay, today } from '../dates.js';
import { PageViewCounter } from './counter.js';
import type { PageViewCount } from './model.js';

/**
 * The public pages whose views are counted, in English and in Hindi (/hi/...). Anything else (the admin area, the login page, an
 * address that is no page: a 404, or a made-up path) is not counted, which also bounds what the
 * counts can hold.
 */
const countedPaths = [/^\/(hi)?$/, /^(\/hi)?\/(about|programs|blog|contact|gallery|volunteer|donate)$/, /^(\/hi)?\/blog\/[0-9a-f]{24}$/];

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

const dayMs = 24 * 60 * 60 * 1000;
const shiftDay = (day: string, days: number) => toDay(new Date(fromDay(day).getTime() + days * dayMs));
const topEntries = (totals: Map<string, number>, limit: number) => [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);

function addTo(totals: Map<string, number>, key: string, views: number) {
  totals.set(key, (totals.get(key) ?? 0) + views);
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

/** The page views of one instance, counted in memory and written in batches. */
export class PageViews {
  private readonly counter: PageViewCounter;

  constructor({ db, logger, config, lifecycle }: Pick<Services, 'db' | 'logger' | 'config' | 'lifecycle'>) {
    this.counter = new PageViewCounter(db.models.PageViewCount, logger, config.pageViewFlushMs);
    lifecycle.beforeStop(() => this.counter.flush());
  }

  /** Counts a visitor's view of a public page; anything else is let go without a word. */
  count({ path, referrer, userAgent, purpose, siteHost }: Beacon) {
    const counted = countedPath(path);
    if (counted && !/prefetch|prerender/i.test(purpose) && !isBot(userAgent)) {
      this.counter.add(toDay(today()), counted, referrerHost(referrer, siteHost));
    }
  }
}

export function analyticsHandlers({ db }: Services, pageViews: PageViews): Handlers {
  const counts = db.models.PageViewCount;

  return {
    async trackPageView(ctx) {
      const { path, referrer } = requestInput(ctx).body;
      pageViews.count({ path, referrer, userAgent: ctx.get('user-agent'), purpose: `${ctx.get('sec-purpose')} ${ctx.get('purpose')}`, siteHost: ctx.hostname });
      // The same answer whether counted or not: a beacon reads nothing, and a script learns nothing.
      ctx.status = 204;
      ctx.set('Cache-Control', 'no-store');
    },
    async getAnalytics(ctx) {
      const days = requestInput(ctx).params.days ?? 30;
      const to = toDay(today());
      const from = shiftDay(to, -(days - 1));
      const previousFrom = shiftDay(from, -days);
      const documents = await counts.find({ day: { $gte: previousFrom, $lte: to } }, { day: 1, path: 1, referrer: 1, views: 1 }).lean<PageViewCount[]>();

      const daily = new Map<string, number>();
      for (let day = from; day <= to; day = shiftDay(day, 1)) daily.set(day, 0);
      const pages = new Map<string, number>();
      const referrers = new Map<string, number>();
      let total = 0;
      let previousTotal = 0;
      let direct = 0;
      for (const { day, path, referrer, views } of documents) {
        if (day < from) {
          previousTotal += views;
          continue;
        }
        total += views;
        addTo(daily, day, views);
        addTo(pages, path, views);
        if (referrer) addTo(referrers, referrer, views);
        else direct += views;
      }
      reply(ctx, 200, {
        success: true,
        data: {
          days,
          from,
          to,
          total,
          previous_total: previousTotal,
          direct,
          daily: [...daily].map(([date, views]) => ({ date, views })),
          top_pages: topEntries(pages, 10).map(([path, views]) => ({ path, views })),
          top_referrers: topEntries(referrers, 10).map(([host, views]) => ({ host, views })),
        },
      });
    },
  };
}
