import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../test/app.js';
import { keptMessage } from '../idempotency/kept.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { DATABASE_TIMEOUT_MS: '1000' } });
});
afterAll(() => t?.stop());

describe.skipIf(process.env.MONGO_URL)('the database going away and coming back', () => {
  it('answers 503 with Retry-After while it is away, and recovers by itself', async () => {
    const before = await t.request.get('/api/get_blogs.php');
    expect(before.status).toBe(200);

    await t.db.stopServer();
    const started = Date.now();
    // Public reads answer from the version confirmed at most 250 ms ago (published/cache.ts), then 503.
    let down = await t.request.get('/api/get_blogs.php');
    while (down.status === 200 && Date.now() - started < 400) down = await t.request.get('/api/get_blogs.php');
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toMatch(/^\d+$/);
    expect(down.body.success).toBe(false);
    expect(down.body.message).toMatch(/database/i);
    expectMatchesSpec(down, 'listBlogs');
    expect(Date.now() - started).toBeLessThan(10_000);

    const health = await t.request.get('/api/health.php?ready=1');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ success: false, status: 'degraded', database: 'down' });

    // A visitor's form is kept (202) and stored once the database is back (idempotency/kept.ts).
    const write = await t.request.post('/api/volunteer_save.php').send({ name: 'Asha', email: 'asha@example.org', mobile: '9876543210', address: 'Ranchi' });
    expect([write.status, write.body.message]).toEqual([202, keptMessage]);

    await t.db.startServer();
    let recovered = 0;
    for (let attempt = 0; attempt < 40 && recovered !== 200; attempt++) {
      recovered = (await t.request.get('/api/get_blogs.php')).status;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(200);
    expect((await t.request.get('/api/health.php?ready=1')).status).toBe(200);
    await expect.poll(() => t.db.models.Volunteer.countDocuments({ email: 'asha@example.org' }), { timeout: 20_000, interval: 250 }).toBe(1);
  });
});
