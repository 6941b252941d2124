// The published-content cache across two instances on one database: each instance reads the
// version while it is asked for public answers, so a cached answer never outlives a write by more
// than the bound, whichever instance made the write.
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../test/app.js';
import { makeImage } from '../../test/images.js';
import { createApp, requestListener } from '../app.js';
import { connectDatabase, type Database } from '../database.js';
import { contentVersionNumber } from './cache.js';

const boundMs = 1000;
let t: TestApp;
let otherDb: Database;
let other: ReturnType<typeof supertest>;

beforeAll(async () => {
  t = await startTestApp();
  otherDb = await connectDatabase(t.db.url, { timeoutMs: t.config.databaseTimeoutMs });
  other = supertest(requestListener(createApp(t.config, { db: otherDb })));
});
afterAll(async () => {
  await otherDb?.close();
  await t?.stop();
});

const auth = () => `Bearer ${t.adminToken()}`;
const addPost = async (title: string) =>
  (await t.request.post('/api/add_blog.php').set('Authorization', auth()).field('title', title).field('content', 'x'.repeat(2000))).body.data as { id: string };

/** Asks the other instance until `seen` holds; answers how long that took. */
async function timeUntil(ask: () => PromiseLike<{ status: number; body: unknown }>, seen: (res: { status: number; body: unknown }) => boolean) {
  const started = Date.now();
  for (;;) {
    if (seen(await ask())) return Date.now() - started;
    if (Date.now() - started > 5000) throw new Error('never seen within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the other instance knows the latest version (it reads it every 100 ms). */
async function settled() {
  const latest = await contentVersionNumber(otherDb).current();
  await timeUntil(
    () => other.get('/api/get_content_version.php'),
    (res) => (res.body as { version: number }).version === latest,
  );
}

const titles = (body: unknown) => (body as { title: string }[]).map((post) => post.title);

describe('the published-content cache', () => {
  it('shows an add, an update and a delete made on one instance on the other within 1 s', async () => {
    await addPost('Already there');
    // Both instances hold the list in their caches.
    expect(titles((await other.get('/api/get_blogs.php')).body)).toContain('Already there');
    expect(titles((await t.request.get('/api/get_blogs.php')).body)).toContain('Already there');

    const post = await addPost('Tree planting in Kanke');
    expect(
      await timeUntil(
        () => other.get('/api/get_blogs.php'),
        (res) => titles(res.body).includes('Tree planting in Kanke'),
      ),
    ).toBeLessThanOrEqual(boundMs);
    expect((await other.get(`/api/get_blog.php?id=${post.id}`)).body.data.title).toBe('Tree planting in Kanke');

    const update = await t.request.post('/api/update_blog.php').set('Authorization', auth()).field('id', post.id).field('title', 'Trees planted in Kanke');
    expect(update.status).toBe(200);
    expect(
      await timeUntil(
        () => other.get(`/api/get_blog.php?id=${post.id}`),
        (res) => (res.body as { data?: { title: string } }).data?.title === 'Trees planted in Kanke',
      ),
    ).toBeLessThanOrEqual(boundMs);

    expect((await t.request.post('/api/delete_blog.php').set('Authorization', auth()).send({ id: post.id })).status).toBe(200);
    expect(
      await timeUntil(
        () => other.get(`/api/get_blog.php?id=${post.id}`),
        (res) => res.status === 404,
      ),
    ).toBeLessThanOrEqual(boundMs);
    expect((await t.request.get(`/api/get_blog.php?id=${post.id}`)).status).toBe(404);
    expect(titles((await other.get('/api/get_blogs.php')).body)).not.toContain('Trees planted in Kanke');
  });

  it('shows a gallery write made on one instance on the other', async () => {
    const before = (await other.get('/api/get_gallery.php')).body as unknown[];
    const added = await t.request
      .post('/api/add_gallery_image.php')
      .set('Authorization', auth())
      .field('title', 'Health camp')
      .field('category', 'health')
      .attach('image', await makeImage(), 'camp.jpg');
    expect(added.status).toBe(201);
    expect(
      await timeUntil(
        () => other.get('/api/get_gallery.php'),
        (res) => (res.body as unknown[]).length === before.length + 1,
      ),
    ).toBeLessThanOrEqual(boundMs);
  });

  it('stops serving a deleted photo on the other instance within 1 s', async () => {
    const added = await t.request
      .post('/api/add_gallery_image.php')
      .set('Authorization', auth())
      .field('title', 'Soon deleted')
      .field('category', 'health')
      .attach('image', await makeImage(), 'deleted.jpg');
    const item = (added.body.data as { id: string; image_url: string }[])[0]!;
    // The other instance has looked the photo and its variant up (and keeps the bytes in memory).
    expect((await other.get(item.image_url)).status).toBe(200);
    expect((await other.get(`${item.image_url}&w=320`)).status).toBe(200);
    expect((await t.request.post('/api/gallery_delete.php').set('Authorization', auth()).send({ id: item.id })).status).toBe(200);
    expect((await t.request.get(item.image_url)).status).toBe(404);
    expect(
      await timeUntil(
        () => other.get(item.image_url),
        (res) => res.status === 404,
      ),
    ).toBeLessThanOrEqual(boundMs);
    expect(
      await timeUntil(
        () => other.get(`${item.image_url}&w=320`),
        (res) => res.status === 404,
      ),
    ).toBeLessThanOrEqual(boundMs);
  });

  it('answers 304 to a current ETag and 200 with the new body once a write changed it', async () => {
    await settled();
    const first = await other.get('/api/get_blogs.php');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"v\d+-/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await other.get('/api/get_blogs.php').set('If-None-Match', etag)).status).toBe(304);
    await addPost('After the ETag');
    expect(
      await timeUntil(
        () => other.get('/api/get_blogs.php').set('If-None-Match', etag),
        (res) => res.status === 200,
      ),
    ).toBeLessThanOrEqual(boundMs);
    const after = await other.get('/api/get_blogs.php').set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(titles(after.body)).toContain('After the ETag');
  });

  it('sends brotli, gzip or plain JSON as asked, all the same answer', async () => {
    const plain = await other.get('/api/get_blogs.php').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // superagent decodes both encodings: the same JSON proves the compressed bytes are right.
    for (const [asked, sent] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
    ]) {
      const res = await other.get('/api/get_blogs.php').set('Accept-Encoding', asked!);
      expect(res.headers['content-encoding']).toBe(sent);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(res.headers['content-length'])).toBeLessThan(plain.text.length / 3);
      expect(res.body).toEqual(plain.body);
    }
    expectMatchesSpec(plain, 'listBlogs');
  });

  it('never caches an answer to a request with an Authorization header', async () => {
    const admin = await other.get('/api/get_blogs.php').set('Authorization', auth());
    expect(admin.status).toBe(200);
    expect(admin.headers['cache-control']).toBe('private, no-store');
    expect(admin.headers.etag).toBeUndefined();
    expect(admin.headers['x-content-version']).toBeUndefined();
    const list = await other.get('/api/get_gallery_images.php').set('Authorization', auth());
    expect(list.status).toBe(200);
    expect(list.headers.etag).toBeUndefined();
  });

  // Third parties read the version from get_content_version.php.
  it('says its version in get_content_version.php and on every public answer, one higher after each write', async () => {
    const version = async (app: ReturnType<typeof supertest>) => (await app.get('/api/get_content_version.php')).body.version as number;
    await settled();
    const before = await version(other);
    const list = await other.get('/api/get_blogs.php?limit=12&fields=summary');
    expect(list.headers['x-content-version']).toBe(String(before));
    await addPost('Version bump');
    // The writer's own instance knows the new version at once, the other one within the bound.
    expect(await version(t.request)).toBe(before + 1);
    expect(
      await timeUntil(
        () => other.get('/api/get_content_version.php'),
        (res) => (res.body as { version: number }).version === before + 1,
      ),
    ).toBeLessThanOrEqual(boundMs);
    const after = await other.get('/api/get_blogs.php?limit=12&fields=summary');
    expect(after.headers['x-content-version']).toBe(String(before + 1));
    expect(titles(after.body)).toContain('Version bump');
    expectMatchesSpec(after, 'listBlogs');
  });

  it('takes no version from the request: an X-Content-Version header sent with it changes nothing', async () => {
    await settled();
    const current = await contentVersionNumber(otherDb).current();
    const res = await other.get('/api/get_blogs.php').set('X-Content-Version', String(current + 5));
    expect(res.status).toBe(200);
    expect(res.headers['x-content-version']).toBe(String(current));
    for (const junk of ['-1', 'abc', '1e3', '']) expect((await other.get('/api/get_blogs.php').set('X-Content-Version', junk)).status).toBe(200);
  });
});

describe('the cache key', () => {
  it('is the operation and its parameters as the contract reads them: anything else shares the entry', async () => {
    await addPost('Keyed by its parameters');
    // The ETag names the entry (a digest of its key) as well as the version.
    const etag = async (query: string) => {
      const res = await t.request.get(`/api/get_blogs.php?${query}`);
      expect(res.status, query).toBe(200);
      return res.headers.etag;
    };
    const entry = await etag('limit=1&q=Keyed');
    for (const query of ['q=Keyed&limit=1', 'limit=1&q=Keyed&junk=1', 'limit=1&q=%20Keyed%20&utm_source=feed']) {
      expect(await etag(query), query).toBe(entry);
    }
    expect(await etag('limit=2&q=Keyed')).not.toBe(entry);
  });
});
