// The admin lists on a real database, with two app instances on it as in production: counts
// and pages stay right under concurrent registrations, erasures and marking, and an instance
// started later reads the rows written before it and hears of the other instances' changes.
import { createServer } from 'node:http';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { untilListsHeld } from '../../../test/lists-held.js';
import { createApp, requestListener } from '../../app.js';
import { connectDatabase } from '../../database.js';
import { Lifecycle } from '../../http/lifecycle.js';
import { idempotencyRecordId, newDocumentId } from '../../idempotency/middleware.js';

let t: TestApp;
let other: Awaited<ReturnType<typeof startInstance>>;

/** One more app on the same database: another backend behind nginx. */
async function startInstance(app: TestApp, config = app.config) {
  const db = await connectDatabase(app.db.url, { timeoutMs: app.config.databaseTimeoutMs });
  const lifecycle = new Lifecycle();
  const server = createServer(requestListener(createApp(config, { db, lifecycle })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    request: supertest(server),
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await lifecycle.stop();
      await db.close();
    },
  };
}

const registration = (n: number) => ({
  name: `Volunteer ${n}`,
  email: `v${n}@example.org`,
  mobile: '+91 98765 43210',
  address: n % 3 ? 'Lalpur, Ranchi' : 'Harmu, Ranchi',
});
const contact = (n: number) => ({ name: 'Asha', email: 'asha@example.org', subject: `Question ${n}`, message: 'When is the camp?', elapsed_ms: 15_000 });

/** Waits until both instances answer from the lists they hold (see untilListsHeld). */
const listsHeld = () =>
  untilListsHeld(
    t.db,
    () => Promise.all(instances().map(async (request) => (await request.get('/api/get_gallery_images.php?limit=1')).headers['x-total-count'])),
    async (id) => (await t.request.post('/api/gallery_delete.php').set('Authorization', auth()).send({ id })).status,
  );

beforeAll(async () => {
  t = await startTestApp({ env: { CONTACT_MAX_MESSAGES: '1000' } });
  other = await startInstance(t);
});
afterAll(async () => {
  await other?.stop();
  await t?.stop();
});

const auth = () => `Bearer ${t.adminToken()}`;
const instances = () => [t.request, other.request];
const listAll = async (path: string) => {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await other.request.get(`${path}${path.includes('?') ? '&' : '?'}limit=50&page=${page}`).set('Authorization', auth());
    expect(res.status).toBe(200);
    ids.push(...res.body.data.map((item: { id: string }) => item.id));
    if (!res.headers.link?.includes('rel="next"')) return { ids, total: Number(res.headers['x-total-count']) };
  }
};

describe('the admin lists on two instances', () => {
  it('count every registration once while both take and erase them at the same moment', async () => {
    await listsHeld();
    // Eight at a time, four on each instance (each also queues two mails: forty at once outlast
    // the database timeout on a busy two-core machine).
    const saved = [];
    for (let wave = 0; wave < 5; wave++) {
      const sends = Array.from({ length: 8 }, (_, n) => {
        const instance = instances()[n % 2]!;
        return instance.post('/api/volunteer_save.php').send(registration(wave * 8 + n));
      });
      saved.push(...(await Promise.all(sends)));
    }
    expect(saved.map((res) => res.status)).toEqual(Array(40).fill(201));
    const rows = await t.db.models.Volunteer.find().select('_id').lean();
    // Ten registrations erased, each by both instances at once: one of each pair erases it.
    const erasing = rows
      .slice(0, 10)
      .flatMap((row) =>
        instances().map((request) => request.post('/api/delete_volunteer.php').set('Authorization', auth()).send({ id: row._id.toHexString() })),
      );
    const statuses = (await Promise.all(erasing)).map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(404)]);

    const stored = await t.db.models.Volunteer.countDocuments();
    expect(stored).toBe(30);
    for (const request of instances()) {
      const stats = await request.get('/api/get_stats.php').set('Authorization', auth());
      expect(stats.body.data.volunteers).toBe(stored);
    }
    // Every registration once over the pages (registrations taken in the same instant may come
    // in another order than their creation times'; the legacy list sorts by those).
    const { ids, total } = await listAll('/api/get_volunteers.php');
    expect(total).toBe(stored);
    const legacy = await t.request.get('/api/get_volunteers.php').set('Authorization', auth());
    expect([...ids].sort()).toEqual(legacy.body.data.map((item: { id: string }) => item.id).sort());
  });

  it('count each message read or unread once while both mark the same messages', async () => {
    // Sent one after the other: the contact form's rate limit is not what is tested here.
    for (let n = 0; n < 12; n++) expect((await instances()[n % 2]!.post('/api/contact_save.php').send(contact(n))).status).toBe(201);
    const ids = (await t.db.models.ContactMessage.find().select('_id').lean()).map((row) => row._id.toHexString());
    const mark = (id: string, read: boolean) =>
      Promise.all(instances().map((request) => request.post('/api/update_message.php').set('Authorization', auth()).send({ id, read })));
    await Promise.all(ids.slice(0, 8).map((id) => mark(id, true)));
    await Promise.all(ids.slice(0, 3).map((id) => mark(id, false)));
    const deleting = ids
      .slice(6, 10)
      .flatMap((id) => instances().map((request) => request.post('/api/delete_message.php').set('Authorization', auth()).send({ id })));
    await Promise.all(deleting);

    const unread = await t.db.models.ContactMessage.countDocuments({ read: false });
    expect(unread).toBe(3 + 2);
    for (const request of instances()) {
      const res = await request.get('/api/get_messages.php?limit=1').set('Authorization', auth());
      expect(res.body.unread).toBe(unread);
      expect(res.headers['x-total-count']).toBe(String(await t.db.models.ContactMessage.countDocuments()));
    }
  });

  it('show a registration whose first save lost the database before the lists heard of it, once its retry comes', async () => {
    await listsHeld();
    // The first attempt stored the row under the id its key gives, then the database went away.
    const key = 'registration-stored-before-an-outage';
    const _id = newDocumentId({ idempotency: { recordId: idempotencyRecordId('saveVolunteer', 'anonymous', key) } });
    await t.db.models.Volunteer.create({ _id, ...registration(900) });
    const retried = await other.request.post('/api/volunteer_save.php').set('Idempotency-Key', key).send(registration(900));
    expect(retried.status).toBe(201);
    for (const request of instances()) {
      const res = await request.get('/api/get_volunteers.php?limit=50&q=v900%40example.org').set('Authorization', auth());
      expect(res.body.data.map((item: { id: string }) => item.id)).toEqual([_id.toHexString()]);
    }
  });

  it('count a post deleted by both instances at once as gone once', async () => {
    const added = await Promise.all([1, 2, 3].map((n) => t.request.post('/api/add_blog.php').set('Authorization', auth()).field('title', `Post ${n}`)));
    const id = added[0]!.body.data.id as string;
    await Promise.all(instances().map((request) => request.post('/api/delete_blog.php').set('Authorization', auth()).send({ id })));
    const stats = await other.request.get('/api/get_stats.php').set('Authorization', auth());
    expect(stats.body.data.blogs).toBe(await t.db.models.Blog.countDocuments());
    expect((await listAll('/api/get_all_blogs.php')).total).toBe(2);
  });
});

describe('an instance whose lists are over its memory budget', () => {
  it('answers the same pages, totals, searches and figures from the database', async () => {
    await t.request.post('/api/add_blog.php').set('Authorization', auth()).field('title', 'A draft').field('status', 'draft');
    const small = await startInstance(t, { ...t.config, adminListsBytes: 1 });
    try {
      const paths = [
        '/api/get_volunteers.php?limit=7&page=2',
        '/api/get_volunteers.php?limit=5&q=HARMU',
        '/api/get_volunteers.php?q=harmu',
        '/api/get_messages.php?limit=4&page=2',
        '/api/get_all_blogs.php?limit=10&status=draft',
        '/api/get_all_blogs.php?limit=10&status=published',
        '/api/get_gallery_images.php?limit=3',
      ];
      const both = (path: string) => Promise.all([t.request.get(path).set('Authorization', auth()), small.request.get(path).set('Authorization', auth())]);
      for (const path of paths) {
        const [held, read] = await both(path);
        expect(read.status, path).toBe(200);
        expect(read.body, path).toEqual(held.body);
        expect(read.headers['x-total-count'], path).toBe(held.headers['x-total-count']);
        expect(read.headers.link, path).toBe(held.headers.link);
      }
      const [held, read] = await both('/api/get_stats.php');
      expect(read.body).toEqual(held.body);
    } finally {
      await small.stop();
    }
  });
});

describe('an instance started later', () => {
  it('reads the rows written before it started, newest first, and hears of the others’ changes', async () => {
    // Rows written straight into the database (a restore, an import), then an instance started.
    const start = Date.UTC(2024, 0, 1);
    const old = (n: number) => ({ ...registration(100 + n), gender: '', interest: '', start_date: null, about: '', createdAt: new Date(start + n * 60_000) });
    await t.db.models.Volunteer.collection.insertMany(Array.from({ length: 25 }, (_, n) => ({ ...old(n), updatedAt: old(n).createdAt })));
    const late = await startInstance(t);
    try {
      const stored = await t.db.models.Volunteer.countDocuments();
      await expect
        .poll(async () => (await late.request.get('/api/get_volunteers.php?limit=20&page=2').set('Authorization', auth())).headers['x-total-count'], {
          timeout: 20_000,
        })
        .toBe(String(stored));
      const legacy = await late.request.get('/api/get_volunteers.php').set('Authorization', auth());
      const legacyIds = legacy.body.data.map((item: { id: string }) => item.id);
      const page = await late.request.get('/api/get_volunteers.php?limit=20&page=2').set('Authorization', auth());
      expect(page.body.data.map((item: { id: string }) => item.id)).toEqual(legacyIds.slice(20, 40));

      // A registration taken and one erased by another instance show at once.
      expect((await other.request.post('/api/volunteer_save.php').send(registration(200))).status).toBe(201);
      const oldest = legacyIds.at(-1) as string;
      expect((await other.request.post('/api/delete_volunteer.php').set('Authorization', auth()).send({ id: oldest })).status).toBe(200);
      const after = await late.request.get('/api/get_volunteers.php?limit=50&page=1').set('Authorization', auth());
      expect(after.body.data[0].name).toBe('Volunteer 200');
      expect(after.headers['x-total-count']).toBe(String(stored));
      const last = await late.request.get(`/api/get_volunteers.php?limit=50&page=${Math.ceil(stored / 50)}`).set('Authorization', auth());
      expect(last.body.data.map((item: { id: string }) => item.id)).not.toContain(oldest);
    } finally {
      await late.stop();
    }
  });
});
