// A page's main picture keeps its place before it arrives: on a slow phone the picture comes
// seconds after the text, and text that jumps when it lands is what Lighthouse counts as layout
// shift (CLS). Each page is opened with its pictures held back 1.5 s.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addPost, postJson, removePosts, sampleJpeg, uploadMedia } from './content';
import { launchBrowser, openPage, visit } from './harness';

const runTag = Date.now().toString(36);
const day = (fromToday: number) => new Date(Date.now() + 5.5 * 3600_000 + fromToday * 86400_000).toISOString().slice(0, 10);
const text = (words: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });
let browser: Browser;
const posts: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await removePosts(posts);
});

/** A picture of 1600x1000 in the media library: its id. */
async function picture(): Promise<string> {
  return (await uploadMedia({ alt: 'At the site', image: await sampleJpeg({ width: 1600, height: 1000, color: '#2f7d4a' }) })).id;
}

/**
 * Opens `path` on a phone with every resized picture answered 1.5 s late, waits until the
 * picture `selector` has loaded, and answers the layout shifts seen meanwhile and its height.
 */
async function shiftsWhilePicturesWait(path: string, selector: string): Promise<{ shifts: number[]; height: number }> {
  const visitor = await openPage(browser, { viewport: 'phone' });
  await visitor.page.route(/\/api\/image\.php\?.*w=\d+/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await visitor.page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await visit(visitor.page, path);
  const image = visitor.page.locator(selector);
  await image.evaluate((img: HTMLImageElement) => img.complete || new Promise((resolve) => img.addEventListener('load', resolve, { once: true })));
  const height = (await image.boundingBox())?.height ?? 0;
  const shifts = await visitor.page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  visitor.expectClean();
  await visitor.close();
  return { shifts, height };
}

const total = (shifts: number[]) => shifts.reduce((sum, value) => sum + value, 0);

describe('the text below a page’s picture never moves while the picture loads', () => {
  test('on a campaign’s page', async () => {
    const { status, body } = await postJson<{ data: { id: string } }>('/api/add_campaign.php', {
      title: `Tanks with a picture ${runTag}`,
      story: text('Every tank keeps a family in water through the dry months.'),
      goal: 10000,
      starts_on: day(-3),
      ends_on: day(27),
      program: 'health',
      picture: await picture(),
      status: 'published',
    });
    expect(status).toBe(201);
    const { shifts, height } = await shiftsWhilePicturesWait(`/campaigns/${body.data.id}`, 'img.post-image');
    expect(height).toBeGreaterThan(100);
    expect(total(shifts), `layout shifts ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
  });

  test('on an event’s page', async () => {
    const start = day(10);
    const { status, body } = await postJson<{ data: { id: string } }>('/api/add_event.php', {
      title: `Health camp with a picture ${runTag}`,
      kind: 'health-camp',
      starts_at: `${start}T09:00:00+05:30`,
      ends_at: `${start}T14:00:00+05:30`,
      venue: 'Community hall, Lalpur',
      address: 'Lalpur Chowk, Ranchi 834001',
      capacity: 80,
      image: await picture(),
      description: text('Free check-ups for the whole family.'),
    });
    expect(status).toBe(201);
    const { shifts, height } = await shiftsWhilePicturesWait(`/events/${body.data.id}`, 'img.event-image');
    expect(height).toBeGreaterThan(100);
    expect(total(shifts), `layout shifts ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
    await postJson('/api/delete_event.php', { id: body.data.id });
  });

  test('on a post’s page', async () => {
    const post = await addPost({
      title: `A pump with a picture ${runTag}`,
      excerpt: 'How twelve families got clean water.',
      category: 'health',
      author: 'Field team',
      content: 'The committee met on Sunday.\n\nTwelve families now fetch water from the new pump.',
      image: await sampleJpeg({ width: 1600, height: 1000, color: '#7d5b3b' }),
    });
    posts.push(post.id);
    const { shifts, height } = await shiftsWhilePicturesWait(`/blog/${post.id}`, 'img.post-image');
    expect(height).toBeGreaterThan(100);
    expect(total(shifts), `layout shifts ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
  });
});
