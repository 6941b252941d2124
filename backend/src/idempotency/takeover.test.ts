// The take-over of an Idempotency-Key whose request died (its lease ran out), with ten retries at
// once over two app instances on FerretDB (PostgreSQL storage): one of them carries the write out,
// the others are told it is in progress or get its answer. A conditional update decided it before,
// and on FerretDB several retries took the key over together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, startTestApp, type SecondInstance, type TestApp } from '../../test/app.js';
import { createLogger } from '../app.js';
import { Claims } from '../invariants/claims.js';
import { idempotencyRecordId } from './middleware.js';
import { IdempotencyStore } from './store.js';

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

describe('an Idempotency-Key left pending by a request that died', () => {
  it('is taken over by one of ten retries at once, in every round', async () => {
    const store = new IdempotencyStore(t.db.models.IdempotencyRecord, new Claims(t.db.models.Claim), createLogger({ logLevel: 'silent' }), t.config.jwtSecret);
    for (let round = 0; round < 5; round++) {
      const key = `takeover-${round}`;
      const body = { name: `Taken over ${round}` };
      // What a first attempt leaves when its instance dies mid-write: a pending key, its lease over.
      await t.db.models.IdempotencyRecord.create({
        _id: idempotencyRecordId('updateSettings', t.admin.id, key),
        fingerprint: await store.fingerprint({ body, files: new Map() } as never),
        state: 'pending',
        leaseUntil: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + 60_000),
      });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          instance(index).post('/api/update_settings.php').set('Authorization', `Bearer ${t.adminToken()}`).set('Idempotency-Key', key).send(body),
        ),
      );
      const carriedOut = answers.filter((res) => res.status === 200 && res.headers['idempotent-replayed'] !== 'true');
      for (const res of answers) expect([200, 409], res.text).toContain(res.status);
      expect(carriedOut, answers.map((res) => `${res.status} ${res.headers['idempotent-replayed'] ?? ''}`).join(', ')).toHaveLength(1);
    }
  });
});
