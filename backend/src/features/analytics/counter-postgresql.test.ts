// The page-view counter's writes on FerretDB over PostgreSQL, the embedded default's storage:
// FerretDB holds a pooled connection per statement of an update command until the command ends,
// so writes must never take its pool (50) from the reads of every instance.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../database.js';
import { writeBatch } from './counter.js';
// @ts-expect-error: the database ladder is a plain ES module shared with main.ts and e2e.
import { startFerretDB, withDatabaseName } from '../../../../tools/database.mjs';
// @ts-expect-error: as above.
import { clusterUser, findPostgres } from '../../../../tools/postgres.mjs';

const hasPostgres = Boolean(findPostgres() && clusterUser());
let server: { url: string; stop: () => Promise<void> } | undefined;
let instances: Database[] = [];
beforeAll(async () => {
  if (!hasPostgres) return;
  server = await startFerretDB({ storage: 'postgresql' });
  // Two instances, each with its own connection pool, as two backends have.
  instances = await Promise.all([1, 2].map(() => connectDatabase(withDatabaseName(server!.url, 'counter_test'))));
}, 120_000);
afterAll(async () => {
  await Promise.all(instances.map((db) => db.close()));
  await server?.stop();
});

it.skipIf(!hasPostgres)(
  'lets reads through while twelve writers write batches of 64 counts again and again',
  async () => {
    const counts = (n: number) => instances[n % 2]!.models.PageViewCount;
    const batch = (seq: number) => ({
      seq,
      counts: Array.from({ length: 64 }, (_, n) => ({ day: '2020-01-06', path: `/page-${n}`, referrer: 'spam.example', views: 2 })),
    });
    let reads = 0;
    let writing = true;
    const reader = async (n: number) => {
      for (; writing; reads += 1)
        await counts(n)
          .findOne({ _id: `2020-01-06|/page-${reads % 64}|spam.example|instance-0` })
          .lean();
    };
    const readers = Array.from({ length: 8 }, (_, n) => reader(n));
    const writers = Array.from({ length: 12 }, async (_, n) => {
      for (let seq = 1; seq <= 4; seq++) await writeBatch(counts(n), `instance-${n}`, batch(seq));
    });
    await Promise.all(writers).finally(() => (writing = false));
    await Promise.all(readers);
    const stored = await counts(0).find({ day: '2020-01-06' }).lean();
    expect(stored.length).toBe(12 * 64);
    expect(stored.reduce((sum, count) => sum + count.views, 0)).toBe(12 * 64 * 2 * 4);
    expect(reads).toBeGreaterThan(0);
  },
  120_000,
);
