// A donation from report to receipt against a real database and a real SMTP server: listed
// pending and masked, confirmed with a numbered receipt whose PDF says what an 80G receipt must,
// mailed with a private link that opens it, reissued after a mistake, and in Form 10BD.
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec } from '../../../test/app.js';
import { eventually, mailsTo, startMailTestApp, type MailTestApp } from '../../../test/mail.js';
import { pdfText } from '../../../test/pdf.js';
import { createApp, createLogger, requestListener } from '../../app.js';
import { Lifecycle } from '../../http/lifecycle.js';
import { dayInIndia, financialYearOf } from './financial-year.js';

let m: MailTestApp;
beforeAll(async () => {
  // Many reports from one address: the per-address limit is the contract cases' to test.
  m = await startMailTestApp();
  await m.t.request
    .post('/api/update_settings.php')
    .set('Authorization', admin())
    .send({ name: 'Asha Foundation Trust', pan: 'AAATA1234C', registration_80g: 'AAATA1234CF20214', registration_80g_date: '2021-05-28' })
    .expect(200);
});
afterAll(() => m?.stop());

const admin = () => `Bearer ${m.t.adminToken()}`;
const fy = financialYearOf(dayInIndia(new Date()));
let serial = 0;
const uniqueReference = () => `4${String(Date.now()).slice(-8)}${String(++serial).padStart(3, '0')}`;

export const donor = {
  name: 'आशा Kumari',
  email: 'asha@example.org',
  mobile: '+91 98765 43210',
  amount: 120000,
  mode: 'upi',
  pan: 'ABCPT1234F',
  address: 'House 12, Lalpur\nRanchi, Jharkhand 834001',
  monthly: false,
  website: '',
  elapsed_ms: 20000,
};

async function report(fields: Record<string, unknown> = {}) {
  const reference = uniqueReference();
  const res = await m.t.request.post('/api/donation_save.php?lang=hi').send({ ...donor, reference, ...fields });
  expect(res.status, res.text).toBe(201);
  const id = (await m.t.db.models.Donation.findOne({ referenceKey: reference }).lean())!._id.toHexString();
  return { id, reference };
}

/** A PDF answer's bytes as they came. */
const pdf = (test: supertest.Test) =>
  test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const update = (body: Record<string, unknown>) => m.t.request.post('/api/update_donation.php').set('Authorization', admin()).send(body);

describe('a donation from report to receipt', () => {
  let id = '';
  let reference = '';
  let receiptId = '';

  it('is listed pending, its PAN and address masked, with no-store', async () => {
    ({ id, reference } = await report());
    const list = await m.t.request.get(`/api/get_donations.php?q=${reference}`).set('Authorization', admin());
    expectMatchesSpec(list, 'listDonations');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body.data[0]).toMatchObject({ id, status: 'pending', pan: 'ABCPT••••F', lang: 'hi', receipt: null, amount: 120000 });
    expect(list.body.data[0].address).not.toContain('Lalpur');
    expect(JSON.stringify(list.body)).not.toContain('1234');
  });

  it('is confirmed with the next receipt number of its year, audited', async () => {
    const res = await update({ id, status: 'received' });
    expectMatchesSpec(res, 'updateDonation');
    expect(res.body.data.status).toBe('received');
    expect(res.body.data.receipt.number).toMatch(new RegExp(`^${fy}/\\d{4}$`));
    receiptId = res.body.data.receipt.id;
    const entry = await m.t.db.models.AuditEntry.findOne({ action: 'donation.receive' }).sort({ createdAt: -1 }).lean();
    expect(entry).toMatchObject({ actor: m.t.admin.id, subject: res.body.data.receipt.number });
    // Confirming it again changes nothing and takes no number.
    const again = await update({ id, status: 'received' });
    expect(again.body.data.receipts).toHaveLength(1);
  });

  it('has a PDF with the number, the donor, the PAN, the amount in words and the 80G registration', async () => {
    const res = await pdf(m.t.request.get(`/api/get_receipt.php?id=${receiptId}`).set('Authorization', admin()));
    expectMatchesSpec(res, 'getReceipt');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    const { text } = await pdfText(res.body);
    const number = (await m.t.db.models.Receipt.findById(receiptId).lean())!.number;
    for (const expected of [
      number,
      'Asha Foundation Trust',
      'AAATA1234C',
      'AAATA1234CF20214 dated 28-05-2021',
      'आशा Kumari',
      'ABCPT1234F',
      'Ranchi, Jharkhand 834001',
      '₹ 1,20,000',
      'Rupees One Lakh Twenty Thousand Only',
      reference,
      'section 80G of the Income-tax Act, 1961',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('mails the donor a private link that opens the receipt without a login', async () => {
    const mail = await eventually(async () => mailsTo(m.catcher, donor.email).find((sent) => /रसीद/.test(sent.subject)), 15_000, 'the receipt mail');
    expect(mail.text).not.toContain('ABCPT1234F');
    const link = /https?:\/\/\S+download_receipt\.php\?token=(\S+)/.exec(mail.text)!;
    const res = await pdf(m.t.request.get(`/api/download_receipt.php?token=${link[1]}`));
    expect(res.status).toBe(200);
    expectMatchesSpec(res, 'downloadReceipt');
    expect((await pdfText(res.body)).text).toContain('Rupees One Lakh Twenty Thousand Only');
    const forged = await m.t.request.get(`/api/download_receipt.php?token=${link[1]!.slice(0, -2)}AA`);
    expect(forged.status).toBe(404);
  });

  it('is in Form 10BD with the whole PAN and address, in the template’s columns', async () => {
    const res = await m.t.request.get(`/api/get_form10bd.php?fy=${fy}`).set('Authorization', admin());
    expectMatchesSpec(res, 'getForm10bd');
    const rows = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Sr. No.,Pre Acknowledgement Number,ID Code,Unique Identification Number,Section Code,Unique Registration Number,Date of Issuance of Unique Registration Number,Name of donor,Address of donor,Donation Type,Mode of receipt,Amount of donation (Indian rupees)',
    );
    expect(rows).toContain(
      '1,,1,ABCPT1234F,Section 80G,AAATA1234CF20214,28-05-2021,आशा Kumari,"House 12, Lalpur, Ranchi, Jharkhand 834001",Others,Electronic modes including account payee cheque/draft,120000',
    );
  });

  it('is reissued after a mistake: the old receipt kept and marked cancelled, left out of 10BD', async () => {
    const before = (await m.t.db.models.Receipt.findById(receiptId).lean())!;
    const res = await m.t.request
      .post('/api/reissue_receipt.php')
      .set('Authorization', admin())
      .send({ id, reason: 'The PAN was mistyped', pan: 'ABCPT1234G' });
    expectMatchesSpec(res, 'reissueReceipt');
    expect(res.body.data.receipts.map((receipt: { status: string }) => receipt.status)).toEqual(['cancelled', 'issued']);
    expect(res.body.data.receipt.number).not.toBe(before.number);
    const cancelled = await pdf(m.t.request.get(`/api/get_receipt.php?id=${receiptId}`).set('Authorization', admin()));
    expect((await pdfText(cancelled.body)).text).toMatch(/CANCELLED on .*The PAN was mistyped/);
    const form = await m.t.request.get(`/api/get_form10bd.php?fy=${fy}`).set('Authorization', admin());
    expect(form.text).toContain('ABCPT1234G');
    expect(form.text).not.toContain('ABCPT1234F');
  });

  it('counts donations without a PAN apart from Form 10BD', async () => {
    const { id: noPan } = await report({ pan: undefined, address: undefined, amount: 500 });
    await update({ id: noPan, status: 'received' }).expect(200);
    const res = await m.t.request.get(`/api/get_form10bd.php?fy=${fy}`).set('Authorization', admin());
    expect(res.headers['x-without-pan']).toBe('1');
    expect(res.headers['x-without-pan-amount']).toBe('500');
    const figures = await m.t.request.get('/api/get_donation_figures.php').set('Authorization', admin());
    expectMatchesSpec(figures, 'getDonationFigures');
    expect(figures.body.data.year).toEqual({ amount: 120500, count: 2 });
  });

  it('outlives the erasure of a volunteer with the same e-mail', async () => {
    await m.t.request.post('/api/volunteer_save.php').send({ name: 'Asha', email: donor.email, mobile: '9876543210', address: 'Ranchi' }).expect(201);
    await m.t.request.post('/api/delete_volunteer.php').set('Authorization', admin()).send({ email: donor.email }).expect(200);
    expect(await m.t.db.models.Donation.countDocuments({ email: donor.email })).toBeGreaterThanOrEqual(2);
  });
});

describe('the bank statement import', () => {
  const statement = readFileSync(new URL('../../../test/fixtures/bank-statement.csv', import.meta.url), 'utf8');
  const mapping = { date: 'Txn Date', amount: 'Credit', reference: 'Ref No./Cheque No.', description: 'Description' };
  const importStatement = (body: Record<string, unknown>) => m.t.request.post('/api/import_bank_statement.php').set('Authorization', admin()).send(body);

  it('asks for the columns first, with a guess', async () => {
    const res = await importStatement({ csv: statement });
    expectMatchesSpec(res, 'importBankStatement');
    expect(res.body).toMatchObject({ needs_mapping: true, mapping, matched: [] });
    expect(res.body.columns).toContain('Ref No./Cheque No.');
  });

  it('matches reported donations by reference and amount, and lists the credits no one reported', async () => {
    const asha = await m.t.request
      .post('/api/donation_save.php')
      .send({ ...donor, amount: 1500, reference: '412345678901' })
      .expect(201);
    const ravi = await m.t.request
      .post('/api/donation_save.php')
      .send({ ...donor, amount: 25000, reference: 'hdfcn5-2026040212345', pan: undefined, address: undefined });
    const meena = await m.t.request.post('/api/donation_save.php').send({ ...donor, amount: 700, reference: '498765432109' });
    const sunil = await m.t.request.post('/api/donation_save.php').send({ ...donor, amount: 1000, reference: '455555555555' });
    for (const res of [asha, ravi, meena, sunil]) expect(res.status, res.text).toBe(201);
    const sunilId = (await m.t.db.models.Donation.findOne({ referenceKey: '455555555555' }).lean())!._id.toHexString();
    await update({ id: sunilId, status: 'received' }).expect(200);

    const res = await importStatement({ csv: statement, mapping });
    expectMatchesSpec(res, 'importBankStatement');
    expect(res.body.matched.map((match: { donation: { reference: string } }) => match.donation.reference).sort()).toEqual([
      '412345678901',
      'hdfcn5-2026040212345',
    ]);
    expect(res.body.matched[0].credit).toMatchObject({ date: '2026-04-01', amount: 1500 });
    expect(res.body.already_received).toBe(1);
    expect(res.body.unreported.map((credit: { amount: number }) => credit.amount).sort((a: number, b: number) => a - b)).toEqual([750, 2000]);
    expect(res.body.skipped).toEqual([{ line: 12, reason: 'the amount could not be read' }]);
    const stored = await m.t.db.models.Donation.findOne({ referenceKey: '412345678901' }).lean();
    expect(stored!.bankMatch).toMatchObject({ amount: 1500, date: '2026-04-01' });

    // The mapping is remembered: the next file of the same bank needs none.
    const next = await importStatement({ csv: statement });
    expect(next.body).toMatchObject({ needs_mapping: false, mapping });
    // One click: the match's date becomes the donation's date.
    const confirmed = await update({ id: stored!._id.toHexString(), status: 'received' });
    expect(confirmed.body.data).toMatchObject({ received_on: '2026-04-01', fy: '2026-27' });
    expect(confirmed.body.data.receipt.number).toMatch(/^2026-27\/\d{4}$/);
  });

  // A statement of another bank: one column, the narration, carries everything.
  const april = [
    'Date,Narration,Deposit',
    '08/04/2026,UPI/CR/423456789012/ASHA KUMARI/ICIC/asha@okicici,1000.00',
    '09/04/2026,BY CASH DEPOSIT RANCHI BRANCH,2000.00',
    '10/04/2026,BY TRANSFER-NEFT-SBINN52026041099999-MOHAN LAL,3000.00',
    '11/04/2026,UPI/CR/434567890123/RITA/SBIN/rita@oksbi,4000.00',
    '12/04/2026,UPI/CR/434567890123/RITA/SBIN/rita@oksbi,4000.00',
    '13/04/2026,IMPS/445678901234/REF 456789012345/KAMAL,5000.00',
  ].join('\n');
  const aprilMapping = { date: 'Date', amount: 'Deposit', description: 'Narration' };
  const reported = async (amount: number, reference: string, mode = 'upi') => {
    const res = await m.t.request.post('/api/donation_save.php').send({ ...donor, amount, reference, mode });
    expect(res.status, res.text).toBe(201);
    return (await m.t.db.models.Donation.findOne({ referenceKey: reference.toUpperCase() }).lean())!;
  };

  it('never matches a word of a narration: a stranger reporting OKICICI, DEPOSIT or TRANSFER is not found in the bank', async () => {
    const strangers = [await reported(1000, 'OKICICI'), await reported(2000, 'DEPOSIT'), await reported(3000, 'TRANSFER')];
    const res = await importStatement({ csv: april, mapping: aprilMapping });
    expectMatchesSpec(res, 'importBankStatement');
    const touched = [
      ...res.body.matched.map((match: { donation: { id: string } }) => match.donation.id),
      ...res.body.ambiguous.flatMap((group: { donations: { id: string }[] }) => group.donations.map((donation) => donation.id)),
    ];
    for (const stranger of strangers) {
      expect(touched).not.toContain(stranger._id.toHexString());
      expect((await m.t.db.models.Donation.findById(stranger._id).lean())!.bankMatch).toBeNull();
    }
  });

  it("matches the credit's UTR, flags what fits more than one way, and confirms with the bank's mode and narration", async () => {
    const asha = await reported(1000, '423456789012', 'bank');
    const mohan = await reported(3000, 'SBINN52026041099999', 'upi');
    const rita = await reported(4000, '434567890123');
    const [kamal, other] = [await reported(5000, '445678901234'), await reported(5000, '456789012345')];
    const res = await importStatement({ csv: april, mapping: aprilMapping });
    expectMatchesSpec(res, 'importBankStatement');
    const matched = Object.fromEntries(
      res.body.matched.map((match: { donation: { reference: string }; credit: unknown }) => [match.donation.reference, match.credit]),
    );
    expect(Object.keys(matched).sort()).toEqual(['423456789012', 'SBINN52026041099999']);
    expect(matched['423456789012']).toMatchObject({ mode: 'upi', description: 'UPI/CR/423456789012/ASHA KUMARI/ICIC/asha@okicici' });
    expect(matched.SBINN52026041099999).toMatchObject({ mode: 'bank' });
    // One report, two credits; and two reports, one credit: each a group, neither matched.
    const groups = res.body.ambiguous.map((group: { credits: { line: number }[]; donations: { reference: string }[] }) => ({
      lines: group.credits.map((credit) => credit.line),
      references: group.donations.map((donation) => donation.reference).sort(),
    }));
    expect(groups).toEqual([
      { lines: [5, 6], references: [rita.reference] },
      { lines: [7], references: [kamal.reference, other.reference].sort() },
    ]);
    for (const unsure of [rita, kamal, other]) expect((await m.t.db.models.Donation.findById(unsure._id).lean())!.bankMatch).toBeNull();
    expect(res.body.unreported.map((credit: { mode: string; amount: number }) => [credit.amount, credit.mode])).toContainEqual([2000, 'cash']);

    // The admin sees the narration and the mode beside the report, and the receipt takes the bank's mode.
    const listed = await m.t.request.get(`/api/get_donations.php?q=${asha.reference}`).set('Authorization', admin());
    expect(listed.body.data[0].bank_match).toMatchObject({ mode: 'upi', description: expect.stringContaining('423456789012') });
    expect((await update({ id: asha._id.toHexString(), status: 'received' }).expect(200)).body.data.mode).toBe('upi');
    expect((await update({ id: mohan._id.toHexString(), status: 'received' }).expect(200)).body.data.mode).toBe('bank');
    const receipt = (await m.t.db.models.Receipt.findOne({ donation: asha._id }).lean())!;
    expect(receipt.mode).toBe('upi');
  });

  it('records a cash deposit as cash, and Form 10BD says Cash for it', async () => {
    const recorded = await m.t.request
      .post('/api/add_donation.php')
      .set('Authorization', admin())
      .send({ name: 'Cash Donor', amount: 2000, reference: 'CASH0904RANCHI', mode: 'cash', received_on: '2026-04-09', pan: 'CASHP1234D', address: 'Ranchi' });
    expect(recorded.status, recorded.text).toBe(201);
    await update({ id: recorded.body.data.id, status: 'received' }).expect(200);
    const form = await m.t.request.get('/api/get_form10bd.php?fy=2026-27').set('Authorization', admin());
    const row = form.text.split('\r\n').find((line) => line.includes('CASHP1234D'))!;
    expect(row).toContain(',Cash,2000');
    expect(form.text.split('\r\n').find((line) => line.includes('ABCPT1234F'))).toContain('Electronic modes including account payee cheque/draft');
  });
});

describe('logs', () => {
  it('never hold a PAN or an address, from a whole donation handled at debug level or an object that carries them', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const logger = createLogger({ logLevel: 'trace' }, sink);
    const lifecycle = new Lifecycle();
    const instance = supertest(requestListener(createApp(m.t.config, { db: m.t.db, lifecycle, logger })));
    const reference = uniqueReference();
    await instance
      .post('/api/donation_save.php')
      .send({ ...donor, reference, pan: 'PQRST6789K', address: 'Kanke Road 77' })
      .expect(201);
    await instance
      .post('/api/donation_save.php')
      .send({ ...donor, reference, pan: 'PQRST6789K', address: 'Kanke Road 77' })
      .expect(409);
    await instance
      .post('/api/donation_save.php')
      .send({ ...donor, reference: uniqueReference(), pan: 'pqrst6789k', address: 'Kanke Road 77' })
      .expect(400);
    const id = (await m.t.db.models.Donation.findOne({ referenceKey: reference }).lean())!._id.toHexString();
    await instance.post('/api/update_donation.php').set('Authorization', admin()).send({ id, status: 'received' }).expect(200);
    logger.error({ body: { pan: 'PQRST6789K', address: 'Kanke Road 77' }, donation: { donor: { pan: 'PQRST6789K' } } }, 'a failure');
    await lifecycle.stop();
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.join('')).toContain('[personal data]');
    expect(lines.join('')).not.toMatch(/PQRST6789K|pqrst6789k|Kanke/i);
  });
});
