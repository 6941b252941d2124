// Drafts and page views in Chromium, through nginx and two backend instances on a real database: a draft is
// seen only in the admin (not on /blog, and its address is "Post Not Found") until it is
// published; three visitor page views show up in Analytics, with no cookie set and the admin's
// own pages not counted. Screens are checked with axe.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminGet, removePosts, type Analytics, type Blog } from './content';
import { api, launchBrowser, loggedInAdmin, openPage, readCrawlerXml, visit, type GuardedPage } from './harness';
import { screenshot, seriousA11yViolations } from './screens';

const runTag = `d${Date.now().toString(36)}`;
let browser: Browser;

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible' });

const analytics = async () => (await adminGet<{ data: Analytics }>('/api/get_analytics.php?days=7')).body.data;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than the backends' batch interval (PAGE_VIEW_FLUSH_MS, 1 s here), so every counted view is written. */
const flushed = () => sleep(2500);

const loggedIn = (): Promise<GuardedPage> => loggedInAdmin(browser);

async function checkScreen(page: Page, name: string) {
  expect(await seriousA11yViolations(page), name).toEqual([]);
  await screenshot(page, `drafts-${name}`);
}

/** What a visitor sees of a post: whether /blog lists it, and what its own address shows. */
async function visitorSees(title: string, id: string) {
  const visitor = await openPage(browser, { viewport: 'phone' });
  try {
    const { page } = visitor;
    visitor.allowStatus(404, '/api/get_blog.php');
    // A draft's address answers a real 404.
    visitor.allowStatus(404, `/blog/${id}`);
    await visit(page, '/blog');
    await page
      .locator('.blog-card, article')
      .first()
      .waitFor({ state: 'attached', timeout: 15_000 })
      .catch(() => undefined);
    const listed = (await page.getByText(title).count()) > 0;
    await visit(page, `/blog/${id}`);
    const notFound = (await page.getByRole('heading', { level: 1, name: 'Post Not Found' }).count()) > 0;
    const shown = (await page.getByRole('heading', { level: 1, name: title }).count()) > 0;
    visitor.expectClean();
    // Crawlers and feed readers see what visitors see.
    const inSitemap = (await readCrawlerXml(browser, '/sitemap.xml')).entries.some((entry) => entry.url.endsWith(`/blog/${id}`));
    const inFeed = (await readCrawlerXml(browser, '/feed.xml')).entries.some((entry) => entry.url.endsWith(`/blog/${id}`));
    return { listed, notFound, shown, inSitemap, inFeed };
  } finally {
    await visitor.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const { body } = await adminGet<{ data: Blog[] }>('/api/get_all_blogs.php');
  await removePosts(body.data.filter((blog) => blog.title.includes(runTag)).map((blog) => blog.id));
});

describe('drafts', () => {
  test('a draft is invisible to visitors until the admin publishes it', async () => {
    const title = `Monsoon plans ${runTag}`;
    const admin = await loggedIn();
    let id = '';
    try {
      const { page } = admin;
      await page.getByRole('link', { name: 'Manage Blogs' }).click();
      await page.getByRole('button', { name: 'Add New Post' }).click();
      const form = page.getByRole('dialog', { name: 'Add New Post' });
      await form.getByLabel('Title', { exact: true }).fill(title);
      await form.getByLabel('Content', { exact: true }).fill('Seed kits go out in June.\n\nVolunteers are welcome.');
      await form.getByLabel('Status').selectOption('draft');
      await checkScreen(page, 'draft-form');
      await form.getByRole('button', { name: 'Save Post' }).click();
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
      await visible(row);
      expect(await row.getByText('Draft', { exact: true }).count()).toBe(1);

      const { body } = await adminGet<{ data: { id: string; title: string; status: string }[] }>('/api/get_all_blogs.php');
      id = body.data.find((post) => post.title === title)!.id;

      await page.getByRole('button', { name: 'Drafts' }).click();
      await visible(row);
      // Preview opens the post's page, rendered by the server through a signed link, in a new tab.
      const [preview] = await Promise.all([page.context().waitForEvent('page'), row.getByRole('button', { name: `Preview ${title}` }).click()]);
      await preview.waitForURL(/\/blog\/[0-9a-f]{24}\?preview=/);
      await visible(preview.getByRole('heading', { level: 1, name: title }));
      await visible(preview.getByText('Volunteers are welcome.'));
      await visible(preview.getByRole('status').filter({ hasText: 'Preview' }));
      await checkScreen(preview, 'draft-preview');
      await preview.close();
      admin.expectClean();
    } finally {
      await admin.close();
    }

    expect(await visitorSees(title, id)).toEqual({ listed: false, notFound: true, shown: false, inSitemap: false, inFeed: false });
    expect((await api(`/api/get_blog.php?id=${id}`)).status).toBe(404);
    const publicList = (await api<{ id: string }[]>('/api/get_blogs.php')).body;
    expect(publicList.some((post) => post.id === id)).toBe(false);

    const publisher = await loggedIn();
    try {
      const { page } = publisher;
      await page.getByRole('link', { name: 'Manage Blogs' }).click();
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const form = page.getByRole('dialog', { name: 'Edit Post' });
      await form.getByLabel('Status').selectOption('published');
      await form.getByRole('button', { name: 'Update Post' }).click();
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
      await expect.poll(() => row.getByText('Published', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
      publisher.expectClean();
    } finally {
      await publisher.close();
    }

    expect(await visitorSees(title, id)).toEqual({ listed: true, notFound: false, shown: true, inSitemap: true, inFeed: true });
  });
});

describe('page views', () => {
  test('three visitor page views show up in Analytics; no cookie is set and admin pages are not counted', async () => {
    await flushed();
    const before = await analytics();
    const { body: posts } = await api<{ id: string }[]>('/api/get_blogs.php');
    const paths = ['/about', '/gallery', posts[0] ? `/blog/${posts[0].id}` : '/donate'];

    // Three visitors, one page each (a fresh browser context is a fresh visit).
    for (const path of paths) {
      const visitor = await openPage(browser, { viewport: 'phone' });
      try {
        const beacon = visitor.page.waitForRequest((request) => request.url().endsWith('/api/track.php'));
        await visit(visitor.page, path);
        // The beacon's body (a Blob) is not visible to the test; what the server counted is checked below.
        expect((await beacon).method()).toBe('POST');
        expect(await visitor.context.cookies()).toEqual([]);
        visitor.expectClean();
      } finally {
        await visitor.close();
      }
    }
    await expect.poll(async () => (await analytics()).total, { timeout: 20_000, interval: 500 }).toBe(before.total + 3);

    const admin = await loggedIn();
    try {
      const { page } = admin;
      await page.getByRole('link', { name: 'Analytics', exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Analytics' }));
      await page.getByRole('button', { name: 'Last 7 days' }).click();
      await flushed();
      const now = await analytics();
      // The admin's login and dashboard were not counted.
      expect(now.total).toBe(before.total + 3);
      await page.getByRole('button', { name: 'Last 30 days' }).click();
      await page.getByRole('button', { name: 'Last 7 days' }).click();
      await visible(page.locator('.analytics-total').getByText(String(now.total), { exact: true }));
      const figure = page.getByRole('figure', { name: 'Page views per day' });
      await visible(figure);
      // The total can read the same for 30 and 7 days: wait for the chart of 7 itself.
      await expect.poll(() => figure.locator('rect').count(), { timeout: 10_000 }).toBe(7);
      const today = now.daily.at(-1)!;
      expect(await figure.getByRole('row').last().textContent()).toContain(String(today.views));
      const topPages = page.getByRole('region', { name: 'Top pages' });
      for (const path of paths.filter((p) => now.top_pages.some((top) => top.path === p))) {
        await visible(topPages.getByRole('rowheader', { name: path, exact: true }));
      }
      await checkScreen(page, 'analytics');

      await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
      const card = page.locator('.stat-card').filter({ hasText: 'Page Views' });
      await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('Last 30 days');
      admin.expectClean();
    } finally {
      await admin.close();
    }
  });
});
