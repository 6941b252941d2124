// Every documented answer of the compliance operations, except 401/403 (auth-matrix.ts) and 503
// (outage.ts), and what they change in the forms that take personal data: a foreign citizen's gift
// refused or kept apart (FC ledger, no 80G receipt, no Form 10BD), Form 10BE certificates, the
// legal dates, the transparency page's documents, a guardian's confirmation, the agreement to a
// notice, and the requests and grievances with their 90-day deadline.
import { randomUUID } from 'node:crypto';
import { dataRequestSubject, defaultLegalTexts } from '@ngo-site/shared';
import { Types } from 'mongoose';
import type { Test } from 'supertest';
import { expect } from 'vitest';
import { signedLinks } from '../../../src/signed-link.js';
import { form10bePdf, zipOf } from '../../form10be.js';
import { contractCase, defineCases, listRevalidated, type ContractCase } from '../support/cases.js';
import { bodyFormCases } from '../support/body-form.js';
import type { Fixture } from '../support/fixture.js';
import { hugeJson, postJson, type Upload } from '../support/requests.js';
import { volunteer } from './accounts-and-meta.js';
import { donorReport } from './donations.js';
import { casesOf, type Write } from './idempotency.js';
import { contactMessage } from './inbox.js';

const newReference = () => `9${randomUUID().replace(/\D/g, '').padEnd(11, '3').slice(0, 11)}`;
const fcra = { fcra_registration: '094421156', fcra_account: 'FCRA account 40123456789\nState Bank of India, New Delhi Main Branch\nIFSC SBIN0000691' };
const foreignGift = { citizenship: 'foreign', country: 'Germany', passport_number: 'C01X00T47' };

const admin = (fx: Fixture, request: Test) => request.set('Authorization', fx.admin);
const settings = (fx: Fixture, values: Record<string, unknown>) => postJson(fx, '/api/update_settings.php', values);
const report = (fx: Fixture, body: Record<string, unknown>, lang = '') => postJson(fx, `/api/donation_save.php${lang && `?lang=${lang}`}`, body, null);
const bytesOf = (request: Test) =>
  request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

/** A multipart upload of `fields` and `files` (PDFs unless said). */
function upload(fx: Fixture, path: string, fields: Record<string, string>, files: Upload[], authorization: string | null = fx.admin) {
  const req = fx.request.post(path);
  if (authorization !== null) req.set('Authorization', authorization);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  for (const file of files) req.attach(file.field, file.data, { filename: file.filename, contentType: file.contentType ?? 'application/pdf' });
  return req;
}
/** The smallest file a PDF reader opens: what the transparency page's documents are checked for. */
const minimalPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
const pdfFile = (field = 'file', filename = 'report.pdf'): Upload => ({ field, filename, data: minimalPdf });
const certificate = async (pan: string, donorName = 'Nobody'): Promise<Upload> => ({
  field: 'files',
  filename: `10be-${randomUUID()}.pdf`,
  data: await form10bePdf({ donorName, pan, fy: '2025-26' }),
});

/** A foreign citizen's gift, received: in the FC ledger, without a receipt. */
async function receivedForeignGift(fx: Fixture) {
  await settings(fx, fcra);
  const reference = newReference();
  const res = await report(fx, { ...donorReport, ...foreignGift, reference, pan: undefined, address: undefined });
  expect(res.status, res.text).toBe(201);
  const donation = (await fx.t.db.models.Donation.findOne({ referenceKey: reference }).lean())!;
  const confirmed = await postJson(fx, '/api/update_donation.php', { id: donation._id.toHexString(), status: 'received', received_on: '2026-06-01' });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { id: donation._id.toHexString(), reference };
}

export const addDocument = (fx: Fixture, fields: Record<string, string> = { title: 'Annual report 2025-26', kind: 'annual-report', fy: '2025-26' }) =>
  upload(fx, '/api/add_document.php', fields, [pdfFile()]);
const documentId = async (fx: Fixture) => (await addDocument(fx)).body.data.id as string;

async function unmatchedCertificate(fx: Fixture) {
  const res = await upload(fx, '/api/import_form10be.php', {}, [await certificate('QQQPQ1111Q')]);
  expect(res.status, res.text).toBe(200);
  return res.body.unmatched[0].id as string;
}
const aDonation = async (fx: Fixture, email: string) =>
  fx.t.db.models.Donation.create({
    ...donorReport,
    email,
    reference: newReference().replace(/^9/, 'D'),
    referenceKey: randomUUID(),
    fy: '2025-26',
    status: 'pending',
  });

const forgedToken = `${'a'.repeat(24)}.9999999999.${'b'.repeat(43)}`;
const requestOf = async (fx: Fixture) =>
  (await postJson(fx, '/api/add_data_request.php', { kind: 'erasure', name: 'Asha', email: 'Asha@Example.org', message: 'Please erase my data' })).body.data
    .id as string;
const customDeadline = async (fx: Fixture) =>
  (await postJson(fx, '/api/add_deadline.php', { title: 'Renew the 12A registration', due_on: '2027-03-31' })).body.data.id as string;

const minor = () => {
  const year = new Date().getUTCFullYear() - 15;
  return { ...volunteer, email: `minor-${randomUUID().slice(0, 6)}@example.org`, date_of_birth: `${year}-01-15` };
};
/** A minor's registration waiting for its guardian, and the link's token. */
async function waitingRegistration(fx: Fixture) {
  const res = await postJson(fx, '/api/volunteer_save.php', { ...minor(), guardian_name: 'Sunil Kumar', guardian_email: 'sunil@example.org' }, null);
  expect(res.status, res.text).toBe(202);
  const mail = await fx.t.db.models.OutboxMail.findOne({ kind: 'guardian-consent' }).sort({ _id: -1 }).lean();
  return /token=([^\s"<]+)/.exec(mail!.text)![1]!;
}

const fcraCases: ContractCase[] = [
  contractCase({
    name: 'a foreign citizen while no FCRA number is set: refused before anything is kept, with the legal sentence',
    operationId: 'saveDonation',
    status: 400,
    arrange: (fx) => settings(fx, { fcra_registration: '' }),
    send: (fx) => report(fx, { ...donorReport, ...foreignGift, reference: newReference() }),
    check: (res) => {
      expect(res.body.message).toBe(defaultLegalTexts.fcra_refusal);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'citizenship' })]);
    },
    changes: ['limit_counts'],
  }),
  contractCase({
    name: 'the same refusal on the Hindi page, in Hindi',
    operationId: 'saveDonation',
    status: 400,
    arrange: (fx) => settings(fx, { fcra_registration: '' }),
    send: (fx) => report(fx, { ...donorReport, ...foreignGift, reference: newReference() }, 'hi'),
    check: (res) => expect(res.body.message).toBe(defaultLegalTexts.fcra_refusal_hi),
    changes: ['limit_counts'],
  }),
  contractCase({
    name: 'a foreign citizen with an FCRA number set but no passport number',
    operationId: 'saveDonation',
    status: 400,
    arrange: (fx) => settings(fx, fcra),
    send: (fx) => report(fx, { ...donorReport, citizenship: 'foreign', country: 'Germany', reference: newReference() }),
    check: (res) => expect(res.body.errors).toEqual([expect.objectContaining({ field: 'passport_number' })]),
    changes: ['limit_counts'],
  }),
  contractCase({
    name: 'a foreign citizen with an FCRA number set: kept as a foreign contribution, the agreement to the notice recorded',
    operationId: 'saveDonation',
    status: 201,
    arrange: async (fx) => {
      await settings(fx, fcra);
      return newReference();
    },
    send: (fx, reference) => report(fx, { ...donorReport, ...foreignGift, passport_number: 'c01x00t47', reference, notice_version: 1 }),
    check: async (_res, fx, reference) => {
      const donation = (await fx.t.db.models.Donation.findOne({ referenceKey: reference }).lean())!;
      expect(donation).toMatchObject({ citizenship: 'foreign', country: 'Germany', passportNumber: 'C01X00T47', eligible80g: false, noticeVersion: 1 });
      expect(await fx.t.db.models.Consent.findById(`donation:${donation._id.toHexString()}`).lean()).toMatchObject({
        email: 'asha@example.org',
        notice: 'privacy-donate',
        version: 1,
      });
    },
  }),
  contractCase({
    name: 'a notice version the donate notice never had',
    operationId: 'saveDonation',
    status: 400,
    send: (fx) => report(fx, { ...donorReport, reference: newReference(), notice_version: 99 }),
    check: (res) => expect(res.body.errors).toEqual([expect.objectContaining({ field: 'notice_version' })]),
    changes: ['limit_counts'],
  }),
  contractCase({
    name: 'a foreign contribution confirmed: received without an 80G receipt, out of Form 10BD, counted apart',
    operationId: 'updateDonation',
    status: 200,
    arrange: async (fx) => {
      await settings(fx, fcra);
      const reference = newReference();
      await report(fx, { ...donorReport, ...foreignGift, reference });
      return (await fx.t.db.models.Donation.findOne({ referenceKey: reference }).lean())!._id.toHexString();
    },
    send: (fx, id) => postJson(fx, '/api/update_donation.php', { id, status: 'received', received_on: '2026-06-02' }),
    check: async (res, fx) => {
      expect(res.body.message).toBe('Foreign contribution confirmed: it is in the FC ledger, without an 80G receipt');
      expect(res.body.data).toMatchObject({
        status: 'received',
        receipt: null,
        receipts: [],
        citizenship: 'foreign',
        eligible_80g: false,
        passport_number: 'C0••••47',
      });
      const form10bd = await admin(fx, fx.request.get('/api/get_form10bd.php?fy=2026-27'));
      expect(form10bd.text).not.toContain(res.body.data.reference);
      const figures = (await admin(fx, fx.request.get('/api/get_donation_figures.php'))).body.data;
      expect(figures.foreign.year.count).toBeGreaterThan(0);
    },
  }),
  contractCase({
    name: 'the FC ledger of a year: donor, country, passport, amount, date, bank reference',
    operationId: 'getFcLedger',
    status: 200,
    arrange: (fx) => receivedForeignGift(fx),
    send: (fx) => admin(fx, fx.request.get('/api/get_fc_ledger.php?fy=2026-27')),
    check: (res, _fx, gift) => {
      expect(res.headers['content-disposition']).toBe('attachment; filename="fc-ledger-2026-27.csv"');
      const [heading, ...rows] = res.text.split('\r\n');
      expect(heading).toBe('\uFEFFSr. No.,Date of receipt,Name of donor,Country,Passport number,Amount (Indian rupees),Bank reference,E-mail');
      expect(rows).toContainEqual(expect.stringContaining(`01-06-2026,Asha Kumari,Germany,C01X00T47,1500,${gift.reference},asha@example.org`));
    },
    changes: ['audit_log'],
  }),
  contractCase({
    name: 'a year written 2026-28',
    operationId: 'getFcLedger',
    status: 400,
    send: (fx) => admin(fx, fx.request.get('/api/get_fc_ledger.php?fy=2026-28')),
  }),
  contractCase({
    name: 'a received foreign contribution marked eligible: its 80G receipt issued',
    operationId: 'setDonation80g',
    status: 200,
    arrange: (fx) => receivedForeignGift(fx),
    send: (fx, gift) => postJson(fx, '/api/set_donation_80g.php', { id: gift.id, eligible_80g: true }),
    check: (res) => {
      expect(res.body.message).toMatch(/^Marked eligible for an 80G receipt; receipt 2026-27\/\d{4} issued$/);
      expect(res.body.data).toMatchObject({ eligible_80g: true, receipt: { status: 'issued' } });
    },
  }),
  contractCase({
    name: 'marked not eligible again: the receipt cancelled with the reason',
    operationId: 'setDonation80g',
    status: 200,
    arrange: async (fx) => {
      const gift = await receivedForeignGift(fx);
      await postJson(fx, '/api/set_donation_80g.php', { id: gift.id, eligible_80g: true });
      return gift;
    },
    send: (fx, gift) => postJson(fx, '/api/set_donation_80g.php', { id: gift.id, eligible_80g: false }),
    check: (res) => {
      expect(res.body.data).toMatchObject({ eligible_80g: false, receipt: null });
      expect(res.body.data.receipts[0]).toMatchObject({ status: 'cancelled', cancel_reason: 'A foreign contribution, not eligible for an 80G receipt' });
    },
  }),
  contractCase({
    name: 'an Indian donor’s gift',
    operationId: 'setDonation80g',
    status: 409,
    arrange: async (fx) => (await aDonation(fx, 'indian@example.org'))._id.toHexString(),
    send: (fx, id) => postJson(fx, '/api/set_donation_80g.php', { id, eligible_80g: false }),
    check: (res) => expect(res.body.message).toMatch(/always eligible/),
  }),
  contractCase({
    name: 'an unknown donation',
    operationId: 'setDonation80g',
    status: 404,
    send: (fx) => postJson(fx, '/api/set_donation_80g.php', { id: fx.unknownId, eligible_80g: true }),
  }),
  contractCase({
    name: 'eligible as text',
    operationId: 'setDonation80g',
    status: 400,
    send: (fx) => postJson(fx, '/api/set_donation_80g.php', { id: fx.unknownId, eligible_80g: 'yes' }),
  }),
  ...bodyFormCases('setDonation80g', '/api/set_donation_80g.php', 'id'),
];

const form10beCases: ContractCase[] = [
  contractCase({
    name: 'a ZIP of certificates and a stray file: the matched mailed with the PDF, the rest listed',
    operationId: 'importForm10be',
    status: 200,
    arrange: async (fx) => {
      await settings(fx, { pan: 'AAATJ4321K' });
      const donation = await fx.t.db.models.Donation.create({
        ...donorReport,
        pan: 'MNOPK5678L',
        email: 'meera@example.org',
        reference: 'TENBEC0001',
        referenceKey: randomUUID(),
        fy: '2025-26',
        status: 'pending',
      });
      await postJson(fx, '/api/update_donation.php', { id: donation._id.toHexString(), status: 'received', received_on: '2025-09-01' });
      return zipOf({
        'meera.pdf': await form10bePdf({ donorName: 'Meera', pan: 'MNOPK5678L', fy: '2025-26' }),
        'unknown.pdf': await form10bePdf({ donorName: 'Unknown', pan: 'RSTPU6789V', fy: '2025-26' }),
        'notes.txt': Buffer.from('not a certificate'),
      });
    },
    send: (fx, zip) =>
      upload(fx, '/api/import_form10be.php', {}, [{ field: 'files', data: zip, filename: 'certificates.zip', contentType: 'application/zip' }]),
    check: async (res, fx) => {
      expect(res.body.message).toBe('1 certificate matched; 1 to assign by hand; 1 file could not be read');
      expect(res.body.matched).toEqual([
        expect.objectContaining({
          filename: 'certificates.zip/meera.pdf',
          fy: '2025-26',
          id_type: 'pan',
          id_number: 'MNOPK••••L',
          status: 'matched',
          mailed: true,
          already_imported: false,
        }),
      ]);
      expect(res.body.unmatched[0]).toMatchObject({ status: 'unmatched', donor: null, reason: 'no donor of 2025-26 has this PAN or Aadhaar number' });
      const mail = await fx.t.db.models.OutboxMail.findOne({ kind: 'form10be', to: 'meera@example.org' }).lean();
      expect(mail!.attachments).toEqual([expect.objectContaining({ filename: 'form-10be-2025-26.pdf', contentType: 'application/pdf' })]);
    },
  }),
  contractCase({
    name: 'no file',
    operationId: 'importForm10be',
    status: 400,
    send: (fx) => upload(fx, '/api/import_form10be.php', { note: 'x' }, []),
  }),
  contractCase({
    name: 'a JSON body instead of files',
    operationId: 'importForm10be',
    status: 415,
    send: (fx) => postJson(fx, '/api/import_form10be.php', { files: [] }),
  }),
  contractCase({
    name: 'a file over the request limit',
    operationId: 'importForm10be',
    status: 413,
    send: (fx) => upload(fx, '/api/import_form10be.php', {}, [{ field: 'files', data: Buffer.alloc(requestLimitBytes + 1024, 0x25), filename: 'big.pdf' }]),
  }),
  contractCase({
    name: 'the unmatched certificates of a year',
    operationId: 'listForm10be',
    status: 200,
    arrange: (fx) => unmatchedCertificate(fx),
    send: (fx) => admin(fx, fx.request.get('/api/get_form10be.php?fy=2025-26&status=unmatched')),
    check: (res, _fx, id) => {
      expect(res.body.data.map((one: { id: string }) => one.id)).toContain(id);
      expect(res.body.data.every((one: { status: string }) => one.status === 'unmatched')).toBe(true);
    },
  }),
  contractCase({
    name: 'a status that is none',
    operationId: 'listForm10be',
    status: 400,
    send: (fx) => admin(fx, fx.request.get('/api/get_form10be.php?status=sent')),
  }),
  contractCase({
    name: 'a certificate’s PDF, audited',
    operationId: 'getForm10bePdf',
    status: 200,
    arrange: (fx) => unmatchedCertificate(fx),
    send: (fx, id) => bytesOf(admin(fx, fx.request.get(`/api/get_form10be_pdf.php?id=${id}`))),
    check: (res) => {
      expect(res.headers['content-type']).toBe('application/pdf');
      expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    },
    changes: ['audit_log'],
  }),
  contractCase({
    name: 'an id of another form',
    operationId: 'getForm10bePdf',
    status: 400,
    send: (fx) => admin(fx, fx.request.get('/api/get_form10be_pdf.php?id=12')),
  }),
  contractCase({
    name: 'an unknown certificate',
    operationId: 'getForm10bePdf',
    status: 404,
    send: (fx) => admin(fx, fx.request.get(`/api/get_form10be_pdf.php?id=${fx.unknownId}`)),
  }),
  contractCase({
    name: 'an unmatched certificate given to a donor by the e-mail of their donation: mailed',
    operationId: 'assignForm10be',
    status: 200,
    arrange: async (fx) => {
      await aDonation(fx, 'Kiran@Example.org');
      return unmatchedCertificate(fx);
    },
    send: (fx, id) => postJson(fx, '/api/assign_form10be.php', { id, email: 'kiran@example.org' }),
    check: async (res, fx) => {
      expect(res.body.data).toMatchObject({ status: 'matched', donor: { email: 'kiran@example.org', matched_by: 'hand' }, mailed: true });
      expect(await fx.t.db.models.OutboxMail.countDocuments({ kind: 'form10be', to: 'kiran@example.org' })).toBe(1);
    },
  }),
  contractCase({
    name: 'a certificate that went to a donor already',
    operationId: 'assignForm10be',
    status: 409,
    arrange: async (fx) => {
      await aDonation(fx, 'lata@example.org');
      const id = await unmatchedCertificate(fx);
      await postJson(fx, '/api/assign_form10be.php', { id, email: 'lata@example.org' });
      return id;
    },
    send: (fx, id) => postJson(fx, '/api/assign_form10be.php', { id, email: 'lata@example.org' }),
  }),
  contractCase({
    name: 'an unknown certificate',
    operationId: 'assignForm10be',
    status: 404,
    send: (fx) => postJson(fx, '/api/assign_form10be.php', { id: fx.unknownId, email: 'asha@example.org' }),
  }),
  contractCase({
    name: 'an e-mail no donation has',
    operationId: 'assignForm10be',
    status: 404,
    arrange: (fx) => unmatchedCertificate(fx),
    send: (fx, id) => postJson(fx, '/api/assign_form10be.php', { id, email: 'stranger@example.org' }),
    check: (res) => expect(res.body.message).toBe('No donation has this e-mail address'),
  }),
  contractCase({ name: 'no e-mail', operationId: 'assignForm10be', status: 400, send: (fx) => postJson(fx, '/api/assign_form10be.php', { id: fx.unknownId }) }),
  ...bodyFormCases('assignForm10be', '/api/assign_form10be.php', 'email'),
];

const deadlineCases: ContractCase[] = [
  contractCase({
    name: 'the legal dates: Form 10BD by 31 May, the FC accounts by 31 December',
    operationId: 'listDeadlines',
    status: 200,
    send: (fx) => admin(fx, fx.request.get('/api/get_deadlines.php')),
    check: (res) => {
      const kinds = res.body.data.map((deadline: { kind: string; due_on: string }) => `${deadline.kind} ${deadline.due_on.slice(5)}`);
      expect(kinds).toEqual(expect.arrayContaining(['form10bd 05-31', 'fc-accounts 12-31']));
      expect(res.body.data.find((deadline: { kind: string }) => deadline.kind === 'form10bd').title).toMatch(
        /^File Form 10BD for \d{4}-\d{2} and send each donor their Form 10BE certificate \(by 31 May\)$/,
      );
    },
    // The law's dates are written on first sight.
    changes: ['legal_deadlines'],
  }),
  contractCase({
    name: 'a date of the organisation’s own',
    operationId: 'addDeadline',
    status: 201,
    send: (fx) => postJson(fx, '/api/add_deadline.php', { title: 'File the FC-4 return', due_on: '2027-12-31' }),
    check: (res) => expect(res.body.data).toMatchObject({ kind: 'custom', title: 'File the FC-4 return', due_on: '2027-12-31', done_on: '', reminders: [] }),
  }),
  contractCase({
    name: 'a date that is none',
    operationId: 'addDeadline',
    status: 400,
    send: (fx) => postJson(fx, '/api/add_deadline.php', { title: 'x', due_on: '2027-02-30' }),
  }),
  ...bodyFormCases('addDeadline', '/api/add_deadline.php', 'title'),
  contractCase({
    name: 'a date’s work recorded as done',
    operationId: 'updateDeadline',
    status: 200,
    arrange: (fx) => customDeadline(fx),
    send: (fx, id) => postJson(fx, '/api/update_deadline.php', { id, done: true }),
    check: (res) => expect(res.body.data.done_on).toMatch(/^\d{4}-\d{2}-\d{2}$/),
  }),
  contractCase({
    name: 'an id of another form',
    operationId: 'updateDeadline',
    status: 400,
    send: (fx) => postJson(fx, '/api/update_deadline.php', { id: 'form10bd:next', done: true }),
  }),
  contractCase({
    name: 'an unknown date',
    operationId: 'updateDeadline',
    status: 404,
    send: (fx) => postJson(fx, '/api/update_deadline.php', { id: fx.unknownId, done: true }),
  }),
  ...bodyFormCases('updateDeadline', '/api/update_deadline.php', 'id'),
  contractCase({
    name: 'an admin’s own date',
    operationId: 'deleteDeadline',
    status: 200,
    arrange: (fx) => customDeadline(fx),
    send: (fx, id) => postJson(fx, '/api/delete_deadline.php', { id }),
  }),
  contractCase({
    name: 'a date the law sets',
    operationId: 'deleteDeadline',
    status: 409,
    arrange: async (fx) =>
      ((await admin(fx, fx.request.get('/api/get_deadlines.php'))).body.data as { id: string; kind: string }[]).find((deadline) => deadline.kind !== 'custom')!
        .id,
    send: (fx, id) => postJson(fx, '/api/delete_deadline.php', { id }),
    check: (res) => expect(res.body.message).toBe('The law sets this date: it cannot be removed, only recorded as done'),
  }),
  contractCase({
    name: 'an unknown date',
    operationId: 'deleteDeadline',
    status: 404,
    send: (fx) => postJson(fx, '/api/delete_deadline.php', { id: fx.unknownId }),
  }),
  contractCase({ name: 'no id', operationId: 'deleteDeadline', status: 400, send: (fx) => postJson(fx, '/api/delete_deadline.php', {}) }),
  ...bodyFormCases('deleteDeadline', '/api/delete_deadline.php', 'id'),
];

const documentCases: ContractCase[] = [
  contractCase({
    name: 'an annual report: published at once, listed and served under its name',
    operationId: 'addDocument',
    status: 201,
    send: (fx) => addDocument(fx, { title: 'Annual report 2025-26', title_hi: 'वार्षिक रिपोर्ट 2025-26', kind: 'annual-report', fy: '2025-26' }),
    check: async (res, fx) => {
      expect(res.body.data).toMatchObject({ title: 'Annual report 2025-26', title_hi: 'वार्षिक रिपोर्ट 2025-26', kind: 'annual-report', fy: '2025-26' });
      const listed = await fx.request.get('/api/get_documents.php?lang=hi');
      expect(listed.body.data.map((document: { title: string }) => document.title)).toContain('वार्षिक रिपोर्ट 2025-26');
      const file = await bytesOf(fx.request.get(res.body.data.url));
      expect(file.headers['content-disposition']).toBe('inline; filename="annual-report-2025-26.pdf"');
      expect(file.headers['cache-control']).toBe('public, max-age=86400');
    },
  }),
  contractCase({
    name: 'a text file named .pdf',
    operationId: 'addDocument',
    status: 415,
    send: (fx) =>
      upload(fx, '/api/add_document.php', { title: 'Fake', kind: 'other', fy: '2025-26' }, [
        { field: 'file', data: Buffer.from('not a pdf at all'), filename: 'fake.pdf' },
      ]),
    check: (res) => expect(res.body.message).toBe('The file is not a PDF. Please choose the document as a PDF file.'),
  }),
  contractCase({
    name: 'a kind that is none',
    operationId: 'addDocument',
    status: 400,
    send: (fx) => upload(fx, '/api/add_document.php', { title: 'x', kind: 'minutes', fy: '2025-26' }, [pdfFile()]),
  }),
  contractCase({
    name: 'a year written 2025-27',
    operationId: 'addDocument',
    status: 400,
    send: (fx) => upload(fx, '/api/add_document.php', { title: 'x', kind: 'other', fy: '2025-27' }, [pdfFile()]),
  }),
  contractCase({
    name: 'a file over the request limit',
    operationId: 'addDocument',
    status: 413,
    send: (fx) =>
      upload(fx, '/api/add_document.php', { title: 'x', kind: 'other', fy: '2025-26' }, [
        { field: 'file', data: Buffer.alloc(requestLimitBytes + 1024, 0x25), filename: 'big.pdf' },
      ]),
  }),
  contractCase({
    name: 'the documents, newest year first',
    operationId: 'listDocuments',
    status: 200,
    arrange: async (fx) => {
      await addDocument(fx, { title: 'FC accounts 2024-25', kind: 'fc-accounts', fy: '2024-25' });
      await addDocument(fx, { title: 'Audited accounts 2025-26', kind: 'audited-accounts', fy: '2025-26' });
    },
    send: (fx) => fx.request.get('/api/get_documents.php'),
    check: (res) => {
      const years = res.body.data.map((document: { fy: string }) => document.fy);
      expect(years).toEqual([...years].sort().reverse());
      expect(res.headers.etag).toMatch(/^"v\d+-/);
    },
  }),
  listRevalidated('listDocuments', '/api/get_documents.php', 'the documents read again with their ETag', (fx) => addDocument(fx)),
  contractCase({ name: 'a language that is none', operationId: 'listDocuments', status: 400, send: (fx) => fx.request.get('/api/get_documents.php?lang=fr') }),
  contractCase({
    name: 'a document read again with its ETag',
    operationId: 'getDocument',
    status: 304,
    arrange: async (fx) => {
      const id = await documentId(fx);
      return { id, etag: (await fx.request.get(`/api/document.php?id=${id}`)).headers.etag as string };
    },
    send: (fx, { id, etag }) => fx.request.get(`/api/document.php?id=${id}`).set('If-None-Match', etag),
  }),
  contractCase({
    name: 'a document’s PDF',
    operationId: 'getDocument',
    status: 200,
    arrange: (fx) => documentId(fx),
    send: (fx, id) => bytesOf(fx.request.get(`/api/document.php?id=${id}`)),
    check: (res) => expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-'),
  }),
  contractCase({ name: 'an id of another form', operationId: 'getDocument', status: 400, send: (fx) => fx.request.get('/api/document.php?id=abc') }),
  contractCase({ name: 'an unknown document', operationId: 'getDocument', status: 404, send: (fx) => fx.request.get(`/api/document.php?id=${fx.unknownId}`) }),
  contractCase({
    name: 'a document taken off the page, with its file',
    operationId: 'deleteDocument',
    status: 200,
    arrange: (fx) => documentId(fx),
    send: (fx, id) => postJson(fx, '/api/delete_document.php', { id }),
    check: async (res, fx, id) => {
      expect((await fx.request.get(`/api/document.php?id=${id}`)).status).toBe(404);
      expect(await fx.t.db.connection.db!.collection('document_files.files').countDocuments({ _id: new Types.ObjectId(id) })).toBe(0);
    },
  }),
  contractCase({
    name: 'an unknown document',
    operationId: 'deleteDocument',
    status: 404,
    send: (fx) => postJson(fx, '/api/delete_document.php', { id: fx.unknownId }),
  }),
  contractCase({
    name: 'an id of another form',
    operationId: 'deleteDocument',
    status: 400,
    send: (fx) => postJson(fx, '/api/delete_document.php', { id: 'abc' }),
  }),
  ...bodyFormCases('deleteDocument', '/api/delete_document.php', 'id'),
];

const dpdpCases: ContractCase[] = [
  contractCase({
    name: 'a volunteer under 18 with a guardian: nothing registered yet, the guardian mailed',
    operationId: 'saveVolunteer',
    status: 202,
    send: (fx) =>
      postJson(fx, '/api/volunteer_save.php', { ...minor(), guardian_name: 'Sunil Kumar', guardian_email: 'sunil@example.org', notice_version: 1 }, null),
    check: async (res, fx) => {
      expect(res.body.message).toMatch(/^Thank you! We have e-mailed your parent or guardian:/);
      expect(await fx.t.db.models.OutboxMail.countDocuments({ kind: 'guardian-consent', to: 'sunil@example.org' })).toBeGreaterThan(0);
    },
  }),
  contractCase({
    name: 'a volunteer under 18 without a guardian',
    operationId: 'saveVolunteer',
    status: 400,
    send: (fx) => postJson(fx, '/api/volunteer_save.php', minor(), null),
    check: (res) => expect(res.body.message).toBe(defaultLegalTexts.minor_needs_guardian),
    changes: ['limit_counts'],
  }),
  contractCase({
    name: 'the guardian confirms by the mailed link: the registration stored',
    operationId: 'confirmGuardianConsent',
    status: 200,
    arrange: (fx) => waitingRegistration(fx),
    send: (fx, token) => postJson(fx, '/api/confirm_guardian_consent.php', { token, elapsed_ms: 4000 }, null),
    check: async (res, fx) => {
      expect(res.body.message).toMatch(/registration as a volunteer is confirmed\.$/);
      expect(await fx.t.db.models.Volunteer.countDocuments({ guardian_email: 'sunil@example.org' })).toBeGreaterThan(0);
    },
  }),
  contractCase({
    name: 'a token of another form',
    operationId: 'confirmGuardianConsent',
    status: 400,
    send: (fx) => postJson(fx, '/api/confirm_guardian_consent.php', { token: 'abc', elapsed_ms: 4000 }, null),
    changes: ['limit_counts'],
  }),
  contractCase({
    name: 'a link past its 7 days',
    operationId: 'confirmGuardianConsent',
    status: 404,
    send: (fx) =>
      postJson(
        fx,
        '/api/confirm_guardian_consent.php',
        { token: signedLinks(fx.t.config.jwtSecret, 'guardian-consent-link').token(fx.unknownId, new Date(Date.now() - 1000)), elapsed_ms: 4000 },
        null,
      ),
    changes: ['limit_counts'],
  }),
  contractCase({
    name: 'a 1 MB confirmation',
    operationId: 'confirmGuardianConsent',
    status: 413,
    send: (fx) => fx.request.post('/api/confirm_guardian_consent.php').set('Content-Type', 'application/json').send(hugeJson('token')),
  }),
  contractCase({
    name: 'a form post instead of JSON',
    operationId: 'confirmGuardianConsent',
    status: 415,
    send: (fx) => fx.request.post('/api/confirm_guardian_consent.php').type('form').send({ token: 'x' }),
  }),
  contractCase({
    name: 'one address over the limit waits',
    operationId: 'confirmGuardianConsent',
    status: 429,
    arrange: async (fx) => {
      await postJson(fx, '/api/confirm_guardian_consent.php', { token: forgedToken, elapsed_ms: 4000 }, null);
      await fx.t.db.models.LimitCount.updateMany({ _id: /^form\|confirmGuardianConsent\|/ }, { $set: { count: fx.t.config.formMaxSends } });
    },
    send: (fx) => postJson(fx, '/api/confirm_guardian_consent.php', { token: forgedToken, elapsed_ms: 4000 }, null),
    check: async (res, fx) => {
      expect(res.body.message).toMatch(/^Too many forms sent from your connection\./);
      await fx.t.db.models.LimitCount.deleteMany({ _id: /^form\|/ });
    },
    changes: ['limit_counts'],
  }),
  contractCase({
    name: 'a message on personal data: also a request with its 90-day deadline, the agreement recorded',
    operationId: 'saveContactMessage',
    status: 201,
    send: (fx) =>
      postJson(
        fx,
        '/api/contact_save.php',
        { ...contactMessage, subject: dataRequestSubject, message: 'Please tell me what you hold about me', notice_version: 1 },
        null,
      ),
    check: async (_res, fx) => {
      const request = await fx.t.db.models.DataRequest.findOne({ message: 'Please tell me what you hold about me' }).lean();
      expect(request).toMatchObject({ source: 'contact-form', status: 'open', email: 'asha@example.org' });
      expect(request!.dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await fx.t.db.models.Consent.countDocuments({ purpose: 'contact', email: 'asha@example.org' })).toBeGreaterThan(0);
    },
  }),
  contractCase({
    name: 'the requests, open ones first with their deadline, the overdue counted',
    operationId: 'listDataRequests',
    status: 200,
    arrange: async (fx) => {
      await postJson(fx, '/api/add_data_request.php', {
        kind: 'grievance',
        name: 'Old',
        email: 'old@example.org',
        message: 'No answer yet',
        received_on: '2025-01-02',
      });
    },
    send: (fx) => admin(fx, fx.request.get('/api/get_data_requests.php?status=open')),
    check: (res) => {
      const old = res.body.data.find((request: { email: string }) => request.email === 'old@example.org');
      expect(old).toMatchObject({ due_on: '2025-04-02', overdue: true });
      expect(res.body.data[0].overdue).toBe(true);
      expect(res.body.overdue).toBeGreaterThan(0);
    },
  }),
  contractCase({
    name: 'a status that is none',
    operationId: 'listDataRequests',
    status: 400,
    send: (fx) => admin(fx, fx.request.get('/api/get_data_requests.php?status=late')),
  }),
  contractCase({
    name: 'a request received by post',
    operationId: 'addDataRequest',
    status: 201,
    send: (fx) =>
      postJson(fx, '/api/add_data_request.php', {
        kind: 'correction',
        name: 'Ravi',
        email: 'Ravi@Example.org',
        message: 'My address changed',
        received_on: '2026-03-01',
      }),
    check: (res) => expect(res.body.data).toMatchObject({ email: 'ravi@example.org', source: 'admin', due_on: '2026-05-30', status: 'open' }),
  }),
  contractCase({
    name: 'a kind that is none',
    operationId: 'addDataRequest',
    status: 400,
    send: (fx) => postJson(fx, '/api/add_data_request.php', { kind: 'spam', name: 'x', email: 'x@example.org', message: 'x' }),
  }),
  ...bodyFormCases('addDataRequest', '/api/add_data_request.php', 'message'),
  contractCase({
    name: 'a request closed as answered',
    operationId: 'updateDataRequest',
    status: 200,
    arrange: (fx) => requestOf(fx),
    send: (fx, id) => postJson(fx, '/api/update_data_request.php', { id, status: 'closed', note: 'Erased on 2 March' }),
    check: (res) => expect(res.body.data).toMatchObject({ status: 'closed', note: 'Erased on 2 March', overdue: false, closed_at: expect.any(String) }),
  }),
  contractCase({
    name: 'an unknown request',
    operationId: 'updateDataRequest',
    status: 404,
    send: (fx) => postJson(fx, '/api/update_data_request.php', { id: fx.unknownId, status: 'closed' }),
  }),
  contractCase({
    name: 'no status',
    operationId: 'updateDataRequest',
    status: 400,
    send: (fx) => postJson(fx, '/api/update_data_request.php', { id: fx.unknownId }),
  }),
  ...bodyFormCases('updateDataRequest', '/api/update_data_request.php', 'note'),
];

const settingsCases: ContractCase[] = [
  contractCase({
    name: 'the legal sentences as the law states them, until an accountant changes them',
    operationId: 'getSettings',
    status: 200,
    send: (fx) => fx.request.get('/api/get_settings.php'),
    check: (res) => {
      const { legal } = res.body.data;
      expect(legal.foreign_source).toContain('Foreign citizens, OCI and PIO card holders count as a foreign source');
      expect(legal.foreign_source).toContain('an Indian citizen living abroad (NRI) does not');
      expect(legal.fcra_account_note).toContain('FCRA account at the State Bank of India, New Delhi Main Branch');
      expect(legal.fc_accounts_note).toContain('within nine months of the end of each financial year');
      expect(legal.deadline_10bd).toContain('(by 31 May)');
      expect(legal.deadline_fc_accounts).toContain('(by 31 December)');
      expect(legal.guardian_consent).toContain('under 18');
      expect(legal.receipt_statement).toContain('section 80G of the Income-tax Act, 1961');
      expect(res.body.placeholders).not.toContain('legal');
    },
  }),
  contractCase({
    name: 'a legal sentence changed (the new Act’s section), the registrations and the grievance officer; an empty one back to its default',
    operationId: 'updateSettings',
    status: 200,
    send: (fx) =>
      settings(fx, {
        registration_12a: 'AAATJ4321KE20214',
        darpan_id: 'JH/2021/0291234',
        grievance_name: 'Meera Singh',
        grievance_email: 'privacy@example.org',
        legal: { receipt_statement: 'This donation qualifies for deduction under section 133 of the Income-tax Act, 2025{registration}.', fcra_refusal_hi: '' },
      }),
    check: (res) => {
      expect(res.body.data).toMatchObject({
        registration_12a: 'AAATJ4321KE20214',
        darpan_id: 'JH/2021/0291234',
        grievance_name: 'Meera Singh',
        grievance_email: 'privacy@example.org',
      });
      expect(res.body.data.legal.receipt_statement).toContain('section 133 of the Income-tax Act, 2025');
      expect(res.body.data.legal.fcra_refusal_hi).toBe(defaultLegalTexts.fcra_refusal_hi);
      expect(res.body.data.legal.foreign_source).toBe(defaultLegalTexts.foreign_source);
    },
  }),
  contractCase({
    name: 'a legal sentence the site does not have',
    operationId: 'updateSettings',
    status: 400,
    send: (fx) => settings(fx, { legal: { made_up: 'x' } }),
  }),
  contractCase({
    name: 'a grievance e-mail that is not one',
    operationId: 'updateSettings',
    status: 400,
    send: (fx) => settings(fx, { grievance_email: 'privacy' }),
  }),
];

const writes: Write[] = [
  {
    operationId: 'setDonation80g',
    status: 200,
    target: async (fx) => (await receivedForeignGift(fx)).id,
    send: (fx, id, v) => postJson(fx, '/api/set_donation_80g.php', { id, eligible_80g: v === 0 }),
  },
  {
    operationId: 'importForm10be',
    status: 200,
    target: async () => randomUUID(),
    send: (fx, name, v) => {
      const req = fx.request.post('/api/import_form10be.php').set('Authorization', fx.admin);
      return req.attach('files', Buffer.from(`not a certificate ${v}`), { filename: `${name}.pdf`, contentType: 'application/pdf' });
    },
  },
  {
    operationId: 'assignForm10be',
    status: 200,
    target: async (fx) => {
      await aDonation(fx, 'once@example.org');
      return unmatchedCertificate(fx);
    },
    send: (fx, id, v) => postJson(fx, '/api/assign_form10be.php', { id, email: v ? 'ONCE@example.org' : 'once@example.org' }),
  },
  { operationId: 'addDeadline', status: 201, send: (fx, _t, v) => postJson(fx, '/api/add_deadline.php', { title: `Once ${v}`, due_on: '2027-06-30' }) },
  { operationId: 'updateDeadline', status: 200, target: customDeadline, send: (fx, id, v) => postJson(fx, '/api/update_deadline.php', { id, done: v === 0 }) },
  {
    operationId: 'deleteDeadline',
    status: 200,
    target: customDeadline,
    send: (fx, id, v) => postJson(fx, '/api/delete_deadline.php', { id: v ? fx.unknownId : id }),
  },
  {
    operationId: 'addDocument',
    status: 201,
    send: (fx, _t, v) => upload(fx, '/api/add_document.php', { title: `Once ${v}`, kind: 'other', fy: '2025-26' }, [pdfFile()]),
  },
  {
    operationId: 'deleteDocument',
    status: 200,
    target: documentId,
    send: (fx, id, v) => postJson(fx, '/api/delete_document.php', { id: v ? fx.unknownId : id }),
  },
  {
    operationId: 'confirmGuardianConsent',
    status: 200,
    anonymous: true,
    target: waitingRegistration,
    send: (fx, token, v) => postJson(fx, '/api/confirm_guardian_consent.php', { token, elapsed_ms: 4000 + v }, null),
  },
  {
    operationId: 'addDataRequest',
    status: 201,
    send: (fx, _t, v) => postJson(fx, '/api/add_data_request.php', { kind: 'access', name: 'Once', email: 'once@example.org', message: `Once ${v}` }),
  },
  {
    operationId: 'updateDataRequest',
    status: 200,
    target: requestOf,
    send: (fx, id, v) => postJson(fx, '/api/update_data_request.php', { id, status: 'closed', note: `Once ${v}` }),
  },
];

/** The request limit the compliance contract app runs with (REQUEST_MAX_BYTES), small so an oversized file is cheap. */
export const requestLimitBytes = 256 * 1024;

export const complianceCases = defineCases('compliance', [
  ...fcraCases,
  ...form10beCases,
  ...deadlineCases,
  ...documentCases,
  ...dpdpCases,
  ...settingsCases,
  ...writes.flatMap(casesOf),
]);

/** Authorization as the auth matrix sends it: a header, or none. */
const authorized = (request: Test, authorization: string | null) => (authorization === null ? request : request.set('Authorization', authorization));

/** A valid request per admin operation, aimed at a real item where it names one (auth-matrix.ts sends it with each refused credential). */
export const complianceAdminRequests: Record<string, (fx: Fixture, authorization: string | null) => Promise<import('supertest').Response>> = {
  getFcLedger: async (fx, auth) => authorized(fx.request.get('/api/get_fc_ledger.php?fy=2026-27'), auth),
  setDonation80g: async (fx, auth) => postJson(fx, '/api/set_donation_80g.php', { id: fx.unknownId, eligible_80g: true }, auth),
  importForm10be: async (fx, auth) => upload(fx, '/api/import_form10be.php', {}, [await certificate('ABCPT1234F', 'Sneaked in')], auth),
  listForm10be: async (fx, auth) => authorized(fx.request.get('/api/get_form10be.php'), auth),
  getForm10bePdf: async (fx, auth) => authorized(fx.request.get(`/api/get_form10be_pdf.php?id=${fx.unknownId}`), auth),
  assignForm10be: async (fx, auth) => postJson(fx, '/api/assign_form10be.php', { id: fx.unknownId, email: 'sneak@example.org' }, auth),
  listDeadlines: async (fx, auth) => authorized(fx.request.get('/api/get_deadlines.php'), auth),
  addDeadline: async (fx, auth) => postJson(fx, '/api/add_deadline.php', { title: 'Sneaked in', due_on: '2027-01-01' }, auth),
  updateDeadline: async (fx, auth) => postJson(fx, '/api/update_deadline.php', { id: fx.unknownId, done: true }, auth),
  deleteDeadline: async (fx, auth) => postJson(fx, '/api/delete_deadline.php', { id: fx.unknownId }, auth),
  addDocument: async (fx, auth) => upload(fx, '/api/add_document.php', { title: 'Sneaked in', kind: 'other', fy: '2025-26' }, [pdfFile()], auth),
  deleteDocument: async (fx, auth) => postJson(fx, '/api/delete_document.php', { id: fx.unknownId }, auth),
  listDataRequests: async (fx, auth) => authorized(fx.request.get('/api/get_data_requests.php'), auth),
  addDataRequest: async (fx, auth) =>
    postJson(fx, '/api/add_data_request.php', { kind: 'other', name: 'Sneak', email: 'sneak@example.org', message: 'Sneaked in' }, auth),
  updateDataRequest: async (fx, auth) => postJson(fx, '/api/update_data_request.php', { id: fx.unknownId, status: 'closed' }, auth),
};

/** A valid JSON body per compliance JSON operation (bad-input.ts puts operator objects in its fields). */
export const complianceJsonBodies: Record<string, (fx: Fixture) => Record<string, unknown>> = {
  setDonation80g: (fx) => ({ id: fx.unknownId, eligible_80g: true }),
  assignForm10be: (fx) => ({ id: fx.unknownId, email: 'asha@example.org' }),
  addDeadline: () => ({ title: 'File the return', due_on: '2027-01-01' }),
  updateDeadline: (fx) => ({ id: fx.unknownId, done: true }),
  deleteDeadline: (fx) => ({ id: fx.unknownId }),
  deleteDocument: (fx) => ({ id: fx.unknownId }),
  confirmGuardianConsent: () => ({ token: `${'a'.repeat(24)}.1.${'b'.repeat(43)}`, elapsed_ms: 4000 }),
  addDataRequest: () => ({ kind: 'access', name: 'Asha', email: 'asha@example.org', message: 'What do you hold?' }),
  updateDataRequest: (fx) => ({ id: fx.unknownId, status: 'closed' }),
};

/** Every compliance operation with the database stopped (outage.ts): 503. */
export const complianceOutages: [operationId: string, name: string, send: (fx: Fixture) => PromiseLike<import('supertest').Response>][] = [
  ['getFcLedger', 'the FC ledger', (fx) => admin(fx, fx.request.get('/api/get_fc_ledger.php?fy=2026-27'))],
  ['setDonation80g', 'a foreign contribution marked eligible', (fx) => postJson(fx, '/api/set_donation_80g.php', { id: fx.unknownId, eligible_80g: true })],
  ['importForm10be', 'Form 10BE certificates', (fx) => upload(fx, '/api/import_form10be.php', {}, [pdfFile('files')])],
  ['listForm10be', 'the certificates', (fx) => admin(fx, fx.request.get('/api/get_form10be.php'))],
  ['getForm10bePdf', 'a certificate', (fx) => admin(fx, fx.request.get(`/api/get_form10be_pdf.php?id=${fx.unknownId}`))],
  ['assignForm10be', 'a certificate assigned', (fx) => postJson(fx, '/api/assign_form10be.php', { id: fx.unknownId, email: 'asha@example.org' })],
  ['listDeadlines', 'the legal dates', (fx) => admin(fx, fx.request.get('/api/get_deadlines.php'))],
  ['addDeadline', 'a date added', (fx) => postJson(fx, '/api/add_deadline.php', { title: 'x', due_on: '2027-01-01' })],
  ['updateDeadline', 'a date done', (fx) => postJson(fx, '/api/update_deadline.php', { id: fx.unknownId, done: true })],
  ['deleteDeadline', 'a date removed', (fx) => postJson(fx, '/api/delete_deadline.php', { id: fx.unknownId })],
  ['addDocument', 'a document published', (fx) => upload(fx, '/api/add_document.php', { title: 'x', kind: 'other', fy: '2025-26' }, [pdfFile()])],
  ['listDocuments', 'the documents', (fx) => fx.request.get('/api/get_documents.php')],
  ['getDocument', 'a document', (fx) => fx.request.get(`/api/document.php?id=${fx.unknownId}`)],
  ['deleteDocument', 'a document removed', (fx) => postJson(fx, '/api/delete_document.php', { id: fx.unknownId })],
  [
    'confirmGuardianConsent',
    'a guardian’s confirmation',
    (fx) => postJson(fx, '/api/confirm_guardian_consent.php', { token: `${fx.unknownId}.9999999999.${'b'.repeat(43)}`, elapsed_ms: 4000 }, null),
  ],
  ['listDataRequests', 'the requests and grievances', (fx) => admin(fx, fx.request.get('/api/get_data_requests.php'))],
  [
    'addDataRequest',
    'a request recorded',
    (fx) => postJson(fx, '/api/add_data_request.php', { kind: 'other', name: 'x', email: 'x@example.org', message: 'x' }),
  ],
  ['updateDataRequest', 'a request closed', (fx) => postJson(fx, '/api/update_data_request.php', { id: fx.unknownId, status: 'closed' })],
];
