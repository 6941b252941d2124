// Lighthouse (mobile, slow 4G, 4x slower CPU) on every public route through nginx, with posts and
// photos in the database; the scores go to e2e/artifacts/lighthouse.json. Accessibility, best
// practices and SEO must be 100 (SEO's indexing check aside on /login, kept from crawlers on
// purpose); a route's run (the median of three when the first misses a target) must reach
// performance 90 and first paint 1.2 s, a floor under the targets (95, and 98 for the article with
// five photos and a video; 1.0 s) that LIGHTHOUSE_STRICT=1 holds, since blocking time moves with
// the shared machine's load.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addPhotos, addPost, postJson, removePhotos, removePosts, sampleJpeg, uploadMedia } from './content';
import { adminToken, api, e2e, json, launchBrowser } from './harness';

const runTag = `lh${Date.now().toString(36)}`;
const debuggingPort = Number(new URL(e2e.baseUrl).port) + 97; // past the page renders server of nginx (+ 95)
let browser: Browser;
const createdPosts: string[] = [];
const createdPhotos: string[] = [];
let campaignPage = '';
let certificateCode = '';
let eventId = '';

const categories = ['health', 'education', 'reforestation', 'sustainable-farming', 'women-empowerment'];

beforeAll(async () => {
  // A site in use: a full first page of posts (some with pictures) and of photos.
  const colors = ['#2f7d4a', '#7d5b3b', '#2d5f8a', '#8a2d5f'];
  for (let n = 0; n < 13; n += 1) {
    const image = n % 3 === 0 ? await sampleJpeg({ width: 1600, height: 1000, color: colors[n % colors.length] }) : undefined;
    const post = await addPost({
      title: `Village report ${n + 1} ${runTag}`,
      excerpt: 'What changed this month in the villages we work with, in a few lines.',
      category: categories[n % categories.length],
      author: 'Field team',
      content: 'The committee met on Sunday.\n\nTwelve families now fetch water from the new pump.',
      image,
    });
    createdPosts.push(post.id);
  }
  createdPosts.push(await addArticle(colors));
  campaignPage = await addCampaign(colors[0]!);
  eventId = await addEvent(colors[0]!);
  for (let n = 0; n < 8; n += 1) {
    const [photo] = await addPhotos({
      title: `Photo ${n + 1} ${runTag}`,
      category: categories[n % categories.length],
      caption: 'At the camp.',
      image: await sampleJpeg({ color: colors[n % colors.length] }),
    });
    createdPhotos.push(photo!.id);
  }
  certificateCode = await addCertificate();
  browser = await launchBrowser({ args: [`--remote-debugging-port=${debuggingPort}`] });
}, 180_000);

/** A live campaign with a picture and a story, audited as /campaigns/<id>. */
async function addCampaign(color: string): Promise<string> {
  const picture = await uploadMedia({ alt: 'Women at the new tank', image: await sampleJpeg({ width: 1600, height: 1000, color }) });
  const story = {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Every tank keeps a family in water through the dry months.' }] }],
  };
  const day = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);
  const { status, body } = await postJson<{ data: { id: string } }>('/api/add_campaign.php', {
    title: `200 rainwater tanks ${runTag}`,
    story,
    goal: 1000000,
    starts_on: day(-5),
    ends_on: day(40),
    program: 'health',
    picture: picture.id,
  });
  if (status !== 201) throw new Error(`the campaign was not added (${status})`);
  return `/campaigns/${body.data.id}`;
}

/** A volunteer's certificate of hours, for its page /verify/<code>. */
async function addCertificate(): Promise<string> {
  const token = await adminToken();
  const email = `volunteer-${runTag}@example.org`;
  await api('/api/volunteer_save.php', json({ name: `Priya Kumari ${runTag}`, email, mobile: '9876543210', address: 'Harmu, Ranchi' }));
  const { body } = await api<{ data: { id: string }[] }>(`/api/get_volunteers.php?q=${runTag}`, { token });
  const volunteerId = body.data[0]!.id;
  await api('/api/add_volunteer_hours.php', { ...json({ volunteer_id: volunteerId, hours: 5, date: '2026-04-12', program: 'education' }), token });
  const res = await fetch(new URL(`/api/get_certificate.php?volunteer_id=${volunteerId}`, e2e.baseUrl), { headers: { authorization: `Bearer ${token}` } });
  return res.headers.get('x-certificate-code') ?? '';
}

/** The newest post, audited as /blog/<id>: a full article with five photos in its text, a video facade and a call to action. */
async function addArticle(colors: string[]): Promise<string> {
  const text = (words: string) => ({ type: 'paragraph', content: [{ type: 'text', text: words }] });
  const photos = [];
  for (let n = 0; n < 5; n += 1) {
    const photo = await uploadMedia({
      alt: `The new pump, view ${n + 1}`,
      image: await sampleJpeg({ width: 1600, height: 1067, color: colors[n % colors.length] }),
    });
    photos.push({ type: 'image', attrs: { id: photo.id, alt: photo.alt, caption: `Week ${n + 1} at the site.` } });
  }
  const body = {
    type: 'doc',
    content: [
      text('The committee met on Sunday and chose the place for the pump.'),
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'How it was built' }] },
      ...photos.flatMap((photo) => [text('Twelve families now fetch water from the new pump, and the school uses it too.'), photo]),
      { type: 'video', attrs: { provider: 'youtube', id: 'dQw4w9WgXcQ', title: 'The pump at work' } },
      { type: 'callToAction', attrs: { kind: 'donate', label: 'Fund the next pump' } },
    ],
  };
  const post = await addPost({
    title: `A pump for the village ${runTag}`,
    excerpt: 'How twelve families got clean water, in five photos and a film.',
    category: 'health',
    author: 'Field team',
    body: JSON.stringify(body),
    image: await sampleJpeg({ width: 1600, height: 1000, color: colors[0] }),
  });
  return post.id;
}

/** An upcoming event with a picture and a description, audited as /events/<id> and listed on /events. */
async function addEvent(color: string): Promise<string> {
  const picture = await uploadMedia({ alt: 'The camp last year', image: await sampleJpeg({ width: 1600, height: 1000, color }) });
  const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(new URL('/api/add_event.php', e2e.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({
      title: `Health camp ${runTag}`,
      kind: 'health-camp',
      starts_at: `${start}T09:00:00+05:30`,
      ends_at: `${start}T14:00:00+05:30`,
      venue: 'Community hall, Lalpur',
      address: 'Lalpur Chowk, Ranchi 834001',
      capacity: 80,
      image: picture.id,
      description: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Free check-ups for the whole family.' }] }] },
    }),
  });
  const body = (await res.json()) as { data: { id: string } };
  return body.data.id;
}

afterAll(async () => {
  await browser?.close();
  if (eventId) {
    await fetch(new URL('/api/delete_event.php', e2e.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({ id: eventId }),
    });
  }
  await removePosts(createdPosts);
  await removePhotos(createdPhotos);
});

interface Scores {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failing: string[];
}

/** The share of the machine's CPU time that was busy over the next `ms`, from /proc/stat. */
async function busyShare(ms: number): Promise<number> {
  const times = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3]! + fields[4]!, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const before = times();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = times();
  return 1 - (after.idle - before.idle) / Math.max(1, after.total - before.total);
}

/** How long the runs may wait for a quiet machine, all together (a machine never quiet costs no more). */
let quietWaitLeftMs = 180_000;

/**
 * Waits (15 s at most, within what is left of the whole budget) until the machine is quiet:
 * blocking time is the page's main-thread work as observed, times four, so work left over by
 * earlier tests (a flood's counters, mail, a build) would be counted as the page's. Answers the
 * busy share last seen.
 */
async function quietMachine(): Promise<number> {
  const started = Date.now();
  let busy = await busyShare(500);
  while (busy >= 0.15 && Date.now() - started < 15_000 && quietWaitLeftMs > Date.now() - started) {
    busy = await busyShare(1000);
  }
  quietWaitLeftMs -= Date.now() - started;
  return busy;
}

/** One Lighthouse run of `route`. */
async function auditOnce(route: string): Promise<Scores> {
  const busy = await quietMachine();
  if (busy >= 0.15) console.warn(`${route}: the machine was ${Math.round(busy * 100)}% busy when this run began`);
  const result = await lighthouse(new URL(route, e2e.baseUrl).href, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse could not measure ${route}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  const { categories: c, audits } = result.lhr;
  const score = (id: string) => Math.round((c[id]?.score ?? 0) * 100);
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode) && !['metrics'].includes(a.id))
    .filter((a) => ['accessibility', 'best-practices', 'seo'].some((id) => c[id]?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0)))
    .map((a) => a.id);
  return {
    route,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(audits['first-contentful-paint']!.numericValue ?? 0),
    lcpMs: Math.round(audits['largest-contentful-paint']!.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']!.numericValue ?? 0),
    cls: Number((audits['cumulative-layout-shift']!.numericValue ?? 0).toFixed(3)),
    failing,
  };
}

/** Lighthouse runs per route when the first misses a target; the median by performance score is then the route's figure. */
const runsPerRoute = 3;

/**
 * One run, and when it misses the route's targets (performance, first paint) the median of
 * `runsPerRoute` runs by performance score, as Lighthouse CI takes it: on a shared 2-core machine
 * one run can meet a busy moment (blocking time is the page's own main-thread work, as observed,
 * times four). A run that meets every target stands: the others could only lower the median to it.
 */
async function audit(route: string, meetsTargets: (run: Scores) => boolean): Promise<Scores & { runs: number }> {
  const runs: Scores[] = [];
  let failures = 0;
  while (runs.length < runsPerRoute && !(runs.length === 1 && meetsTargets(runs[0]!))) {
    try {
      runs.push(await auditOnce(route));
    } catch (error) {
      // A trace Chromium failed to record (NO_NAVSTART and the like on a loaded machine) is run again, twice at most.
      failures += 1;
      if (failures > 2) throw error;
      console.warn(`${route}: ${(error as Error).message}; running it again`);
    }
  }
  const median = runs.sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
  console.log(
    `${route}: performance ${runs.map((run) => run.performance).join(', ')}; ${runs.length > 1 ? 'median' : 'the'} run FCP ${median.fcpMs} ms, TBT ${median.tbtMs} ms`,
  );
  return { ...median, runs: runs.length };
}

test(
  'every public route meets the budgets in Lighthouse (mobile, default throttling)',
  async () => {
    const article = `/blog/${createdPosts.at(-1)}`;
    // The article (five photos, a video facade) is held to 98, the other routes to 95.
    const target = (route: string) => (route === article ? 98 : 95);
    const routes = [
      '/',
      '/about',
      '/programs',
      '/blog',
      article,
      '/gallery',
      '/donate',
      campaignPage,
      '/contact',
      '/volunteer',
      '/newsletter',
      '/my',
      `/verify/${certificateCode}`,
      '/events',
      `/events/${eventId}`,
      '/transparency',
      '/login',
      '/hi',
      '/hi/programs',
    ];
    const meetsTargets = (run: Scores) => run.performance >= target(run.route) && run.fcpMs <= 1000;
    const results: (Scores & { runs: number })[] = [];
    for (const route of routes) results.push(await audit(route, meetsTargets));

    console.log(`\nLighthouse 12, mobile, simulated slow 4G and 4x CPU, through nginx (one run, or the median of ${runsPerRoute} where one missed):`);
    console.log('route                              perf  a11y  best   seo    FCP     LCP    TBT    CLS  runs');
    for (const r of results) {
      console.log(
        `${r.route.padEnd(34)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${String(r.seo).padStart(4)}  ${(r.fcpMs / 1000).toFixed(2).padStart(5)} s  ${(r.lcpMs / 1000).toFixed(2).padStart(5)} s  ${String(r.tbtMs).padStart(4)} ms  ${String(r.cls).padEnd(5)}  ${r.runs}${r.failing.length ? `  (${r.failing.join(', ')})` : ''}`,
      );
    }
    writeFileSync(path.join(e2e.artifactsDir, 'lighthouse.json'), JSON.stringify(results, null, 2));

    const strict = process.env.LIGHTHOUSE_STRICT === '1';
    const misses = results.flatMap((r) => [
      ...(r.performance < target(r.route) ? [`${r.route} performance ${r.performance} (target ${target(r.route)})`] : []),
      ...(r.fcpMs > 1000 ? [`${r.route} first paint ${r.fcpMs} ms (target 1,000)`] : []),
    ]);
    console.log(misses.length ? `Targets missed: ${misses.join('; ')}` : 'Every route met the targets.');
    for (const r of results) {
      expect.soft(r.performance, `${r.route} performance`).toBeGreaterThanOrEqual(strict ? target(r.route) : 90);
      expect.soft(r.accessibility, `${r.route} accessibility (${r.failing.join(', ')})`).toBe(100);
      expect.soft(r.bestPractices, `${r.route} best practices (${r.failing.join(', ')})`).toBe(100);
      if (r.route !== '/login') expect.soft(r.seo, `${r.route} SEO (${r.failing.join(', ')})`).toBe(100);
      else
        expect
          .soft(
            r.failing.filter((id) => id !== 'is-crawlable'),
            '/login SEO apart from its robots.txt exclusion',
          )
          .toEqual([]);
      expect.soft(r.fcpMs, `${r.route} first contentful paint`).toBeLessThanOrEqual(strict ? 1000 : 1200);
    }
  },
  30 * 60_000,
);
