// The claims against a real FerretDB (PostgreSQL storage, as `npm start` runs it here), with
// writers on two connections: a step or a turn is taken once, one left by a writer that died is
// stepped over once its hold ran out, and a rising number never repeats or falls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { connectDatabase, type Database } from '../database.js';
import { Claims, RisingNumber } from './claims.js';

let t: TestApp;
let otherDb: Database;
let now = new Date('2026-01-01T00:00:00Z');
const clock = () => now;
const claimsOf = (db: Database) => new Claims(db.models.Claim, clock);

beforeAll(async () => {
  t = await startTestApp({ storage: 'embedded' });
  otherDb = await connectDatabase(t.db.url, { timeoutMs: t.config.databaseTimeoutMs });
});
afterAll(async () => {
  await otherDb?.close();
  await t?.stop();
});

const both = () => [claimsOf(t.db), claimsOf(otherDb)];

describe('nextVersion', () => {
  it('gives one step to one of twenty writers at once', async () => {
    const [one, other] = both();
    const taken = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? other! : one!).nextVersion('thing/a', 4)));
    expect(taken.filter((step) => step !== null)).toEqual([5]);
  });

  it('steps over a step whose writer died before writing, once its hold ran out', async () => {
    const [one, other] = both();
    expect(await one!.nextVersion('thing/b', 1, 1000)).toBe(2);
    // Its writer is gone: while the hold lasts, the step is taken.
    expect(await other!.nextVersion('thing/b', 1)).toBeNull();
    now = new Date(now.getTime() + 1001);
    expect(await other!.nextVersion('thing/b', 1)).toBe(3);
    // A step that was written is never stepped over, however old.
    await other!.done('thing/b@3');
    now = new Date(now.getTime() + 60_000);
    expect(await one!.nextVersion('thing/b', 2)).toBeNull();
  });
});

describe('writeNextVersion', () => {
  it('marks the step done once written, and lets it go when the write fails, for the next writer at once', async () => {
    const [one, other] = both();
    await expect(one!.writeNextVersion('thing/c', 1, async () => Promise.reject(new Error('refused image')))).rejects.toThrow('refused image');
    expect(await other!.writeNextVersion('thing/c', 1, async (version) => `wrote ${version}`)).toEqual({ written: 'wrote 2' });
    expect(await one!.writeNextVersion('thing/c', 1, async (version) => `wrote ${version}`)).toBeNull();
  });
});

describe('serially', () => {
  it('runs one writer at a time across instances: forty read-then-write increments lose none', async () => {
    const [one, other] = both();
    const counters = t.db.models.LimitCount;
    await counters.create({ _id: 'serial-test', count: 0, resetAt: new Date('2100-01-01') });
    // A plain read, then a write: what FerretDB's $inc does, and loses steps at.
    const increment = async () => {
      const { count } = (await counters.findById('serial-test').lean())!;
      await counters.updateOne({ _id: 'serial-test' }, { $set: { count: count + 1 } });
    };
    await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 ? other! : one!).serially('serial-test', increment)));
    expect((await counters.findById('serial-test').lean())!.count).toBe(40);
  }, 60_000);

  it('takes the next turn once the turn of a writer that died ran out', async () => {
    const [one] = both();
    expect(await one!.take('left#1', { holdMs: 500, item: 'left', step: 1 })).toBe(true);
    now = new Date(now.getTime() + 501);
    expect(await one!.serially('left', async () => 'ran')).toBe('ran');
    expect(await one!.lastStep('left')).toBe(2);
  });
});

describe('RisingNumber', () => {
  it('rises by one per raise from where the old store left it, under sixty raises at once, and never falls', async () => {
    const start = async () => 41;
    const numbers = [new RisingNumber(claimsOf(t.db), 'count', start), new RisingNumber(claimsOf(otherDb), 'count', start)];
    expect(await numbers[0]!.current()).toBe(41);
    const raised = await Promise.all(Array.from({ length: 60 }, (_, index) => numbers[index % 2]!.raise()));
    expect(raised.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, index) => 42 + index));
    expect(await numbers[1]!.current()).toBe(101);
    expect(await numbers[0]!.raise(500)).toBe(500);
  });
});
