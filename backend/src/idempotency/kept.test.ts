// Forms sent while the database hangs (SIGSTOP, as in the fault suite): each is answered 202
// "kept", and once the database goes on each is stored exactly once, though FerretDB also
// carries out the commands their first attempts had sent before it hung.
import { describe, afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { keptMessage } from './kept.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { DATABASE_TIMEOUT_MS: '1000' } });
});
afterAll(async () => {
  t?.db.resumeServer();
  await t?.stop();
});

const registration = (n: number) => ({ name: `Hung ${n}`, email: `hung-${n}@example.org`, mobile: '9876543210', address: 'Ranchi' });

describe.skipIf(process.env.MONGO_URL)('forms sent while the database hangs', () => {
  it('are kept (202) and stored once each when it goes on, with a key or without', async () => {
    // Warm: the app's first queries are done, so the forms below meet the hang mid-way.
    await t.request.post('/api/volunteer_save.php').send(registration(0)).expect(201);
    t.db.hangServer();
    let answers;
    try {
      answers = await Promise.all(
        [1, 2, 3, 4].map((n) => {
          const req = t.request.post('/api/volunteer_save.php');
          if (n % 2) req.set('Idempotency-Key', `hung-${n}`);
          return req.send(registration(n));
        }),
      );
    } finally {
      t.db.resumeServer();
    }
    for (const res of answers) expect([res.status, res.body.message]).toEqual([202, keptMessage]);
    const stored = async () => Promise.all([1, 2, 3, 4].map((n) => t.db.models.Volunteer.countDocuments({ email: `hung-${n}@example.org` })));
    await expect.poll(stored, { timeout: 40_000, interval: 500 }).toEqual([1, 1, 1, 1]);
    // And no more of them later (a late first attempt finds its key taken).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await stored()).toEqual([1, 1, 1, 1]);
    const welcomes = await t.db.models.OutboxMail.countDocuments({ kind: 'volunteer-welcome', to: { $in: [1, 2, 3, 4].map((n) => `hung-${n}@example.org`) } });
    expect(welcomes).toBe(4);
  }, 90_000);
});
