// The page-view beacon's fast path (beacon.ts) against the same app through Koa: what it answers
// is what Koa answers, what it does not take reaches Koa whole, and a view is counted once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { toDay, today } from '../dates.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.stop();
});

const browser = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const beacon = JSON.stringify({ path: '/volunteer', referrer: 'https://news.example.org/story' });
const views = async () => {
  await t.lifecycle.stop(); // writes the counted views
  const stored = await t.db.models.PageViewCount.findOne({ _id: `${toDay(today())}|/volunteer|news.example.org` }).lean<{ views: number }>();
  return stored?.views ?? 0;
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
