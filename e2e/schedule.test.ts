// Scheduled posts and the admin's preview, through nginx and two backend instances on a real
// database: a post scheduled 40 s ahead is absent from /blog, get_blogs.php, the sitemap and the
// feed, then appears in all of them by itself (no write by anyone: the backends' release job
// raises the content version) within about a minute of its time. Meanwhile Manage Blogs shows it
// as Scheduled, and a draft's signed preview link renders its body in the server's HTML, never
// cached, while the same address without the token is a 404.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { addPost, adminGet, removePosts } from './content';
import { api, e2e, launchBrowser, loggedInAdmin, openPage, readCrawlerXml, visit } from './harness';
import { screenshot, seriousA11yViolations } from './screens';

const runTag = `s${Date.now().toString(36)}`;
const aheadMs = 40_000;
/** How long after its time the post may take to show everywhere (the job looks every 9-15 s). */
const withinMs = 60_000;
let browser: Browser;
const made: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await removePosts(made);
});

const page = (pathname: string, headers: Record<string, string> = {}) => fetch(new URL(pathname, e2e.baseUrl), { headers });

/** Where the public sees the post: the rendered list, the API's list, the sitemap and the feed. */
async function publicSees(id: string, title: string) {
  const [listPage, hindiPage, list, sitemap, feed] = await Promise.all([
    page('/blog').then((res) => res.text()),
    page('/hi/blog').then((res) => res.text()),
    api<{ id: string }[]>('/api/get_blogs.php?limit=12&fields=summary'),
    readCrawlerXml(browser, '/sitemap.xml'),
    readCrawlerXml(browser, '/feed.xml'),
  ]);
  return {
    blogPage: listPage.includes(title),
    hindiBlogPage: hindiPage.includes(title),
    getBlogs: list.body.some((post) => post.id === id),
    sitemap: sitemap.entries.some((entry) => entry.url.endsWith(`/blog/${id}`)),
    feed: feed.entries.some((entry) => entry.url.endsWith(`/blog/${id}`)),
  };
}
const nowhere = { blogPage: false, hindiBlogPage: false, getBlogs: false, sitemap: false, feed: false };
const everywhere = { blogPage: true, hindiBlogPage: true, getBlogs: true, sitemap: true, feed: true };

test(
  'a scheduled post appears by itself within a minute of its time; a draft is previewed through a signed link',
  { timeout: aheadMs + withinMs + 60_000 },
  async () => {
    const publishAt = new Date(Date.now() + aheadMs);
    const title = `Scheduled tree walk ${runTag}`;
    const scheduled = await addPost({ title, content: 'It goes public by itself.', publish_at: publishAt.toISOString() });
    made.push(scheduled.id);
    expect(scheduled.publish_at).toBe(publishAt.toISOString());
    expect(await publicSees(scheduled.id, title)).toEqual(nowhere);
    expect((await page(`/blog/${scheduled.id}`)).status).toBe(404);
    expect((await api(`/api/get_blog.php?id=${scheduled.id}`)).status).toBe(404);

    // While it waits: the draft's preview, rendered by the server and kept by no cache.
    const draft = await addPost({ title: `Draft water report ${runTag}`, status: 'draft', content: `Body of the draft ${runTag}` });
    made.push(draft.id);
    const link = await adminGet<{ data: { url: string } }>(`/api/get_blog_preview_link.php?id=${draft.id}`);
    expect(link.status).toBe(200);
    const previewUrl = link.body.data.url;
    for (let read = 0; read < 2; read++) {
      const preview = await page(previewUrl);
      expect(preview.status).toBe(200);
      expect(await preview.text()).toContain(`Body of the draft ${runTag}`);
      expect(preview.headers.get('cache-control')).toBe('private, no-store');
      expect(preview.headers.get('x-robots-tag')).toBe('noindex');
      expect(preview.headers.get('x-cache-status')).toBe('BYPASS');
    }
    const withoutToken = previewUrl.split('?')[0]!;
    expect((await page(withoutToken)).status).toBe(404);
    expect((await page(`${withoutToken}?preview=${'1'.repeat(10)}.${'a'.repeat(43)}`)).status).toBe(404);

    // The preview in Chromium: the page as visitors will see it, marked as a preview, in Hindi too.
    const viewer = await openPage(browser, { viewport: 'phone' });
    for (const [address, notice] of [
      [previewUrl, 'Preview'],
      [previewUrl.replace('/blog/', '/hi/blog/'), 'पूर्वावलोकन'],
    ] as const) {
      await visit(viewer.page, address);
      await viewer.page.getByRole('heading', { level: 1, name: `Draft water report ${runTag}` }).waitFor({ state: 'visible' });
      await viewer.page.getByRole('status').filter({ hasText: notice }).waitFor({ state: 'visible' });
    }
    expect(await seriousA11yViolations(viewer.page)).toEqual([]);
    await screenshot(viewer.page, 'schedule-preview-hi');
    viewer.expectClean();
    await viewer.close();

    // Manage Blogs says Scheduled, with its India time.
    const admin = await loggedInAdmin(browser);
    await visit(admin.page, '/admin/dashboard?section=blogs');
    const row = admin.page.getByRole('row').filter({ has: admin.page.getByRole('rowheader', { name: title }) });
    await row.getByText('Scheduled', { exact: true }).waitFor({ state: 'visible' });
    await row.getByText(/IST$/).waitFor({ state: 'visible' });
    expect(await seriousA11yViolations(admin.page)).toEqual([]);
    await screenshot(admin.page, 'schedule-admin-list');
    admin.expectClean();
    await admin.close();
    // Still absent before its time (on a slow machine the checks above may have taken it all).
    const seen = await publicSees(scheduled.id, title);
    if (Date.now() < publishAt.getTime() - 2000) expect(seen).toEqual(nowhere);

    // Then nobody writes anything: the post shows everywhere on its own.
    await expect.poll(() => publicSees(scheduled.id, title), { timeout: publishAt.getTime() + withinMs - Date.now(), interval: 2000 }).toEqual(everywhere);
    const lateMs = Date.now() - publishAt.getTime();
    console.log(`the scheduled post showed everywhere ${(lateMs / 1000).toFixed(1)} s after its time`);
    expect(lateMs).toBeGreaterThan(0);
    expect((await page(`/blog/${scheduled.id}`)).status).toBe(200);
    expect((await api(`/api/get_blog.php?id=${scheduled.id}`)).status).toBe(200);
  },
);
