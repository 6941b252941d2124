// The media library held in memory (as the admin lists are) and read from the database answer
// alike: one app holds it, a second on the same database has no room to (ADMIN_LISTS_BYTES=1).
// A write through either shows in the other's next page.
import { createServer } from 'node:http';
import supertest from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { createApp, requestListener } from '../../app.js';
import { connectDatabase } from '../../database.js';
import { Lifecycle } from '../../http/lifecycle.js';
import sharp from 'sharp';

let t: TestApp;
let unheld: { request: ReturnType<typeof supertest>; stop: () => Promise<void> };
const auth = () => `Bearer ${t.adminToken()}`;
const tag = `m${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await startTestApp();
  const db = await connectDatabase(t.db.url, { timeoutMs: t.config.databaseTimeoutMs });
  const lifecycle = new Lifecycle();
  const server = createServer(requestListener(createApp({ ...t.config, adminListsBytes: 1 }, { db, lifecycle })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  unheld = {
    request: supertest(server),
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await lifecycle.stop();
      await db.close();
    },
  };
}, 60_000);
afterAll(async () => {
  await unheld?.stop();
  await t?.stop();
});

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f7d4a' } })
    .jpeg()
    .toBuffer();
const upload = async (alt: string, name: string) =>
  (
    await t.request
      .post('/api/upload_media.php')
      .set('Authorization', auth())
      .field('alt', alt)
      .attach('image', await jpeg(), name)
  ).body.data as { id: string };
const page = (request: ReturnType<typeof supertest>, query: string) => request.get(`/api/get_media.php${query}`).set('Authorization', auth());

/** Waits until `t` answers from the list it holds: a file written straight into the database is not in it. */
async function untilHeld() {
  const files = t.db.connection.db!.collection('images.files');
  for (let attempt = 0; attempt < 120; attempt++) {
    const { insertedId } = await files.insertOne({
      length: 1,
      chunkSize: 261120,
      uploadDate: new Date(),
      filename: 'original',
      metadata: { kind: 'original', owner: 'library', contentType: 'image/jpeg', width: 1, height: 1, alt: `probe ${tag}` },
    });
    const [held, read] = await Promise.all([page(t.request, `?q=probe%20${tag}`), page(unheld.request, `?q=probe%20${tag}`)]);
    await files.deleteOne({ _id: insertedId });
    expect(read.headers['x-total-count']).toBe('1');
    if (held.headers['x-total-count'] === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the app did not come to hold the media library');
}

it('answers the same page, with where each image is used, held or read from the database, and each hears of the other’s writes', async () => {
  const photos = [
    await upload(`Seed bank ${tag} one`, 'one.jpg'),
    await upload(`Seed bank ${tag} two`, 'two.jpg'),
    await upload(`Seed bank ${tag} three`, 'three.jpg'),
  ];
  const body = JSON.stringify({ type: 'doc', content: [{ type: 'image', attrs: { id: photos[0]!.id, alt: 'x' } }] });
  const post = (await t.request.post('/api/add_blog.php').set('Authorization', auth()).field('title', 'Seeds').field('body', body)).body.data as { id: string };
  await untilHeld();

  const [held, read] = await Promise.all([
    page(t.request, `?q=seed%20bank%20${tag}&limit=2&page=2`),
    page(unheld.request, `?q=seed%20bank%20${tag}&limit=2&page=2`),
  ]);
  expect(held.body).toEqual(read.body);
  expect([held.headers['x-total-count'], held.headers.link]).toEqual([read.headers['x-total-count'], read.headers.link]);
  expect(held.body.data).toMatchObject([
    { id: photos[0]!.id, alt: `Seed bank ${tag} one`, name: 'one.jpg', used_in: [{ kind: 'text', id: post.id, title: 'Seeds' }] },
  ]);

  // A new alt text through the app that does not hold the list: the other's next page has it.
  expect(
    (
      await unheld.request
        .post('/api/update_media.php')
        .set('Authorization', auth())
        .send({ id: photos[1]!.id, alt: `Well ${tag}` })
    ).status,
  ).toBe(200);
  expect((await page(t.request, `?q=well%20${tag}`)).body.data.map((image: { id: string }) => image.id)).toEqual([photos[1]!.id]);
  // A deletion through the one that does: gone from both.
  expect((await t.request.post('/api/delete_media.php').set('Authorization', auth()).send({ id: photos[2]!.id })).status).toBe(200);
  for (const request of [t.request, unheld.request]) expect((await page(request, `?q=seed%20bank%20${tag}`)).headers['x-total-count']).toBe('1');
}, 120_000);
