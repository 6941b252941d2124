// Every documented answer of the page-view beacon and the analytics read, except 401/403
// (auth-matrix.ts) and 503 (outage.ts). analytics.test.ts writes counts only when a case
// flushes them, so what a case finds in page_views is what it sent.
import { expect } from 'vitest';
import type { Fixture } from '../support/fixture.js';
import { contractCase, defineCases } from '../support/cases.js';
import { hugeJson } from '../support/requests.js';
import { toDay, today } from '../../../src/features/dates.js';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const track = (fx: Fixture, body: unknown, userAgent = browser) =>
  fx.request.post('/api/track.php').set('User-Agent', userAgent).set('Content-Type', 'application/json').send(JSON.stringify(body));
const views = (fx: Fixture) => fx.t.db.connection.db!.collection<Record<string, unknown>>('page_views');
const flush = (fx: Fixture) => fx.t.lifecycle.stop();
const countOf = async (fx: Fixture, path: string, referrer = '') =>
  ((await views(fx).findOne({ day: toDay(today()), path, referrer }))?.views as number | undefined) ?? 0;

const dayBefore = (days: number) => toDay(new Date(today().getTime() - days * 24 * 60 * 60 * 1000));

const notCounted = (name: string, body: Record<string, unknown>, userAgent = browser, headers: Record<string, string> = {}) =>
  contractCase({
    name: `not counted: ${name}`,
    operationId: 'trackPageView',
    status: 204,
    arrange: async (fx) => {
      await flush(fx);
      return views(fx).countDocuments();
    },
    send: (fx) => {
      const req = track(fx, body, userAgent);
      for (const [header, value] of Object.entries(headers)) req.set(header, value);
      return req;
    },
    check: async (_res, fx, before) => {
      await flush(fx);
      expect(await views(fx).countDocuments()).toBe(before);
    },
  });

export const analyticsCases = defineCases('analytics', [
  contractCase({
    name: 'a view is counted by day, path and referring host, and nothing else is kept',
    operationId: 'trackPageView',
    status: 204,
    send: (fx) => track(fx, { path: '/blog', referrer: 'https://www.google.com/search?q=ngo+ranchi' }),
    check: async (res, fx) => {
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toBe('');
      await flush(fx);
      const stored = await views(fx).findOne({ path: '/blog', referrer: 'google.com' });
      expect(stored).toEqual({ _id: `${toDay(today())}|/blog|google.com`, day: toDay(today()), path: '/blog', referrer: 'google.com', views: 1 });
    },
    changes: [],
  }),
  contractCase({
    name: 'views in one batch are added up; the site itself and a query string are not kept',
    operationId: 'trackPageView',
    status: 204,
    arrange: async (fx) => {
      await track(fx, { path: '/gallery?photo=3', referrer: '' });
      return countOf(fx, '/gallery');
    },
    send: (fx) => track(fx, { path: '/Gallery/', referrer: 'http://127.0.0.1/blog' }),
    check: async (_res, fx, before) => {
      await flush(fx);
      expect(await countOf(fx, '/gallery')).toBe(before + 2);
      expect(await views(fx).countDocuments({ referrer: '127.0.0.1' })).toBe(0);
    },
  }),
  contractCase({
    name: 'a Hindi page is counted under its own path',
    operationId: 'trackPageView',
    status: 204,
    arrange: (fx) => countOf(fx, '/hi/programs'),
    send: (fx) => track(fx, { path: '/hi/programs/', referrer: '' }),
    check: async (_res, fx, before) => {
      await flush(fx);
      expect(await countOf(fx, '/hi/programs')).toBe(before + 1);
    },
  }),
  notCounted('an address under /hi that is no page', { path: '/hi/admin' }),
  notCounted('an admin page', { path: '/admin/dashboard' }),
  notCounted('the login page', { path: '/login' }),
  notCounted('an address that is no page', { path: '/wp-login.php' }),
  notCounted('a crawler', { path: '/about' }, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
  notCounted('a script', { path: '/about' }, 'curl/8.5.0'),
  notCounted('no user agent at all', { path: '/about' }, ''),
  notCounted('a prefetch', { path: '/about' }, browser, { 'Sec-Purpose': 'prefetch' }),
  contractCase({
    name: 'no path',
    operationId: 'trackPageView',
    status: 400,
    send: (fx) => track(fx, { referrer: 'https://example.org/' }),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'path' })),
  }),
  contractCase({
    name: 'a path that is a full URL',
    operationId: 'trackPageView',
    status: 400,
    send: (fx) => track(fx, { path: 'https://example.org/blog' }),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'path' })),
  }),
  contractCase({
    name: 'a field the beacon does not send (no identifiers are taken)',
    operationId: 'trackPageView',
    status: 400,
    send: (fx) => track(fx, { path: '/blog', visitor_id: 'abc' }),
  }),
  contractCase({
    name: 'a 1 MB body',
    operationId: 'trackPageView',
    status: 413,
    send: (fx) => fx.request.post('/api/track.php').set('Content-Type', 'application/json').send(hugeJson('referrer')),
  }),
  contractCase({
    name: 'text/plain',
    operationId: 'trackPageView',
    status: 415,
    send: (fx) => fx.request.post('/api/track.php').set('Content-Type', 'text/plain').send('{"path":"/blog"}'),
  }),
  contractCase({
    name: 'the last 30 days (the default): every day, totals against the 30 before, top pages and referrers',
    operationId: 'getAnalytics',
    status: 200,
    arrange: async (fx) => {
      await flush(fx);
      await views(fx).deleteMany({});
      const day = (days: number) => dayBefore(days);
      const rows: [string, string, string, number][] = [
        [day(0), '/', '', 5],
        [day(0), '/blog', 'google.com', 3],
        [day(1), '/blog', 'facebook.com', 2],
        [day(29), '/about', 'google.com', 1],
        [day(30), '/', '', 7], // the 30 days before
        [day(59), '/donate', '', 4],
        [day(60), '/donate', '', 100], // older than both ranges
      ];
      await views(fx).insertMany(
        rows.map(([d, path, referrer, count]) => ({ _id: `${d}|${path}|${referrer}` as never, day: d, path, referrer, views: count })),
      );
    },
    send: (fx) => fx.request.get('/api/get_analytics.php').set('Authorization', fx.admin),
    check: (res) => {
      const data = res.body.data;
      expect(data).toMatchObject({ days: 30, from: dayBefore(29), to: dayBefore(0), total: 11, previous_total: 11, direct: 5 });
      expect(data.daily).toHaveLength(30);
      expect(data.daily[0]).toEqual({ date: dayBefore(29), views: 1 });
      expect(data.daily.at(-2)).toEqual({ date: dayBefore(1), views: 2 });
      expect(data.daily.at(-1)).toEqual({ date: dayBefore(0), views: 8 });
      expect(data.top_pages).toEqual([
        { path: '/', views: 5 },
        { path: '/blog', views: 5 },
        { path: '/about', views: 1 },
      ]);
      expect(data.top_referrers).toEqual([
        { host: 'google.com', views: 4 },
        { host: 'facebook.com', views: 2 },
      ]);
    },
  }),
  contractCase({
    name: 'the last 7 days',
    operationId: 'getAnalytics',
    status: 200,
    send: (fx) => fx.request.get('/api/get_analytics.php?days=7').set('Authorization', fx.admin),
    check: (res) => {
      expect(res.body.data.daily).toHaveLength(7);
      expect(res.body.data.from).toBe(dayBefore(6));
    },
  }),
  contractCase({
    name: 'the last 90 days',
    operationId: 'getAnalytics',
    status: 200,
    send: (fx) => fx.request.get('/api/get_analytics.php?days=90').set('Authorization', fx.admin),
    check: (res) => expect(res.body.data.daily).toHaveLength(90),
  }),
  contractCase({
    name: 'a range that is not 7, 30 or 90 days',
    operationId: 'getAnalytics',
    status: 400,
    send: (fx) => fx.request.get('/api/get_analytics.php?days=14').set('Authorization', fx.admin),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('days'),
  }),
]);
