// The release of scheduled posts against the real database, with two instances on it: a post
// whose time came is announced once (one instance wins it), the content version is raised, and
// the cached public answers of both instances show it, with no write by anyone.
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { createApp, requestListener } from '../../app.js';
import { connectDatabase, type Database } from '../../database.js';
import { createAdminLists } from '../admin-lists/lists.js';
import { PublishedContent } from '../../published/published-content.js';
import { contentVersionNumber } from '../../published/cache.js';
import type { Services } from '../../services.js';
import { releaseMarginMs, ScheduledReleases } from './release.js';

let t: TestApp;
let otherDb: Database;
let other: ReturnType<typeof supertest>;

beforeAll(async () => {
  // Neither app looks by itself: each test runs the jobs it needs (the e2e suite runs the apps' own).
  t = await startTestApp({ env: { SCHEDULE_RELEASE_MS: '0' } });
  otherDb = await connectDatabase(t.db.url, { timeoutMs: t.config.databaseTimeoutMs });
  other = supertest(requestListener(createApp({ ...t.config, scheduleReleaseMs: 0 }, { db: otherDb })));
});
afterAll(async () => {
  await otherDb?.close();
  await t?.stop();
});

const version = () => contentVersionNumber(otherDb).current();
const publicTitles = async () => ((await other.get('/api/get_blogs.php')).body as { title: string }[]).map((post) => post.title);

async function schedule(title: string, inMs: number) {
  const res = await t.request
    .post('/api/add_blog.php')
    .set('Authorization', `Bearer ${t.adminToken()}`)
    .field('title', title)
    .field('publish_at', new Date(Date.now() + inMs).toISOString());
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
}

/** A release job of its own on the second instance's database, as another instance runs it. */
const releasesOn = (db: Database, scheduleReleaseMs = 0) =>
  new ScheduledReleases({
    config: { ...t.config, scheduleReleaseMs },
    db,
    logger: { info: () => {}, warn: () => {} },
    published: new PublishedContent(db),
    lists: createAdminLists(db, 1024 * 1024),
  } as unknown as Services);

describe('scheduled posts', () => {
  it('appear by themselves once due, on an instance that made no write, through its cache', async () => {
    // A third instance that writes nothing and is asked nothing looks every 300 ms.
    const thirdDb = await connectDatabase(t.db.url, { timeoutMs: t.config.databaseTimeoutMs });
    const looking = releasesOn(thirdDb, 300);
    looking.start();
    const post = await schedule('Released by the job', 1500);
    // Cached by the other instance while the post is still ahead.
    expect(await publicTitles()).not.toContain('Released by the job');
    expect((await other.get(`/api/get_blog.php?id=${post.id}`)).status).toBe(404);
    const started = Date.now();
    while (!(await publicTitles()).includes('Released by the job')) {
      expect(Date.now() - started, 'seen within 5 s of its time').toBeLessThan(1500 + releaseMarginMs + 5000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await other.get(`/api/get_blog.php?id=${post.id}`)).status).toBe(200);
    // The job raises the version before it marks the post announced (release.ts): the mark follows.
    const marked = async () => (await otherDb.models.Blog.findById(post.id).lean())!.release_pending === false;
    for (const until = Date.now() + 3000; !(await marked()) && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await marked()).toBe(true);
    await looking.stop();
    await thirdDb.close();
  });

  it('are announced once when two instances look at the same moment; a run with nothing due raises nothing', async () => {
    const [first, second] = [releasesOn(otherDb), releasesOn(t.db)];
    const due = [await schedule('Due one', 60_000), await schedule('Due two', 60_000)];
    await otherDb.models.Blog.updateMany({ _id: { $in: due.map((post) => post.id) } }, { $set: { publish_at: new Date(Date.now() - 10_000) } });
    const before = await version();
    const [a, b] = await Promise.all([first.releaseDue(), second.releaseDue()]);
    // Each post was announced by exactly one of them, and the version moved. (Each that announced
    // raised it once, but FerretDB applies $inc as a read and a write, so two raises at the same
    // moment may count as one: what the caches need is that it moved.)
    expect(a + b).toBe(2);
    const raised = (await version()) - before;
    expect(raised).toBeGreaterThanOrEqual(1);
    expect(raised).toBeLessThanOrEqual(Number(a > 0) + Number(b > 0));
    expect(await otherDb.models.Blog.countDocuments({ _id: { $in: due.map((post) => post.id) }, release_pending: true })).toBe(0);
    const after = await version();
    expect(await first.releaseDue()).toBe(0);
    expect(await version()).toBe(after);
    expect(await otherDb.models.JobLease.countDocuments({ _id: /^release:/ })).toBe(0);
  });
});
