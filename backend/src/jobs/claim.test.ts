// Work claimed by its lease, on FerretDB (PostgreSQL storage) from two connections at once: a
// free piece of work goes to one claimer, and so does one whose lease ran out (its instance died).
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { connectDatabase, type Database } from '../database.js';
import { Claims } from '../invariants/claims.js';
import { WorkClaims } from './claim.js';

let t: TestApp;
let otherDb: Database;
beforeAll(async () => {
  t = await startTestApp({ storage: 'embedded' });
  otherDb = await connectDatabase(t.db.url, { timeoutMs: t.config.databaseTimeoutMs });
});
afterAll(async () => {
  await otherDb?.close();
  await t?.stop();
});

const claimersOn = (db: Database) => new WorkClaims(db.models.JobLease, 'drill', new Claims(db.models.Claim));

/** Twenty claims at once of the one piece of work `ready` matches, over both connections; how many got it. */
async function winners(id: Types.ObjectId) {
  const claimers = [claimersOn(t.db), claimersOn(otherDb)];
  const models = [t.db.models.Volunteer, otherDb.models.Volunteer];
  const claims = await Promise.all(
    Array.from({ length: 20 }, (_, index) => claimers[index % 2]!.claim(models[index % 2]!, { _id: id }, { leaseMs: 60_000, sort: { _id: 1 } })),
  );
  return claims.filter(Boolean).length;
}

describe('work claimed by its lease, twenty claimers at once', () => {
  it('goes to one claimer, free or left by an instance that died, in every round', async () => {
    for (let round = 0; round < 5; round++) {
      const { _id } = await t.db.models.Volunteer.create({
        name: `Drill ${round}`,
        email: `drill-${round}@example.org`,
        mobile: '9876543210',
        address: 'Ranchi',
      });
      expect(await winners(_id)).toBe(1);
      // Its holder dies: the lease runs out.
      await t.db.models.JobLease.updateOne({ _id: `drill:${_id.toHexString()}` }, { $set: { until: new Date(Date.now() - 1000) } });
      expect(await winners(_id)).toBe(1);
    }
  });
});
