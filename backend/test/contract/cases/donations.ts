// Every documented answer of the donation operations, except 401/403 (auth-matrix.ts) and 503
// (outage.ts): the donor's report and its refusals, the admin's list, figures, recording,
// confirmation, reissue, receipt PDF and signed link, the bank statement and Form 10BD. The test
// app allows 1000 forms per address and window, so only the 429 case meets the limit.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Test } from 'supertest';
import { expect } from 'vitest';
import { contractCase, defineCases, type ContractCase } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { bodyFormCases } from '../support/body-form.js';
import { hugeJson, postJson } from '../support/requests.js';
import { receiptLinkToken } from '../../../src/features/donations/receipt-link.js';
import { casesOf, type Write } from './idempotency.js';

const newReference = () => `4${randomUUID().replace(/\D/g, '').padEnd(11, '7').slice(0, 11)}`;
export const donorReport = {
  name: 'Asha Kumari',
  email: 'asha@example.org',
  mobile: '+91 98765 43210',
  amount: 1500,
  mode: 'upi',
  pan: 'ABCPT1234F',
  address: 'House 12, Lalpur, Ranchi 834001',
  monthly: false,
  website: '',
  elapsed_ms: 20000,
};

const report = (fx: Fixture, body: Record<string, unknown> | string) => postJson(fx, '/api/donation_save.php', body, null);
const admin = (fx: Fixture, request: Test) => request.set('Authorization', fx.admin);
/** The bytes of a PDF answer. */
const pdf = (request: Test) =>
  request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

/** A pending donation straight in the database. */
async function pending(fx: Fixture, fields: Record<string, unknown> = {}) {
  const reference = newReference();
  const created = await fx.t.db.models.Donation.create({ ...donorReport, reference, referenceKey: reference, fy: '2026-27', status: 'pending', ...fields });
  return created._id.toHexString();
}

/** A donation confirmed through the API, with its receipt's id. */
async function received(fx: Fixture) {
  const id = await pending(fx);
  const res = await postJson(fx, '/api/update_donation.php', { id, status: 'received', received_on: '2026-05-10' });
  expect(res.status, res.text).toBe(200);
  return { id, receiptId: res.body.data.receipt.id as string };
}

const reportCases: ContractCase[] = [
  contractCase({
    name: 'a payment reported in Hindi: kept pending, the admins told',
    operationId: 'saveDonation',
    status: 201,
    arrange: async () => newReference(),
    send: (fx, reference) => report(fx, { ...donorReport, reference }),
    check: async (res, fx, reference) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await fx.t.db.models.Donation.findOne({ referenceKey: reference }).lean()).toMatchObject({
        status: 'pending',
        source: 'donor',
        pan: 'ABCPT1234F',
      });
    },
  }),
  ...(
    [
      ['a PAN in small letters', { pan: 'abcpt1234f' }, 'pan'],
      ['a PAN of the wrong form', { pan: 'ABCP12345F' }, 'pan'],
      ['a PAN without an address', { address: undefined }, 'address'],
      ['an amount of zero', { amount: 0 }, 'amount'],
      ['an amount with paise', { amount: 10.5 }, 'amount'],
      ['an amount as text', { amount: '500' }, 'amount'],
      ['no reference', { reference: undefined }, 'reference'],
      ['a reference of two characters', { reference: '12' }, 'reference'],
      ['an operator object for the name', { name: { $ne: null } }, 'name'],
      ['an e-mail that is not one', { email: 'asha' }, 'email'],
    ] as const
  ).map(([name, fields, field]) =>
    contractCase({
      name,
      operationId: 'saveDonation',
      status: 400,
      send: (fx) => report(fx, { ...donorReport, reference: newReference(), ...fields }),
      check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field })),
    }),
  ),
  contractCase({
    name: 'a filled honeypot: refused, nothing kept',
    operationId: 'saveDonation',
    status: 400,
    send: (fx) => report(fx, { ...donorReport, reference: newReference(), website: 'https://spam.example' }),
    changes: ['limit_counts'],
  }),
  contractCase({
    name: 'malformed JSON',
    operationId: 'saveDonation',
    status: 400,
    send: (fx) => report(fx, '{"name": "Asha",'),
  }),
  contractCase({
    name: 'the same reference again, written with spaces and small letters',
    operationId: 'saveDonation',
    status: 409,
    arrange: async (fx) => {
      const reference = `UTR${newReference()}`;
      await report(fx, { ...donorReport, reference });
      return reference;
    },
    send: (fx, reference) => report(fx, { ...donorReport, reference: `${reference.slice(0, 6).toLowerCase()} ${reference.slice(6)}` }),
    check: (res) => expect(res.body.message).toMatch(/already been reported/),
    changes: ['limit_counts'],
  }),
  contractCase({
    name: 'a 1 MB report',
    operationId: 'saveDonation',
    status: 413,
    send: (fx) => fx.request.post('/api/donation_save.php').set('Content-Type', 'application/json').send(hugeJson('name')),
  }),
  contractCase({
    name: 'a form post instead of JSON',
    operationId: 'saveDonation',
    status: 415,
    send: (fx) => fx.request.post('/api/donation_save.php').type('form').send({ name: 'Asha' }),
  }),
  contractCase({
    name: 'one address over the limit waits, and nothing is kept',
    operationId: 'saveDonation',
    status: 429,
    arrange: async (fx) => {
      await report(fx, { ...donorReport, reference: newReference() });
      await fx.t.db.models.LimitCount.updateMany({ _id: /^form\|saveDonation\|/ }, { $set: { count: fx.t.config.formMaxSends } });
      return newReference();
    },
    send: (fx, reference) => report(fx, { ...donorReport, reference }),
    check: async (res, fx, reference) => {
      expect(res.body.message).toMatch(/^Too many forms sent from your connection\. Please try again in \d+ minutes?\.$/);
      expect(await fx.t.db.models.Donation.countDocuments({ referenceKey: reference })).toBe(0);
      await fx.t.db.models.LimitCount.deleteMany({ _id: /^form\|/ });
    },
    changes: ['limit_counts'],
  }),
];

const adminCases: ContractCase[] = [
  contractCase({
    name: 'the pending ones of a year, searched by reference, PAN and address masked',
    operationId: 'listDonations',
    status: 200,
    arrange: (fx) => pending(fx),
    send: async (fx, id) => {
      const { reference } = (await fx.t.db.models.Donation.findById(id).lean())!;
      return admin(fx, fx.request.get(`/api/get_donations.php?status=pending&fy=2026-27&q=${reference}`));
    },
    check: (res, _fx, id) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-total-count']).toBe('1');
      expect(res.body.data[0]).toMatchObject({ id, pan: 'ABCPT••••F', status: 'pending' });
      expect(res.text).not.toContain('Lalpur');
    },
  }),
  ...[
    ['a status it does not have', 'status=lost'],
    ['a year written otherwise', 'fy=2026'],
    ['a page of 500', 'limit=500'],
  ].map(([name, query]) =>
    contractCase({ name: name!, operationId: 'listDonations', status: 400, send: (fx) => admin(fx, fx.request.get(`/api/get_donations.php?${query}`)) }),
  ),
  contractCase({
    name: 'the figures, never kept by a browser',
    operationId: 'getDonationFigures',
    status: 200,
    send: (fx) => admin(fx, fx.request.get('/api/get_donation_figures.php')),
    check: (res) => expect(res.headers['cache-control']).toBe('no-store'),
  }),
  contractCase({
    name: 'a bank credit no one reported, recorded by hand',
    operationId: 'addDonation',
    status: 201,
    send: (fx) =>
      postJson(fx, '/api/add_donation.php', { name: 'Ravi Shankar', amount: 25000, reference: newReference(), mode: 'bank', received_on: '2026-04-02' }),
    check: (res) => expect(res.body.data).toMatchObject({ source: 'admin', status: 'pending', fy: '2026-27', received_on: '2026-04-02' }),
  }),
  contractCase({
    name: 'without the day it arrived',
    operationId: 'addDonation',
    status: 400,
    send: (fx) => postJson(fx, '/api/add_donation.php', { name: 'Ravi', amount: 100, reference: newReference() }),
  }),
  contractCase({
    name: 'a reference recorded already',
    operationId: 'addDonation',
    status: 409,
    arrange: async (fx) => (await fx.t.db.models.Donation.findById(await pending(fx)).lean())!.reference,
    send: (fx, reference) => postJson(fx, '/api/add_donation.php', { name: 'Ravi', amount: 100, reference, received_on: '2026-04-02' }),
  }),
  ...bodyFormCases('addDonation', '/api/add_donation.php', 'name'),
  contractCase({
    name: 'confirmed: the receipt issued and audited',
    operationId: 'updateDonation',
    status: 200,
    arrange: (fx) => pending(fx),
    send: (fx, id) => postJson(fx, '/api/update_donation.php', { id, status: 'received', received_on: '2026-06-01' }),
    check: async (res, fx) => {
      expect(res.body.data.receipt.number).toMatch(/^2026-27\/\d{4}$/);
      expect(await fx.t.db.models.AuditEntry.countDocuments({ action: 'donation.receive', subject: res.body.data.receipt.number })).toBe(1);
    },
  }),
  contractCase({
    name: 'rejected without a reason',
    operationId: 'updateDonation',
    status: 400,
    arrange: (fx) => pending(fx),
    send: (fx, id) => postJson(fx, '/api/update_donation.php', { id, status: 'rejected' }),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'reason' })),
  }),
  contractCase({
    name: 'an unknown donation',
    operationId: 'updateDonation',
    status: 404,
    send: (fx) => postJson(fx, '/api/update_donation.php', { id: fx.unknownId, status: 'received' }),
  }),
  contractCase({
    name: 'a received donation set back to pending',
    operationId: 'updateDonation',
    status: 409,
    arrange: async (fx) => (await received(fx)).id,
    send: (fx, id) => postJson(fx, '/api/update_donation.php', { id, status: 'pending' }),
  }),
  ...bodyFormCases('updateDonation', '/api/update_donation.php', 'id'),
  contractCase({
    name: 'a corrected PAN: the old receipt cancelled, a new one issued',
    operationId: 'reissueReceipt',
    status: 200,
    arrange: async (fx) => (await received(fx)).id,
    send: (fx, id) => postJson(fx, '/api/reissue_receipt.php', { id, reason: 'The PAN was mistyped', pan: 'ABCPT1234G' }),
    check: (res) => expect(res.body.data.receipts.map((receipt: { status: string }) => receipt.status)).toEqual(['cancelled', 'issued']),
  }),
  contractCase({
    name: 'without a reason',
    operationId: 'reissueReceipt',
    status: 400,
    send: (fx) => postJson(fx, '/api/reissue_receipt.php', { id: fx.unknownId }),
  }),
  contractCase({
    name: 'an unknown donation',
    operationId: 'reissueReceipt',
    status: 404,
    send: (fx) => postJson(fx, '/api/reissue_receipt.php', { id: fx.unknownId, reason: 'x' }),
  }),
  contractCase({
    name: 'a donation with no receipt',
    operationId: 'reissueReceipt',
    status: 409,
    arrange: (fx) => pending(fx),
    send: (fx, id) => postJson(fx, '/api/reissue_receipt.php', { id, reason: 'Mistake' }),
  }),
  ...bodyFormCases('reissueReceipt', '/api/reissue_receipt.php', 'reason'),
];

const documentCases: ContractCase[] = [
  contractCase({
    name: 'a receipt as a PDF, its download audited',
    operationId: 'getReceipt',
    status: 200,
    arrange: async (fx) => (await received(fx)).receiptId,
    send: (fx, id) => pdf(admin(fx, fx.request.get(`/api/get_receipt.php?id=${id}`))),
    check: (res) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    },
    changes: ['audit_log'],
  }),
  contractCase({ name: 'an id that is not one', operationId: 'getReceipt', status: 400, send: (fx) => admin(fx, fx.request.get('/api/get_receipt.php?id=x')) }),
  contractCase({
    name: 'an unknown receipt',
    operationId: 'getReceipt',
    status: 404,
    send: (fx) => admin(fx, fx.request.get(`/api/get_receipt.php?id=${fx.unknownId}`)),
  }),
  contractCase({
    name: 'a receipt by the e-mailed link, no login',
    operationId: 'downloadReceipt',
    status: 200,
    arrange: async (fx) => {
      await received(fx);
      // The outbox keeps which receipt the link opens; the token is made as the worker makes it when it sends the mail.
      const mail = await fx.t.db.models.OutboxMail.findOne({ kind: 'donation-receipt' }).sort({ _id: -1 }).lean();
      const { receipt, issuedAt } = mail!.tokens!.link!.args;
      return receiptLinkToken(fx.t.config.jwtSecret, receipt!, new Date(issuedAt!));
    },
    send: (fx, token) => pdf(fx.request.get(`/api/download_receipt.php?token=${token}`)),
    check: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
  }),
  contractCase({
    name: 'a token of another form',
    operationId: 'downloadReceipt',
    status: 400,
    send: (fx) => fx.request.get('/api/download_receipt.php?token=abc'),
  }),
  contractCase({
    name: 'a forged token',
    operationId: 'downloadReceipt',
    status: 404,
    send: (fx) => fx.request.get(`/api/download_receipt.php?token=${fx.unknownId}.9999999999.${'A'.repeat(43)}`),
  }),
  contractCase({
    name: 'Form 10BD of a year: the template columns, the ones without a PAN counted apart',
    operationId: 'getForm10bd',
    status: 200,
    arrange: (fx) => received(fx),
    send: (fx) => admin(fx, fx.request.get('/api/get_form10bd.php?fy=2026-27')),
    check: (res) => {
      expect(res.text.split('\r\n')[0]).toMatch(/^\uFEFFSr\. No\.,Pre Acknowledgement Number,ID Code,/);
      expect(res.text).toContain('ABCPT1234F');
      expect(res.headers['x-without-pan']).toMatch(/^\d+$/);
    },
    changes: ['audit_log'],
  }),
  ...['2026-28', '2026'].map((fy) =>
    contractCase({
      name: `a year written ${fy}`,
      operationId: 'getForm10bd',
      status: 400,
      send: (fx) => admin(fx, fx.request.get(`/api/get_form10bd.php?fy=${fy}`)),
    }),
  ),
  contractCase({
    name: 'a statement matched with the sample mapping',
    operationId: 'importBankStatement',
    status: 200,
    arrange: async (fx) => pending(fx, { amount: 1500, reference: '412345678901', referenceKey: '412345678901' }),
    send: (fx) => postJson(fx, '/api/import_bank_statement.php', { csv: statement, mapping }),
    check: (res) => {
      expect(res.body.matched.map((match: { donation: { reference: string } }) => match.donation.reference)).toEqual(['412345678901']);
      expect(res.body.unreported.length).toBeGreaterThan(0);
    },
  }),
  contractCase({
    name: 'a mapping that names a column the file lacks',
    operationId: 'importBankStatement',
    status: 400,
    send: (fx) => postJson(fx, '/api/import_bank_statement.php', { csv: statement, mapping: { ...mapping, amount: 'Deposits' } }),
  }),
  ...bodyFormCases('importBankStatement', '/api/import_bank_statement.php', 'csv'),
];

const statement = readFileSync(new URL('../../fixtures/bank-statement.csv', import.meta.url), 'utf8');
const mapping = { date: 'Txn Date', amount: 'Credit', reference: 'Ref No./Cheque No.', description: 'Description' };

const writes: Write[] = [
  {
    operationId: 'saveDonation',
    status: 201,
    anonymous: true,
    target: async () => newReference(),
    send: (fx, reference, v) => report(fx, { ...donorReport, reference, amount: 100 + v }),
  },
  {
    operationId: 'addDonation',
    status: 201,
    target: async () => newReference(),
    send: (fx, reference, v) => postJson(fx, '/api/add_donation.php', { name: 'Ravi', amount: 100 + v, reference, received_on: '2026-04-02' }),
  },
  {
    operationId: 'updateDonation',
    status: 200,
    target: (fx) => pending(fx),
    send: (fx, id, v) => postJson(fx, '/api/update_donation.php', { id: v ? fx.unknownId : id, status: 'received' }),
  },
  {
    operationId: 'reissueReceipt',
    status: 200,
    target: async (fx) => (await received(fx)).id,
    send: (fx, id, v) => postJson(fx, '/api/reissue_receipt.php', { id, reason: `Once ${v}` }),
  },
  {
    operationId: 'importBankStatement',
    status: 200,
    send: (fx, _t, v) => postJson(fx, '/api/import_bank_statement.php', { csv: statement, mapping: v ? { ...mapping, reference: undefined } : mapping }),
  },
];

export const donationCases = defineCases('donations', [...reportCases, ...adminCases, ...documentCases, ...writes.flatMap(casesOf)]);
