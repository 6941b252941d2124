// The page-view beacon's early answer (http/early-answer.ts) against the same app through Koa: what it answers
// is what Koa answers, what it does not take reaches Koa whole, and a view is counted once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { toDay, today } from '../dates.js';

let t: TestApp;
beforeAll(async () => {
  // Room for three distinct counts waiting, so a test can fill the counter.
  t = await startTestApp({ env: { PAGE_VIEW_MAX_PENDING: '3', PAGE_VIEW_FLUSH_MS: '600000' } });
});
afterAll(async () => {
  await t?.stop();
});

const browser = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const beacon = JSON.stringify({ path: '/volunteer', referrer: 'https://news.example.org/story' });
const views = async () => {
  await t.lifecycle.stop(); // writes the counted views
  const stored = await t.db.models.PageViewCount.find({ day: toDay(today()), path: '/volunteer', referrer: 'news.example.org' }).lean();
  return stored.reduce((sum, count) => sum + count.views, 0);
};
/** Headers that say something about the answer (not the date or the connection). */
const answerHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));

describe('the page-view beacon before Koa', () => {
  it('answers a beacon as Koa does, headers and all, and counts it once', async () => {
    const before = await views();
    const fast = await t.request.post('/api/track.php').set('Content-Type', 'application/json').set('User-Agent', browser).send(beacon);
    // A query string (which the contract ignores) is one the fast path leaves to Koa.
    const viaKoa = await t.request.post('/api/track.php?from=test').set('Content-Type', 'application/json').set('User-Agent', browser).send(beacon);
    expect(viaKoa.body).toEqual({});
    expect(fast.status).toBe(204);
    expect(viaKoa.status).toBe(204);
    expect(fast.text).toBe('');
    expect(answerHeaders(fast.headers)).toEqual(answerHeaders(viaKoa.headers));
    expect(fast.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(await views()).toBe(before + 2);
  });

  it("hands what it does not accept to Koa whole, which answers with the contract's sentences", async () => {
    const before = await views();
    const cases: [string, number, RegExp][] = [
      ['{"path": "/volunteer", "visitor_id": "abc"}', 400, /visitor_id/i],
      ['{"path": 5}', 400, /path/i],
      ['{"path": "/volunteer"', 400, /^Malformed JSON body/],
      ['["/volunteer"]', 400, /JSON object/],
      ['{"path": "/volun\\u0007teer"}', 400, /control characters/],
      ['{"path": {"$gt": ""}}', 400, /path/i],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.request.post('/api/track.php').set('Content-Type', 'application/json').set('User-Agent', browser).send(body);
      expect(res.status, body).toBe(status);
      expect(res.body.success, body).toBe(false);
      expect(res.body.message, body).toMatch(message);
    }
    const wrongType = await t.request.post('/api/track.php').set('Content-Type', 'text/plain').send(beacon);
    expect(wrongType.status).toBe(415);
    expect(await views()).toBe(before);
  });

  it('refuses a view as Koa does when the counter is full: 429, Retry-After and the sentence', async () => {
    await t.lifecycle.stop();
    const send = (path: string, query = '') =>
      t.request.post(`/api/track.php${query}`).set('Content-Type', 'application/json').set('User-Agent', browser).send(JSON.stringify({ path }));
    for (const path of ['/', '/about', '/programs']) expect((await send(path)).status).toBe(204);
    const fast = await send('/donate');
    const viaKoa = await send('/donate', '?from=test');
    expect(fast.status).toBe(429);
    expect(viaKoa.status).toBe(429);
    expect(fast.body).toEqual(viaKoa.body);
    expect(fast.body.message).toMatch(/^Page views are arriving faster than they can be counted/);
    expect(answerHeaders(fast.headers)).toEqual(answerHeaders(viaKoa.headers));
    expect(Number(fast.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await t.lifecycle.stop();
    expect((await send('/donate')).status).toBe(204);
    await t.lifecycle.stop();
  });

  it("leaves a draining instance's beacons to Koa, which closes the connection", async () => {
    t.lifecycle.draining = true;
    try {
      const res = await t.request.post('/api/track.php').set('Content-Type', 'application/json').set('User-Agent', browser).send(beacon);
      expect(res.status).toBe(204);
      expect(res.headers.connection).toBe('close');
    } finally {
      t.lifecycle.draining = false;
    }
  });
});
