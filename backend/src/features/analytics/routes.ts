import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { fromDay, toDay, today } from '../dates.js';
import { droppedPath } from './counter.js';
import type { PageViewCount } from './model.js';
import { otherReferrers, type PageViews } from './page-views.js';

export const analyticsMessages = {
  refused: 'Page views are arriving faster than they can be counted, so this one was not. Send it again after Retry-After seconds',
};

/** The answer to a beacon the counter had no room for (the fast path in beacon.ts sends the same). */
export const viewRefused = (retryAfterSeconds: number) =>
  new HttpError(429, analyticsMessages.refused, { headers: { 'Retry-After': String(retryAfterSeconds) } });

const dayMs = 24 * 60 * 60 * 1000;
const shiftDay = (day: string, days: number) => toDay(new Date(fromDay(day).getTime() + days * dayMs));
const topEntries = (totals: Map<string, number>, limit: number) => [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);

function addTo(totals: Map<string, number>, key: string, views: number) {
  totals.set(key, (totals.get(key) ?? 0) + views);
}

export function analyticsHandlers({ db }: Services, pageViews: PageViews): Handlers {
  const counts = db.models.PageViewCount;

  return {
    async trackPageView(ctx) {
      const { path, referrer } = requestInput(ctx).body;
      const beacon = { path, referrer, userAgent: ctx.get('user-agent'), purpose: `${ctx.get('sec-purpose')} ${ctx.get('purpose')}`, siteHost: ctx.hostname };
      if ((await pageViews.count(beacon)) === 'refused') throw viewRefused(pageViews.retryAfterSeconds());
      // The same answer whether counted or no view at all: a beacon reads nothing, and a script learns nothing.
      ctx.status = 204;
      ctx.set('Cache-Control', 'no-store');
    },
    async getAnalytics(ctx) {
      const days = requestInput(ctx).params.days ?? 30;
      const to = toDay(today());
      const from = shiftDay(to, -(days - 1));
      const previousFrom = shiftDay(from, -days);
      const documents = await counts
        .find({ day: { $gte: previousFrom, $lte: to }, views: { $gt: 0 } }, { day: 1, path: 1, referrer: 1, views: 1 })
        .lean<PageViewCount[]>();

      const daily = new Map<string, number>();
      for (let day = from; day <= to; day = shiftDay(day, 1)) daily.set(day, 0);
      const pages = new Map<string, number>();
      const referrers = new Map<string, number>();
      let total = 0;
      let previousTotal = 0;
      let direct = 0;
      let dropped = 0;
      let otherSites = 0;
      for (const { day, path, referrer, views } of documents) {
        if (path === droppedPath) {
          if (day >= from) dropped += views;
          continue;
        }
        if (day < from) {
          previousTotal += views;
          continue;
        }
        total += views;
        addTo(daily, day, views);
        addTo(pages, path, views);
        if (referrer === otherReferrers) otherSites += views;
        else if (referrer) addTo(referrers, referrer, views);
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
          other_referrers: otherSites,
          dropped,
        },
      });
    },
  };
}
