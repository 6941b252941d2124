import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

describe('dashboard figures', () => {
  it('count what is stored and list the latest changes, newest first', async () => {
    const auth = `Bearer ${t.adminToken()}`;
    const blog = await t.request.post('/api/add_blog.php').set('Authorization', auth).field('title', 'First post');
    await t.request.post('/api/volunteer_save.php').send({ name: 'Ravi', email: 'ravi@example.org', mobile: '9876543210', address: 'Ranchi' });
    await t.request.post('/api/update_blog.php').set('Authorization', auth).field('id', blog.body.data.id).field('title', 'First post, edited');

    const res = await t.request.get('/api/get_stats.php').set('Authorization', auth);
    expect(res.status).toBe(200);
    expectMatchesSpec(res, 'getStats');
    expect(res.body.data).toMatchObject({ blogs: 1, gallery_images: 0, volunteers: 1, admins: 1 });
    expect(res.body.data.recent.map((change: { kind: string; action: string; title: string }) => [change.kind, change.action, change.title])).toEqual([
      ['blog', 'updated', 'First post, edited'],
      ['volunteer', 'created', 'Ravi'],
    ]);
  });
});
