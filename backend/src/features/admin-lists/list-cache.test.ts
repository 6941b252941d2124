// A list held in memory against the real database: changes recorded by another instance reach
// it in the order they were made, a list whose log went on without it stops answering until it
// is read afresh, and a list that would go over the memory budget is let go of.
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { connectDatabase, type Database } from '../../database.js';
import { toVolunteerView } from '../volunteers/view.js';
import { rowBytes } from './budget.js';
import { ChangeLog } from './change-log.js';
import { ListCache } from './list-cache.js';

let t: TestApp;
let second: Database;
beforeAll(async () => {
  t = await startTestApp();
  second = await connectDatabase(t.db.url, { timeoutMs: t.config.databaseTimeoutMs });
});
afterAll(async () => {
  await second?.close();
  await t?.stop();
});

const volunteer = (name: string, minute: number) => ({
  _id: new Types.ObjectId(),
  name,
  email: `${name.toLowerCase()}@example.org`,
  mobile: '9876543210',
  gender: '',
  interest: '',
  start_date: null,
  address: 'Ranchi',
  about: '',
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute)),
  updatedAt: new Date(Date.UTC(2025, 0, 1, 0, minute)),
});
const roomy = () => ({ limit: 1 << 30, used: 0 });
const heldList = (db: Database, log = new ChangeLog(db.connection.db!), budget = roomy()) =>
  new ListCache(db.models.Volunteer, toVolunteerView, log, 'volunteers', budget);
const names = (rows: readonly { name: string }[] | undefined) => rows?.map((row) => row.name);

describe('a list held in memory', () => {
  it('hears of another instance’s changes, newest first, the later of two changes to a row winning', async () => {
    const [mine, theirs] = [heldList(t.db), heldList(second)];
    await Promise.all([mine.load(() => false), theirs.load(() => false)]);
    expect(await mine.all()).toEqual([]);

    const [asha, ravi, gita] = [volunteer('Asha', 1), volunteer('Ravi', 3), volunteer('Gita', 2)];
    await Promise.all([theirs.put(asha), theirs.put(ravi), mine.put(gita)]);
    expect(names(await mine.all())).toEqual(['Ravi', 'Gita', 'Asha']);
    expect(names(await theirs.all())).toEqual(['Ravi', 'Gita', 'Asha']);

    // A deletion recorded after a change that arrives late: the row stays deleted.
    const changes = t.db.connection.db!.collection('admin_list_changes');
    await theirs.remove(gita._id);
    await changes.insertOne({
      _id: new Types.ObjectId(),
      list: 'volunteers',
      row_id: gita._id.toHexString(),
      row: { ...toVolunteerView(gita), name: 'Gita (late)' },
      at: new Date(Date.now() - 5_000),
    });
    expect(names(await mine.all())).toEqual(['Ravi', 'Asha']);
  });

  it('stops answering once its log went on without it for half a window, until read afresh', async () => {
    const log = new ChangeLog(t.db.connection.db!, 2_000);
    const list = heldList(t.db, log);
    await list.load(() => false);
    expect(await list.all()).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await list.all()).toBeUndefined();
    await list.load(() => false);
    expect(await list.all()).toBeDefined();
  });
});

describe('the memory budget', () => {
  it('counts what the held rows take, and lets a list go that would take more, for good', async () => {
    await t.db.models.Volunteer.deleteMany({});
    await t.db.connection.db!.collection('admin_list_changes').deleteMany({});
    const rows = [volunteer('Asha', 1), volunteer('Ravi', 2), volunteer('Gita', 3)];
    await t.db.models.Volunteer.insertMany(rows);
    const each = rowBytes(toVolunteerView(rows[0]!));
    const budget = { limit: 4 * each, used: 0 };
    const list = heldList(t.db, undefined, budget);
    await list.load(() => false);
    expect(names(await list.all())).toEqual(['Gita', 'Ravi', 'Asha']);
    expect(budget.used).toBe(list.bytes);
    expect(list.bytes).toBe(3 * each);

    // A fourth row fits; a fifth does not: the list lets go of every row and gives the memory back.
    await list.put(volunteer('Mina', 4));
    expect(names(await list.all())).toHaveLength(4);
    await list.put(volunteer('Ravi Kumar Singh of Lalpur', 5));
    expect(await list.all()).toBeUndefined();
    expect(list.tooLarge).toBe(true);
    expect(budget.used).toBe(0);
    // Later changes are not held either.
    await list.remove(rows[0]!._id);
    expect(list.bytes).toBe(0);
  });

  it('takes longer text, and text outside Latin-1, as more', () => {
    const row = toVolunteerView(volunteer('Asha', 1));
    expect(rowBytes({ ...row, about: 'x'.repeat(100) })).toBeGreaterThan(rowBytes(row) + 90);
    expect(rowBytes({ ...row, name: 'आशा कुमारी' })).toBeGreaterThan(rowBytes({ ...row, name: 'Asha Kumari' }));
  });
});
