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
  (
    await views(fx)
      .find({ day: toDay(today()), path, referrer })
      .toArray()
  ).reduce((sum, count) => sum + (count.views as number), 0);

const dayBefore = (days: number) => toDay(new Date(today().getTime() - days * 24 * 60 * 60 * 1000));

const notCounted = (name: string, body: Record<string, unknown>, userAgent = browser, headers: Record<string, string> = {}) =>
  contractCase('trackPageView', 204, `not counted: ${name}`, {
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
  contractCase('trackPageView', 204, 'a view is counted by day, path and referring host, and nothing else is kept', {
    send: (fx) => track(fx, { path: '/blog', referrer: 'https://www.google.com/search?q=ngo+ranchi' }),
    check: async (res, fx) => {
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toBe('');
      await flush(fx);
      const { _id, batch, ...stored } = (await views(fx).findOne({ path: '/blog', referrer: 'google.com' }))!;
      expect(stored).toEqual({ day: toDay(today()), path: '/blog', referrer: 'google.com', views: 1 });
      // Beside the count, only which instance wrote it, and its last batch (a batch written twice counts once).
      expect(String(_id)).toMatch(new RegExp(`^${toDay(today())}\\|/blog\\|google\\.com\\|[0-9a-f]{12}$`));
      expect(batch).toEqual(expect.any(Number));
    },
    changes: [],
  }),
  contractCase('trackPageView', 204, 'views in one batch are added up; the site itself and a query string are not kept', {
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
  contractCase('trackPageView', 204, 'a Hindi page is counted under its own path', {
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
  notCounted('a post that does not exist', { path: '/blog/65f1c0ffee0000000000abcd' }),
  contractCase('trackPageView', 204, 'a published post is counted, in both languages; a draft is no page yet', {
    arrange: async (fx) => {
      await flush(fx);
      const post = await fx.addBlog({ title: 'Counted post', category: 'health' });
      const draft = await fx.addBlog({ title: 'Unpublished post', status: 'draft' });
      return { post: post.id, draft: draft.id };
    },
    send: (fx, { post }) => track(fx, { path: `/blog/${post}` }),
    check: async (_res, fx, { post, draft }) => {
      expect((await track(fx, { path: `/hi/blog/${post}` })).status).toBe(204);
      expect((await track(fx, { path: `/blog/${draft}` })).status).toBe(204);
      await flush(fx);
      expect(await countOf(fx, `/blog/${post}`)).toBe(1);
      expect(await countOf(fx, `/hi/blog/${post}`)).toBe(1);
      expect(await views(fx).countDocuments({ path: `/blog/${draft}` })).toBe(0);
    },
  }),
  contractCase('trackPageView', 204, "the day's referring sites past the limit are counted under other, every view counted", {
    arrange: async (fx) => {
      await flush(fx);
      return views(fx).countDocuments({ day: toDay(today()) });
    },
    send: (fx) => track(fx, { path: '/donate', referrer: 'https://first.example/' }),
    check: async (_res, fx) => {
      for (const site of ['second', 'third', 'fourth', 'fifth'])
        expect((await track(fx, { path: '/donate', referrer: `https://${site}.example/` })).status).toBe(204);
      await flush(fx);
      const stored = await views(fx)
        .find({ day: toDay(today()), path: '/donate' })
        .toArray();
      expect(stored.reduce((sum, count) => sum + (count.views as number), 0)).toBe(5);
      const sites = await views(fx).distinct('referrer', { day: toDay(today()), referrer: { $nin: ['', '(other)'] } });
      expect(sites.length).toBe(3);
      expect(stored.find((count) => count.referrer === '(other)')?.views).toBeGreaterThanOrEqual(2);
    },
  }),
  notCounted('a crawler', { path: '/about' }, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
  notCounted('a script', { path: '/about' }, 'curl/8.5.0'),
  notCounted('no user agent at all', { path: '/about' }, ''),
  notCounted('a prefetch', { path: '/about' }, browser, { 'Sec-Purpose': 'prefetch' }),
  contractCase('trackPageView', 400, 'no path', {
    send: (fx) => track(fx, { referrer: 'https://example.org/' }),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'path' })),
  }),
  contractCase('trackPageView', 400, 'a path that is a full URL', {
    send: (fx) => track(fx, { path: 'https://example.org/blog' }),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'path' })),
  }),
  contractCase('trackPageView', 400, 'a field the beacon does not send (no identifiers are taken)', {
    send: (fx) => track(fx, { path: '/blog', visitor_id: 'abc' }),
  }),
  contractCase('trackPageView', 413, 'a 1 MB body', {
    send: (fx) => fx.request.post('/api/track.php').set('Content-Type', 'application/json').send(hugeJson('referrer')),
  }),
  contractCase('trackPageView', 415, 'text/plain', {
    send: (fx) => fx.request.post('/api/track.php').set('Content-Type', 'text/plain').send('{"path":"/blog"}'),
  }),
  contractCase('getAnalytics', 200, 'the last 30 days (the default): every day, totals against the 30 before, top pages and referrers', {
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
  contractCase('getAnalytics', 200, 'the last 7 days', {
    send: (fx) => fx.request.get('/api/get_analytics.php?days=7').set('Authorization', fx.admin),
    check: (res) => {
      expect(res.body.data.daily).toHaveLength(7);
      expect(res.body.data.from).toBe(dayBefore(6));
    },
  }),
  contractCase('getAnalytics', 200, 'the last 90 days', {
    send: (fx) => fx.request.get('/api/get_analytics.php?days=90').set('Authorization', fx.admin),
    check: (res) => expect(res.body.data.daily).toHaveLength(90),
  }),
  contractCase('trackPageView', 429, 'more distinct counts waiting than an instance keeps: refused openly, and counted as dropped', {
    arrange: async (fx) => {
      await flush(fx);
      await views(fx).deleteMany({});
      // Six counts waiting: the most this app keeps unwritten.
      for (const path of ['/', '/about', '/programs', '/blog', '/contact', '/gallery']) expect((await track(fx, { path })).status).toBe(204);
    },
    send: (fx) => track(fx, { path: '/volunteer' }),
    check: async (res, fx) => {
      expect(res.body.message).toMatch(/^Page views are arriving faster than they can be counted/);
      // A view of a page already waiting still has room; the refused one is counted as dropped.
      expect((await track(fx, { path: '/about' })).status).toBe(204);
      await flush(fx);
      expect(await countOf(fx, '/about')).toBe(2);
      expect(await countOf(fx, '/volunteer')).toBe(0);
      const analytics = await fx.request.get('/api/get_analytics.php?days=7').set('Authorization', fx.admin);
      expect(analytics.body.data).toMatchObject({ total: 7, dropped: 1 });
      expect(analytics.body.data.top_pages).not.toContainEqual(expect.objectContaining({ path: '(dropped)' }));
      // Written, the counter has room again.
      expect((await track(fx, { path: '/volunteer' })).status).toBe(204);
    },
  }),
  contractCase('getAnalytics', 200, 'dropped views and referring sites past the daily limit are shown apart', {
    arrange: async (fx) => {
      await flush(fx);
      await views(fx).deleteMany({});
      const day = dayBefore(1);
      await views(fx).insertMany([
        { _id: `${day}|/|news.example` as never, day, path: '/', referrer: 'news.example', views: 4 },
        { _id: `${day}|/|(other)` as never, day, path: '/', referrer: '(other)', views: 9 },
        { _id: `${day}|(dropped)|` as never, day, path: '(dropped)', referrer: '', views: 120 },
      ]);
    },
    send: (fx) => fx.request.get('/api/get_analytics.php?days=7').set('Authorization', fx.admin),
    check: (res) => {
      expect(res.body.data).toMatchObject({ total: 13, direct: 0, other_referrers: 9, dropped: 120 });
      expect(res.body.data.top_referrers).toEqual([{ host: 'news.example', views: 4 }]);
      expect(res.body.data.top_pages).toEqual([{ path: '/', views: 13 }]);
    },
  }),
  contractCase('getAnalytics', 400, 'a range that is not 7, 30 or 90 days', {
    send: (fx) => fx.request.get('/api/get_analytics.php?days=14').set('Authorization', fx.admin),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('days'),
  }),
]);
