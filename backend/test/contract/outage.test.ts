// The database server stops (once mid-upload), every operation is tried while it is away, then
// it starts again: the same app serves reads and writes again, and the database holds exactly
// what it held before the outage (no half-written item, no orphan file).
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { volunteer } from './cases/accounts-and-meta.js';
import { keptForms, outageCases } from './cases/outage.js';
import { expectAnswer, runCases } from './support/cases.js';
import { expectNoOrphanFiles, expectUnchanged, snapshot, type DatabaseState } from './support/database-state.js';
import { useContractApp, type Fixture } from './support/fixture.js';
import { multipartBody, rawRequest } from './support/raw-http.js';

const app = useContractApp({ env: { DATABASE_TIMEOUT_MS: '1000', KEPT_FORMS_MAX: '5' } });
let beforeOutage: DatabaseState;
const volunteerWhileUp = (fx: Fixture) =>
  fx.request.post('/api/volunteer_save.php').send({ ...volunteer, email: `${randomBytes(4).toString('hex')}@example.org` });

describe.skipIf(process.env.MONGO_URL)('the database going away and coming back', () => {
  beforeAll(async () => {
    const { fx } = app;
    await fx.sharedBlog();
    await fx.sharedGalleryItem();
    expect((await volunteerWhileUp(fx)).status).toBe(201);
    beforeOutage = await snapshot(fx.t);
  });

  describe('stopped while an upload is on its way', () => {
    it('addGalleryImage → 503: the body finishes after the database stopped', async () => {
      const { fx } = app;
      const boundary = `outage-${randomBytes(4).toString('hex')}`;
      const body = multipartBody(boundary, { title: 'Half way', category: 'health' }, [
        { field: 'images[]', filename: 'a.jpg', data: fx.images.jpeg },
        { field: 'images[]', filename: 'b.jpg', data: fx.images.jpeg },
      ]);
      const half = Math.floor(body.length / 2);
      const res = await rawRequest(fx.t.url, {
        path: '/api/add_gallery_image.php',
        headers: { Authorization: fx.admin, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(body.length) },
        chunks: [body.subarray(0, half), () => fx.t.db.stopServer(), body.subarray(half)],
      });
      expectAnswer(res, 'addGalleryImage', 503);
    });
  });

  describe('while it is stopped', () => {
    // Each waits for the database in vain (DATABASE_TIMEOUT_MS): the ones that keep nothing wait side by side.
    runCases(outageCases, app, { concurrent: {} });
  });

  describe('after it starts again (same app, no restart)', () => {
    beforeAll(async () => {
      const { fx } = app;
      await fx.t.db.startServer();
      for (let attempt = 0; attempt < 60; attempt++) {
        if ((await fx.request.get('/api/health.php')).status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('the app did not see the database again within 15 s');
    });

    it('each form kept during the outage is stored once; nothing else was written, nothing half-written', async () => {
      const { fx } = app;
      const { Volunteer, ContactMessage, Donation, PasswordLink } = fx.t.db.models;
      const stored = async () => ({
        volunteers: await Volunteer.countDocuments({ email: keptForms.volunteer.email }),
        messages: await ContactMessage.countDocuments({ email: keptForms.message.email }),
        donations: await Donation.countDocuments({ referenceKey: { $in: [keptForms.donation.reference, '412345678998'] } }),
        links: await PasswordLink.countDocuments({ user: fx.t.admin.id }),
      });
      await expect.poll(stored, { timeout: 30_000, interval: 250 }).toEqual({ volunteers: 1, messages: 1, donations: 1, links: 1 });
      // What the kept forms wrote (and their notices, and the reset's count per addressee) is all that changed.
      expectUnchanged(beforeOutage, await snapshot(fx.t), ['volunteers', 'contact_messages', 'donations', 'password_links', 'mail_outbox', 'limit_counts']);
      await expectNoOrphanFiles(fx.t);
    });

    it('reads, image streams, logins and writes work again', async () => {
      const { fx } = app;
      const blogs = await fx.request.get('/api/get_blogs.php');
      expectAnswer(blogs, 'listBlogs', 200);
      const picture = await fx.request.get(`/api/image.php?id=${await fx.sharedImageId()}&w=320`);
      expectAnswer(picture, 'getImage', 200);
      const login = await fx.request.post('/api/login.php').send({ email: fx.t.admin.email, password: fx.t.admin.password });
      expectAnswer(login, 'login', 200);
      expectAnswer(await volunteerWhileUp(fx), 'saveVolunteer', 201);
      const batch = await fx.request
        .post('/api/add_gallery_image.php')
        .set('Authorization', `Bearer ${login.body.token}`)
        .field('title', 'After the outage')
        .field('category', 'education')
        .attach('images[]', fx.images.jpeg, 'a.jpg')
        .attach('images[]', fx.images.png, 'b.png');
      expectAnswer(batch, 'addGalleryImage', 201);
      expectAnswer(await fx.request.get('/api/health.php'), 'getHealth', 200);
      await expectNoOrphanFiles(fx.t);
    });
  });
});
