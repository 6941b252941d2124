// Receipt numbers under contention, as two admins on two backends would cause it: two app
// instances, each with its own connection to one real database, confirming at the same moment.
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { createApp, createLogger, requestListener } from '../../app.js';
import { connectDatabase, type Database } from '../../database.js';
import { Lifecycle } from '../../http/lifecycle.js';
import { dayInIndia, financialYearOf } from './financial-year.js';

let t: TestApp;
let secondDb: Database;
let second: ReturnType<typeof supertest>;
const lifecycle = new Lifecycle();

beforeAll(async () => {
  t = await startTestApp();
  secondDb = await connectDatabase(t.db.url, { timeoutMs: t.config.databaseTimeoutMs });
  second = supertest(requestListener(createApp(t.config, { db: secondDb, lifecycle, logger: createLogger({ logLevel: 'silent' }) })));
});
afterAll(async () => {
  await lifecycle.stop();
  await secondDb?.close();
  await t?.stop();
});

const fy = financialYearOf(dayInIndia(new Date()));
const admin = () => `Bearer ${t.adminToken()}`;

async function pendingDonations(count: number, prefix: string) {
  const created = await t.db.models.Donation.insertMany(
    Array.from({ length: count }, (_, index) => {
      const reference = `${prefix}${String(index).padStart(6, '0')}`;
      return { name: `Donor ${index}`, amount: 100 + index, reference, referenceKey: reference, fy, status: 'pending' };
    }),
  );
  return created.map((donation) => donation._id.toHexString());
}

const confirm = (request: ReturnType<typeof supertest>, id: string) =>
  request.post('/api/update_donation.php').set('Authorization', admin()).send({ id, status: 'received' });

describe('receipt numbers', () => {
  it('are 20 consecutive numbers for 20 confirmations at once on two instances', async () => {
    const ids = await pendingDonations(20, 'CONC');
    const answers = await Promise.all(ids.map((id, index) => confirm(index % 2 ? second : t.request, id)));
    for (const res of answers) expect(res.status, res.text).toBe(200);
    const numbers = answers.map((res) => res.body.data.receipt.number as string).sort();
    const expected = Array.from({ length: 20 }, (_, index) => `${fy}/${String(index + 1).padStart(4, '0')}`);
    expect(numbers).toEqual(expected);
    expect(await t.db.models.Receipt.countDocuments({ fy })).toBe(20);
  });

  it('are taken once when one donation is confirmed twice at once on both instances', async () => {
    const [id] = await pendingDonations(1, 'TWICE');
    const answers = await Promise.all([confirm(t.request, id!), confirm(second, id!), confirm(t.request, id!), confirm(second, id!)]);
    // Each is confirmed, found confirmed already, or told to try again while the other works.
    for (const res of answers) expect([200, 409], res.text).toContain(res.status);
    expect(answers.some((res) => res.status === 200)).toBe(true);
    const receipts = await t.db.models.Receipt.find({ fy }).lean();
    expect(receipts.filter((receipt) => receipt.donation.toHexString() === id)).toHaveLength(1);
    expect(receipts.map((receipt) => receipt.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, index) => index + 1));
  });

  it('continue after a cancelled one: the cancelled number stays taken, the next follows', async () => {
    const [id] = await pendingDonations(1, 'REISSUE');
    await confirm(second, id!).expect(200);
    const res = await t.request.post('/api/reissue_receipt.php').set('Authorization', admin()).send({ id, reason: 'Name misspelt', name: 'Donor Corrected' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.receipts.map((receipt: { number: string; status: string }) => [receipt.number, receipt.status])).toEqual([
      [`${fy}/0022`, 'cancelled'],
      [`${fy}/0023`, 'issued'],
    ]);
  });
});
