// The published-content cache through the real topology (nginx keeping public reads for the
// current 200 ms, two backends each caching by the content version): an acknowledged write on
// either instance is seen everywhere within 1 s, and answers sent with a token never reach a visitor.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formData, type Blog } from './content';
import { adminToken, backends, e2e, launchBrowser, openPage, visit } from './harness';

const boundMs = 1000;
const tag = `cache-${Date.now().toString(36)}`;
let token: string;
let browser: Browser;
/** Both instances' own addresses, to write on one and read on the other. */
let direct: string[];

beforeAll(async () => {
  token = await adminToken();
  direct = (await backends.list()).map((backend) => `http://127.0.0.1:${backend.port}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function call(base: string, pathname: string, init: RequestInit & { auth?: boolean } = {}) {
  const headers = new Headers(init.headers);
  if (init.auth) headers.set('authorization', `Bearer ${token}`);
  const res = await fetch(new URL(pathname, base), { ...init, headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const titlesAt = async (base: string, query = '') => {
  const res = await call(base, `/api/get_blogs.php${query}`);
  expect(res.status).toBe(200);
  return (res.body as Blog[]).map((post) => post.title);
};

/** Every public place a visitor's read can come from: nginx (and its cache) and each instance. */
const everywhere = () => [e2e.baseUrl, ...direct];

/** Fills every cache (nginx's and both instances') with the current answers. */
async function warm(queries: string[]) {
  for (const base of everywhere()) for (const query of queries) for (let i = 0; i < 2; i += 1) await call(base, query);
}

/** How long until `check` holds when asked again and again; fails past 5 s. */
async function timeUntil(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 5000) throw new Error('not seen within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

/** How long until `check` holds at every public place (nginx and each instance); fails past the bound. */
async function seenEverywhere(check: (base: string) => Promise<boolean>): Promise<void> {
  const started = Date.now();
  for (const base of everywhere()) {
    await timeUntil(() => check(base));
    expect(Date.now() - started, base).toBeLessThanOrEqual(boundMs);
  }
}

describe('a cached answer never outlives a write', () => {
  test('add, update and delete on one instance are seen through nginx and on the other instance within 1 s', async () => {
    const listQuery = `/api/get_blogs.php?limit=12&fields=summary&q=${tag}`;
    await warm(['/api/get_blogs.php', listQuery]);
    // nginx keeps a read for the current 200 ms of the clock: two reads at the start of one (again
    // at the next one when a busy machine made them cross it).
    let repeat = '';
    for (let attempt = 0; attempt < 5 && repeat !== 'HIT'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 202 - (Date.now() % 200)));
      await call(e2e.baseUrl, listQuery);
      repeat = (await call(e2e.baseUrl, listQuery)).headers.get('x-cache-status') ?? '';
    }
    expect(repeat, 'nginx answered the repeat from its cache').toBe('HIT');

    // Added on instance 1, read through nginx and on instance 2.
    const added = await call(direct[0]!, '/api/add_blog.php', { method: 'POST', auth: true, body: formData({ title: `${tag} well`, content: 'x' }) });
    expect(added.status).toBe(201);
    const post = added.body.data as Blog;
    // The writing instance at once.
    expect(await titlesAt(direct[0]!, `?limit=12&fields=summary&q=${tag}`)).toEqual([`${tag} well`]);
    await seenEverywhere(async (base) => (await titlesAt(base, `?limit=12&fields=summary&q=${tag}`)).join() === `${tag} well`);
    expect(await titlesAt(e2e.baseUrl)).toContain(`${tag} well`);
    await warm([`/api/get_blog.php?id=${post.id}`, listQuery]);

    // Updated on instance 2.
    const updated = await call(direct[1]!, '/api/update_blog.php', { method: 'POST', auth: true, body: formData({ id: post.id, title: `${tag} new well` }) });
    expect(updated.status).toBe(200);
    expect((await call(direct[1]!, `/api/get_blog.php?id=${post.id}`)).body.data.title).toBe(`${tag} new well`);
    await seenEverywhere(async (base) => (await call(base, `/api/get_blog.php?id=${post.id}`)).body.data.title === `${tag} new well`);
    for (const base of everywhere()) expect(await titlesAt(base, `?limit=12&fields=summary&q=${tag}`), base).toEqual([`${tag} new well`]);
    await warm([`/api/get_blog.php?id=${post.id}`, listQuery]);

    // Deleted through nginx: a 404 everywhere, and gone from every list.
    const deleted = await call(e2e.baseUrl, '/api/delete_blog.php', {
      method: 'POST',
      auth: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: post.id }),
    });
    expect(deleted.status).toBe(200);
    await seenEverywhere(async (base) => (await call(base, `/api/get_blog.php?id=${post.id}`)).status === 404);
    for (const base of everywhere()) {
      expect(await titlesAt(base, `?limit=12&fields=summary&q=${tag}`), base).toEqual([]);
      expect(await titlesAt(base), base).not.toContain(`${tag} new well`);
    }
  });

  test('an answer sent with a token is never stored for visitors, nor answered from their cache', async () => {
    const query = '/api/get_blogs.php?limit=3';
    await call(e2e.baseUrl, query);
    const admin = await call(e2e.baseUrl, query, { auth: true });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('x-cache-status')).toBe('BYPASS');
    expect(admin.headers.get('cache-control')).toBe('private, no-store');
    const visitor = await call(e2e.baseUrl, query);
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // The admin's own lists are never kept by nginx at all.
    for (let i = 0; i < 2; i += 1) {
      const list = await call(e2e.baseUrl, '/api/get_gallery_images.php', { auth: true });
      expect(list.status).toBe(200);
      expect(list.headers.get('x-cache-status')).toBeNull();
    }
  });

  test('bad list parameters get a clear 400 through nginx, never a 500', async () => {
    for (const query of ['limit=0', 'limit=51', 'page=-1', 'page=0', 'page=x', 'q[a]=1', 'fields=everything', `q=${'a'.repeat(201)}`]) {
      const res = await call(e2e.baseUrl, `/api/get_blogs.php?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.success, query).toBe(false);
      expect(res.body.message, query).toEqual(expect.any(String));
    }
  });
});

describe('the blog in pages', () => {
  test('page 2 has its own URL, shows the next 12 posts, and the back button returns to page 1', async () => {
    const pageTag = `pages-${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (let n = 1; n <= 14; n += 1) {
      const res = await call(e2e.baseUrl, '/api/add_blog.php', {
        method: 'POST',
        auth: true,
        body: formData({ title: `${pageTag} post ${n}`, excerpt: 'Paged.' }),
      });
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    const guarded = await openPage(browser, { viewport: 'desktop' });
    const { page } = guarded;
    try {
      await visit(page, `/blog?q=${pageTag}`);
      await page.getByText(`${pageTag} post 14`, { exact: true }).waitFor();
      expect(await page.locator('main article').count()).toBe(12);
      await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Next' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await page.getByText(`${pageTag} post 2`, { exact: true }).waitFor();
      expect(await page.locator('main article').count()).toBe(2);
      await page.getByText('Page 2 of 2').waitFor();
      const shared = page.url();
      await page.goBack();
      await page.getByText(`${pageTag} post 14`, { exact: true }).waitFor();
      expect(new URL(page.url()).searchParams.get('page')).toBeNull();
      // The shared URL opens page 2 on its own.
      await visit(page, new URL(shared).pathname + new URL(shared).search);
      await page.getByText(`${pageTag} post 1`, { exact: true }).waitFor();
      guarded.expectClean();
    } finally {
      await guarded.close();
      for (const id of ids) {
        await call(e2e.baseUrl, '/api/delete_blog.php', {
          method: 'POST',
          auth: true,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id }),
        });
      }
    }
  });
});
