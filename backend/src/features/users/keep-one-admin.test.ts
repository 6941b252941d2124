// "Keep one admin" under contention, on FerretDB (PostgreSQL storage) with two app instances:
// two admins demoting each other at once, or six admins each removing the next at once, leave
// one admin. Without the turns of invariants/claims.ts each change counted the admins before
// the others' writes, and all of them passed.
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, startTestApp, type SecondInstance, type TestApp } from '../../../test/app.js';
import { userMessages } from './messages.js';

let t: TestApp;
let second: SecondInstance;

beforeAll(async () => {
  t = await startTestApp({ storage: 'embedded' });
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second?.stop();
  await t?.stop();
});

const instance = (index: number) => (index % 2 ? second.request : t.request);

/** `count` fresh admin accounts, the only admins there are; answers their ids. */
async function onlyAdmins(count: number): Promise<string[]> {
  await t.db.models.AdminUser.updateMany({}, { $set: { role: 'editor' } });
  const created = await t.db.models.AdminUser.insertMany(
    Array.from({ length: count }, () => {
      const tag = new Types.ObjectId().toHexString();
      return { name: `Admin ${tag}`, email: `${tag}@example.test`, passwordHash: 'x', role: 'admin', tokenVersion: 0 };
    }),
  );
  return created.map((account) => account._id.toHexString());
}
const as = (sub: string) => `Bearer ${t.makeToken({ sub })}`;

describe('keep one admin, at once on two instances', () => {
  it('two admins demoting each other: one is made an editor, the other is refused, in every round', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await onlyAdmins(2);
      const answers = await Promise.all([
        instance(0).post('/api/update_user.php').set('Authorization', as(a!)).send({ id: b, role: 'editor' }),
        instance(1).post('/api/update_user.php').set('Authorization', as(b!)).send({ id: a, role: 'editor' }),
      ]);
      expect(answers.map((res) => res.status).sort(), answers.map((res) => res.text).join('\n')).toEqual([200, 409]);
      expect(answers.find((res) => res.status === 409)!.body.message).toBe(userMessages.lastAdmin);
      expect(await t.db.models.AdminUser.countDocuments({ role: 'admin' })).toBe(1);
    }
  });

  it('six admins each removing the next: an admin is left', async () => {
    for (let round = 0; round < 3; round++) {
      const ids = await onlyAdmins(6);
      const answers = await Promise.all(
        ids.map((id, index) =>
          instance(index)
            .post('/api/delete_user.php')
            .set('Authorization', as(id))
            .send({ id: ids[(index + 1) % ids.length] }),
        ),
      );
      // Removed, refused as the last admin, or (401) its own account was removed before it was checked.
      for (const res of answers) expect([200, 401, 409], res.text).toContain(res.status);
      expect(await t.db.models.AdminUser.countDocuments({ role: 'admin' })).toBeGreaterThanOrEqual(1);
    }
  });
});
