// The page-view counter's budget on a real database: bounded batches, a write that timed out
// counted once, the database away (views kept, then written once), a full counter refusing
// openly with the refused views counted as dropped, and two instances counting the same page.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { PageViewCounter, droppedPath, writeBatch, type CounterBudget } from './counter.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { DATABASE_TIMEOUT_MS: '1000' } });
});
afterAll(() => t?.stop());

const budget: CounterBudget = { flushMs: 30, maxPending: 50, batchSize: 10, writeTimeoutMs: 2000, maxBackoffMs: 300, batchGapMs: 10 };
const counterWith = (changes: Partial<CounterBudget> = {}) =>
  new PageViewCounter(t.db.models.PageViewCount, pino({ level: 'silent' }), { ...budget, ...changes });
const stored = (day: string) => t.db.models.PageViewCount.find({ day }).lean();
const total = async (day: string) => (await stored(day)).filter((count) => count.path !== droppedPath).reduce((sum, count) => sum + count.views, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (holds: () => Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await sleep(50);
  }
};

describe('the page-view counter', () => {
  it('writes in batches of at most batchSize counts, each count once', async () => {
    const counter = counterWith();
    for (let n = 0; n < 35; n++) for (let view = 0; view <= n % 3; view++) expect(counter.add('2020-01-01', `/page-${n}`, '')).toBe(true);
    await until(async () => (await stored('2020-01-01')).length === 35 && counter.unwritten() === 0);
    const counts = await stored('2020-01-01');
    expect(counts.reduce((sum, count) => sum + count.views, 0)).toBe(35 + 23 + 11);
    // Each count holds the number of the batch that wrote it: four batches, none over ten counts.
    const batches = new Map<number, number>();
    for (const { batch } of counts) batches.set(batch!, (batches.get(batch!) ?? 0) + 1);
    expect([...batches.values()].sort()).toEqual([10, 10, 10, 5].sort());
  });

  it('adds nothing when a batch is written again (its first answer was lost), and the next batch counts', async () => {
    const batch = { seq: 1, counts: [1, 2, 3].map((views) => ({ day: '2020-01-04', path: `/page-${views}`, referrer: '', views })) };
    await writeBatch(t.db.models.PageViewCount, 'instance-a', batch);
    await writeBatch(t.db.models.PageViewCount, 'instance-a', batch);
    expect(await total('2020-01-04')).toBe(6);
    // Another instance's first batch, and this instance's next one, count too.
    await writeBatch(t.db.models.PageViewCount, 'instance-b', batch);
    await writeBatch(t.db.models.PageViewCount, 'instance-a', { ...batch, seq: 2 });
    expect(await total('2020-01-04')).toBe(18);
    expect(await t.db.models.PageViewCount.countDocuments({ day: '2020-01-04', path: '/page-1' })).toBe(2);
    // Half written before a failure: written again, the other half is added, the first half not.
    const next = { seq: 3, counts: [...batch.counts, { day: '2020-01-04', path: '/page-4', referrer: '', views: 4 }] };
    await writeBatch(t.db.models.PageViewCount, 'instance-a', { seq: 3, counts: next.counts.slice(0, 2) });
    await writeBatch(t.db.models.PageViewCount, 'instance-a', next);
    expect(await total('2020-01-04')).toBe(28);
  });

  it('counts every view when two instances count the same pages at once (each writes counts of its own)', async () => {
    const [one, two] = [counterWith(), counterWith()];
    for (let n = 0; n < 300; n++) for (const counter of [one, two]) counter.add('2020-01-05', `/page-${n % 3}`, 'news.example');
    await until(async () => one.unwritten() + two.unwritten() === 0);
    await Promise.all([one.flush(), two.flush()]);
    expect(await total('2020-01-05')).toBe(600);
  });

  it('keeps one write in flight and counts right when every write outlasts its timeout', async () => {
    // Every write "times out" before the database answers: the next waits for it, then goes.
    const counter = counterWith({ writeTimeoutMs: 1 });
    for (let n = 0; n < 40; n++) counter.add('2020-01-02', `/page-${n % 4}`, 'news.example');
    await until(async () => counter.unwritten() === 0);
    await counter.flush();
    expect(await total('2020-01-02')).toBe(40);
  });

  it('keeps views while the database is away and writes them once it is back; past its room it refuses them, counted as dropped', async () => {
    const counter = counterWith({ maxPending: 5 });
    await t.db.stopServer();
    try {
      const accepted = Array.from({ length: 8 }, (_, n) => counter.add('2020-01-03', `/page-${n}`, ''));
      expect(accepted).toEqual([true, true, true, true, true, false, false, false]);
      // A count already waiting still takes views.
      expect(counter.add('2020-01-03', '/page-0', '')).toBe(true);
      expect(counter.retryAfterSeconds()).toBeGreaterThanOrEqual(1);
      await sleep(2500); // writes fail and back off meanwhile
      expect(counter.unwritten()).toBe(6 + 3);
    } finally {
      await t.db.startServer();
    }
    await until(async () => counter.unwritten() === 0);
    expect(await total('2020-01-03')).toBe(6);
    expect((await stored('2020-01-03')).find((count) => count.path === droppedPath)?.views).toBe(3);
  });
});
