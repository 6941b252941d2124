// Every documented answer of a supporter's own page (/my), of volunteer hours and of certificates,
// except the admin operations' 401/403 (auth-matrix.ts) and 503 (outage.ts). The session of /my is
// made as open_my_session.php makes it; sessions and links are not part of the compared state.
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import type { Test } from 'supertest';
import { expect } from 'vitest';
import { issueMyLink, openMySession } from '../../../src/features/supporters/links.js';
import type { Services } from '../../../src/services.js';
import { idempotencyRecordId } from '../../../src/idempotency/middleware.js';
import { form10bePdf } from '../../form10be.js';
import { contractCase, defineCases, type ContractCase } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { hugeJson, postJson } from '../support/requests.js';
import { casesOf, type Write } from './idempotency.js';

const services = (fx: Fixture) => ({ db: fx.t.db, config: fx.t.config }) as unknown as Services;
const newAddress = () => `my-${randomUUID().slice(0, 8)}@example.test`;

/** A volunteer registration of a new address, and a session of /my for that address. */
async function supporter(fx: Fixture) {
  const email = newAddress();
  const registration = await fx.t.db.models.Volunteer.create({ name: 'Asha Kumari', email, mobile: '9876543210', address: 'Lalpur, Ranchi', start_date: null });
  const { token } = await openMySession(services(fx), email);
  return { email, session: token, id: registration._id.toHexString() };
}
/** A session of /my for an address with no records, for requests refused before they are read. */
export const someSession = async (fx: Fixture) => (await openMySession(services(fx), 'someone@example.test')).token;

const mine = (request: Test, session: string) => request.set('X-My-Session', session);
const myPost = (fx: Fixture, path: string, session: string, body: unknown = {}) =>
  mine(fx.request.post(path).set('Content-Type', 'application/json'), session).send(body as object);
const myGet = (fx: Fixture, path: string, session: string) => mine(fx.request.get(path), session);

/** Hours of a new volunteer, recorded through the API. */
async function volunteerWithHours(fx: Fixture) {
  const who = await supporter(fx);
  const res = await postJson(fx, '/api/add_volunteer_hours.php', { volunteer_id: who.id, hours: 2, date: '2026-04-12', note: 'Class', program: 'education' });
  return { ...who, entry: res.body.data.id as string };
}

/** The refusals of a /my write's body form: too large, not JSON; and without a session. */
const myBodyCases = (operationId: string, path: string, field: string): ContractCase[] => [
  contractCase(operationId, 413, 'a JSON body over 1 MB', {
    arrange: supporter,
    send: (fx, { session }) => mine(fx.request.post(path).set('Content-Type', 'application/json'), session).send(hugeJson(field)),
  }),
  contractCase(operationId, 415, 'a urlencoded form instead of JSON', {
    arrange: supporter,
    send: (fx, { session }) =>
      mine(fx.request.post(path), session)
        .type('form')
        .send({ [field]: 'x' }),
  }),
  ...sessionRefusals(operationId, (fx, session) => myPost(fx, path, session, { [field]: 'x' })),
];

/** No session, an ended one, and an admin's token: 401 before anything is read. */
const sessionRefusals = (operationId: string, send: (fx: Fixture, session: string) => Test): ContractCase[] => [
  contractCase(operationId, 401, 'no session of /my', { send: (fx) => send(fx, '') }),
  contractCase(operationId, 401, 'a session that ended (signed out, an hour passed or erased)', {
    arrange: async (fx) => {
      const { session, email } = await supporter(fx);
      await fx.t.db.models.MySession.deleteMany({ email });
      return session;
    },
    send: (fx, session) => send(fx, session),
    check: (res) => expect(res.body.message).toBe('Your session has ended. Ask for a new link to open your page.'),
  }),
  contractCase(operationId, 401, "an admin's token is not a session of /my", { send: (fx) => send(fx, fx.t.adminToken()).set('Authorization', fx.admin) }),
];

const askLink = (fx: Fixture, body: unknown) => postJson(fx, '/api/request_my_link.php', body, null);

const linkCases: ContractCase[] = [
  contractCase('requestMyLink', 200, 'a known address: a link is queued for it', {
    arrange: supporter,
    send: (fx, { email }) => askLink(fx, { email, elapsed_ms: 5000 }),
    check: async (res, fx, { email }) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await fx.t.db.models.OutboxMail.countDocuments({ kind: 'my-link', to: email })).toBe(1);
    },
  }),
  contractCase('requestMyLink', 200, 'an unknown address: the same answer, nothing queued', {
    send: (fx) => askLink(fx, { email: 'nobody-here@example.test', elapsed_ms: 5000 }),
    check: async (res, fx) => {
      expect(res.body.message).toMatch(/^If we hold anything of this address/);
      expect(await fx.t.db.models.OutboxMail.countDocuments({ to: 'nobody-here@example.test' })).toBe(0);
    },
    changes: ['limit_counts'],
  }),
  contractCase('requestMyLink', 400, 'no address', {
    send: (fx) => askLink(fx, {}),
    check: (res) => expect(res.body.message).toBe('Please enter your e-mail address'),
  }),
  contractCase('requestMyLink', 400, 'the honeypot filled in', {
    send: (fx) => askLink(fx, { email: 'nobody@example.test', website: 'http://cheap.example', elapsed_ms: 9000 }),
    changes: ['limit_counts'],
  }),
  contractCase('requestMyLink', 413, 'a JSON body over 1 MB', {
    send: (fx) => fx.request.post('/api/request_my_link.php').set('Content-Type', 'application/json').send(hugeJson('email')),
  }),
  contractCase('requestMyLink', 415, 'a urlencoded form sent to the API', {
    send: (fx) => fx.request.post('/api/request_my_link.php').type('form').send({ email: 'x@example.test' }),
  }),
  contractCase('requestMyLink', 429, 'one e-mail address asked for too often waits, and no link is made', {
    arrange: async (fx) => {
      const { email } = await supporter(fx);
      await fx.t.db.models.LimitCount.create({ _id: `my-link|${email}`, count: 1000, resetAt: new Date(Date.now() + 600_000) });
      return email;
    },
    send: (fx, email) => askLink(fx, { email, elapsed_ms: 5000 }),
    check: async (res, fx, email) => {
      expect(res.body.message).toMatch(/^Too many requests/);
      expect(await fx.t.db.models.OutboxMail.countDocuments({ to: email })).toBe(0);
    },
    changes: ['limit_counts'],
  }),
  ...casesOf({
    operationId: 'requestMyLink',
    status: 200,
    anonymous: true,
    send: (fx, _t, v) => askLink(fx, { email: v ? 'other@example.test' : 'once@example.test', elapsed_ms: 5000 }),
  }),
  contractCase('openMySession', 200, 'a mailed link: a session of an hour for its address', {
    arrange: async (fx) => (await issueMyLink(services(fx), 'opened@example.test')).token,
    send: (fx, token) => postJson(fx, '/api/open_my_session.php', { token }, null),
    check: (res) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.email).toBe('opened@example.test');
    },
  }),
  contractCase('openMySession', 404, 'a link used already', {
    arrange: async (fx) => {
      const { token } = await issueMyLink(services(fx), 'twice@example.test');
      await postJson(fx, '/api/open_my_session.php', { token }, null).expect(200);
      return token;
    },
    send: (fx, token) => postJson(fx, '/api/open_my_session.php', { token }, null),
    check: (res) => expect(res.body.message).toMatch(/expired or was already used/),
  }),
  contractCase('openMySession', 404, 'a link never issued', { send: (fx) => postJson(fx, '/api/open_my_session.php', { token: 'A'.repeat(43) }, null) }),
  contractCase('openMySession', 400, 'no token', { send: (fx) => postJson(fx, '/api/open_my_session.php', {}, null) }),
  contractCase('openMySession', 413, 'a JSON body over 1 MB', {
    send: (fx) => fx.request.post('/api/open_my_session.php').set('Content-Type', 'application/json').send(hugeJson('token')),
  }),
  contractCase('openMySession', 415, 'a urlencoded form', { send: (fx) => fx.request.post('/api/open_my_session.php').type('form').send({ token: 'x' }) }),
];

const pageCases: ContractCase[] = [
  contractCase('endMySession', 200, 'signing out ends the session', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/end_my_session.php', session),
    check: async (_res, fx, { session }) => expect((await myGet(fx, '/api/get_my_data.php', session)).status).toBe(401),
  }),
  ...sessionRefusals('endMySession', (fx, session) => myPost(fx, '/api/end_my_session.php', session)),
  contractCase('getMyData', 200, "the session's records and what the law keeps", {
    arrange: supporter,
    send: (fx, { session }) => myGet(fx, '/api/get_my_data.php', session),
    check: (res, _fx, { email }) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.data).toMatchObject({ email, registrations: [{ name: 'Asha Kumari' }], donations: [], kept_by_law: [] });
    },
  }),
  ...sessionRefusals('getMyData', (fx, session) => myGet(fx, '/api/get_my_data.php', session)),
  contractCase('updateMyRegistration', 200, 'a corrected mobile', {
    arrange: supporter,
    send: (fx, { session, id }) => myPost(fx, '/api/update_my_registration.php', session, { id, mobile: '+91 90000 11111' }),
    check: async (_res, fx, { id }) => expect((await fx.t.db.models.Volunteer.findById(id).lean())!.mobile).toBe('+91 90000 11111'),
  }),
  contractCase('updateMyRegistration', 400, 'nothing to correct', {
    arrange: supporter,
    send: (fx, { session, id }) => myPost(fx, '/api/update_my_registration.php', session, { id }),
  }),
  contractCase('updateMyRegistration', 400, 'a mobile that is no phone number', {
    arrange: supporter,
    send: (fx, { session, id }) => myPost(fx, '/api/update_my_registration.php', session, { id, mobile: 'call me' }),
  }),
  contractCase('updateMyRegistration', 404, "another person's registration", {
    arrange: async (fx) => ({ mine: await supporter(fx), theirs: await supporter(fx) }),
    send: (fx, { mine: me, theirs }) => myPost(fx, '/api/update_my_registration.php', me.session, { id: theirs.id, name: 'Hijacked' }),
  }),
  ...myBodyCases('updateMyRegistration', '/api/update_my_registration.php', 'id'),
  contractCase('withdrawMyRegistration', 200, 'withdrawn, and marked so for the admin', {
    arrange: supporter,
    send: (fx, { session, id }) => myPost(fx, '/api/withdraw_my_registration.php', session, { id }),
    check: async (_res, fx, { id }) => expect((await fx.t.db.models.Volunteer.findById(id).lean())!.withdrawnAt).toBeInstanceOf(Date),
  }),
  contractCase('withdrawMyRegistration', 400, 'no id', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/withdraw_my_registration.php', session, {}),
  }),
  contractCase('withdrawMyRegistration', 404, 'an id that is no registration of theirs', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/withdraw_my_registration.php', session, { id: fx.unknownId }),
  }),
  ...myBodyCases('withdrawMyRegistration', '/api/withdraw_my_registration.php', 'id'),
  contractCase('getMyReceipt', 200, "one of the person's receipts", {
    arrange: async (fx) => {
      const who = await supporter(fx);
      const reference = `MYRCPT${randomUUID().slice(0, 6).toUpperCase()}`;
      const donation = await postJson(fx, '/api/add_donation.php', {
        name: 'Asha Kumari',
        email: who.email,
        amount: 700,
        reference,
        received_on: '2026-04-02',
      });
      expect(donation.status, donation.text).toBe(201);
      await postJson(fx, '/api/update_donation.php', { id: donation.body.data.id, status: 'received' }).expect(200);
      const receipt = (await fx.t.db.models.Receipt.findOne({ donation: donation.body.data.id }).lean())!;
      return { ...who, receipt: receipt._id.toHexString() };
    },
    send: (fx, { session, receipt }) => myGet(fx, `/api/get_my_receipt.php?id=${receipt}`, session).buffer(true),
    check: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
  }),
  contractCase('getMyReceipt', 404, 'a receipt of someone else, or none', {
    arrange: supporter,
    send: (fx, { session }) => myGet(fx, `/api/get_my_receipt.php?id=${fx.unknownId}`, session),
  }),
  contractCase('getMyReceipt', 400, 'no id', { arrange: supporter, send: (fx, { session }) => myGet(fx, '/api/get_my_receipt.php', session) }),
  ...sessionRefusals('getMyReceipt', (fx, session) => myGet(fx, `/api/get_my_receipt.php?id=${fx.unknownId}`, session)),
  contractCase('getMyCertificate', 200, 'a certificate of the hours, issued once', {
    arrange: volunteerWithHours,
    send: (fx, { session }) => myGet(fx, '/api/get_my_certificate.php?lang=hi', session).buffer(true),
    check: (res) => expect(res.headers['x-certificate-code']).toMatch(/^[0-9A-Z]{4}-/),
    changes: ['volunteer_certificates'],
  }),
  contractCase('getMyCertificate', 404, 'no hours recorded', {
    arrange: supporter,
    send: (fx, { session }) => myGet(fx, '/api/get_my_certificate.php', session),
  }),
  contractCase('getMyCertificate', 400, 'a language the site does not have', {
    arrange: supporter,
    send: (fx, { session }) => myGet(fx, '/api/get_my_certificate.php?lang=fr', session),
  }),
  ...sessionRefusals('getMyCertificate', (fx, session) => myGet(fx, '/api/get_my_certificate.php', session)),
  contractCase('eraseMe', 200, 'erased, with what the law keeps', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/erase_me.php', session, { confirm: true }),
    check: async (res, fx, { email }) => {
      expect(res.body.kept_by_law).toEqual([]);
      expect(await fx.t.db.models.Volunteer.countDocuments({ email })).toBe(0);
    },
  }),
  contractCase('eraseMe', 400, 'not confirmed', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/erase_me.php', session, { confirm: false }),
  }),
  ...myBodyCases('eraseMe', '/api/erase_me.php', 'confirm'),
  contractCase('saveMyNominee', 200, 'a nominee named', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/save_my_nominee.php', session, { name: 'Anil Kumar', email: 'anil@example.test' }),
  }),
  contractCase('saveMyNominee', 400, 'no e-mail address', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/save_my_nominee.php', session, { name: 'Anil Kumar' }),
    check: (res) => expect(res.body.message).toBe("Please give the nominee's name and e-mail address"),
  }),
  ...myBodyCases('saveMyNominee', '/api/save_my_nominee.php', 'name'),
  contractCase('deleteMyNominee', 200, 'the nominee removed', {
    arrange: async (fx) => {
      const who = await supporter(fx);
      await myPost(fx, '/api/save_my_nominee.php', who.session, { name: 'Anil Kumar', email: 'anil@example.test' }).expect(200);
      return who;
    },
    send: (fx, { session }) => myPost(fx, '/api/delete_my_nominee.php', session),
  }),
  contractCase('deleteMyNominee', 404, 'none named', { arrange: supporter, send: (fx, { session }) => myPost(fx, '/api/delete_my_nominee.php', session) }),
  ...sessionRefusals('deleteMyNominee', (fx, session) => myPost(fx, '/api/delete_my_nominee.php', session)),
  contractCase('withdrawMyConsent', 200, 'volunteering: the registrations are withdrawn too', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/withdraw_my_consent.php', session, { purpose: 'volunteer' }),
    check: async (_res, fx, { id }) => expect((await fx.t.db.models.Volunteer.findById(id).lean())!.withdrawnAt).toBeInstanceOf(Date),
  }),
  contractCase('withdrawMyConsent', 400, 'a purpose the site does not have', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/withdraw_my_consent.php', session, { purpose: 'marketing' }),
  }),
  ...myBodyCases('withdrawMyConsent', '/api/withdraw_my_consent.php', 'purpose'),
  contractCase('raiseMyGrievance', 201, 'a grievance with its deadline', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/raise_my_grievance.php', session, { message: 'You call too often.' }),
    check: (res) => expect(res.body.due_on).toMatch(/^\d{4}-\d{2}-\d{2}$/),
  }),
  contractCase('raiseMyGrievance', 400, 'no message', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/raise_my_grievance.php', session, { message: '  ' }),
    check: (res) => expect(res.body.message).toBe('Please write your grievance'),
  }),
  contractCase('raiseMyGrievance', 422, 'the same key with another message', {
    arrange: async (fx) => {
      const who = await supporter(fx);
      const key = randomUUID();
      await myPost(fx, '/api/raise_my_grievance.php', who.session, { message: 'First' }).set('Idempotency-Key', key).expect(201);
      return { ...who, key };
    },
    send: (fx, { session, key }) => myPost(fx, '/api/raise_my_grievance.php', session, { message: 'Second' }).set('Idempotency-Key', key),
  }),
  contractCase('raiseMyGrievance', 409, 'a repeat while the first is still being carried out', {
    arrange: async (fx) => {
      const who = await supporter(fx);
      const key = randomUUID();
      const now = Date.now();
      await fx.t.db.connection.db!.collection<Record<string, unknown>>('idempotency_keys').insertOne({
        _id: idempotencyRecordId('raiseMyGrievance', `my:${who.email}`, key) as never,
        fingerprint: 'the request at work',
        state: 'pending',
        leaseUntil: new Date(now + 60_000),
        expiresAt: new Date(now + 3_600_000),
      });
      return { ...who, key };
    },
    send: (fx, { session, key }) => myPost(fx, '/api/raise_my_grievance.php', session, { message: 'First' }).set('Idempotency-Key', key),
    check: (res) => expect(res.headers['retry-after']).toBe('1'),
  }),
  ...myBodyCases('raiseMyGrievance', '/api/raise_my_grievance.php', 'message'),
];

/** A Form 10BE certificate imported and matched to a supporter with a session of /my. */
async function donorWithForm10be(fx: Fixture) {
  const who = await supporter(fx);
  const certificate = await fx.t.db.models.Form10beCertificate.create({
    sha256: randomUUID(),
    filename: 'asha.pdf',
    pdf: await form10bePdf({ donorName: 'Asha Kumari', pan: 'ABCPK1234D', fy: '2025-26' }),
    fy: '2025-26',
    idType: 'pan',
    idNumber: 'ABCPK1234D',
    donor: { name: 'Asha Kumari', email: who.email, lang: 'en', matchedBy: 'pan' },
    importedAt: new Date(),
    importedBy: 'admin',
  });
  return { ...who, certificate: certificate._id.toHexString() };
}

/** A newsletter subscriber with a session of /my. */
async function subscriber(fx: Fixture) {
  const who = await supporter(fx);
  await fx.t.db.models.Subscriber.create({ email: who.email, name: 'Asha Kumari', lang: 'en', state: 'subscribed', confirmedAt: new Date() });
  return who;
}

const newsletterAndForm10beCases: ContractCase[] = [
  contractCase('getMyForm10be', 200, "the person's Form 10BE certificate, as imported", {
    arrange: donorWithForm10be,
    send: (fx, { session, certificate }) => myGet(fx, `/api/get_my_form10be.php?id=${certificate}`, session).buffer(true),
    check: (res) => {
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="form-10be-2025-26.pdf"');
      expect(
        Buffer.from(res.body as Buffer)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    },
  }),
  contractCase('getMyForm10be', 404, "another donor's certificate", {
    arrange: async (fx) => ({ theirs: await donorWithForm10be(fx), mine: await supporter(fx) }),
    send: (fx, { mine: me, theirs }) => myGet(fx, `/api/get_my_form10be.php?id=${theirs.certificate}`, me.session),
    check: (res) => expect(res.body.message).toBe('Nothing of yours has this id'),
  }),
  contractCase('getMyForm10be', 400, 'no id', { arrange: supporter, send: (fx, { session }) => myGet(fx, '/api/get_my_form10be.php', session) }),
  ...sessionRefusals('getMyForm10be', (fx, session) => myGet(fx, `/api/get_my_form10be.php?id=${fx.unknownId}`, session)),
  contractCase('updateMyNewsletter', 200, 'the newsletter comes in Hindi from now on', {
    arrange: subscriber,
    send: (fx, { session }) => myPost(fx, '/api/update_my_newsletter.php', session, { lang: 'hi' }),
    check: async (res, fx, { email }) => {
      expect(res.body.message).toBe('Your newsletter will come in Hindi.');
      expect(await fx.t.db.models.Subscriber.findOne({ email }).lean()).toMatchObject({ lang: 'hi', state: 'subscribed' });
    },
  }),
  contractCase('updateMyNewsletter', 404, 'no subscription', {
    arrange: supporter,
    send: (fx, { session }) => myPost(fx, '/api/update_my_newsletter.php', session, { lang: 'hi' }),
    check: (res) => expect(res.body.message).toBe('You have no newsletter subscription'),
  }),
  contractCase('updateMyNewsletter', 400, 'a language the site does not have', {
    arrange: subscriber,
    send: (fx, { session }) => myPost(fx, '/api/update_my_newsletter.php', session, { lang: 'fr' }),
  }),
  contractCase('updateMyNewsletter', 400, 'no language', {
    arrange: subscriber,
    send: (fx, { session }) => myPost(fx, '/api/update_my_newsletter.php', session, {}),
    check: (res) => expect(res.body.message).toBe("Please choose the newsletter's language"),
  }),
  ...myBodyCases('updateMyNewsletter', '/api/update_my_newsletter.php', 'lang'),
];

const admin = (fx: Fixture, request: Test) => request.set('Authorization', fx.admin);

const hourWrites: Write[] = [
  {
    operationId: 'addVolunteerHours',
    status: 201,
    target: async (fx) => (await supporter(fx)).id,
    send: (fx, id, v) => postJson(fx, '/api/add_volunteer_hours.php', { volunteer_id: id, hours: 1 + v, date: '2026-04-12' }),
  },
  {
    operationId: 'updateVolunteerHours',
    status: 200,
    target: async (fx) => (await volunteerWithHours(fx)).entry,
    send: (fx, id, v) => postJson(fx, '/api/update_volunteer_hours.php', { id, hours: 3 + v }),
  },
  {
    operationId: 'deleteVolunteerHours',
    status: 200,
    target: async (fx) => (await volunteerWithHours(fx)).entry,
    send: (fx, id, v) => postJson(fx, '/api/delete_volunteer_hours.php', { id: v ? fx.unknownId : id }),
  },
  {
    operationId: 'mailCertificate',
    status: 200,
    target: async (fx) => (await volunteerWithHours(fx)).id,
    send: (fx, id, v) => postJson(fx, '/api/mail_certificate.php', { volunteer_id: id, lang: v ? 'hi' : 'en' }),
  },
  {
    operationId: 'revokeCertificate',
    status: 200,
    target: async (fx) => {
      const { session } = await volunteerWithHours(fx);
      return (await myGet(fx, '/api/get_my_certificate.php', session)).headers['x-certificate-code'] as string;
    },
    send: (fx, code, v) => postJson(fx, '/api/revoke_certificate.php', { code, reason: `Wrong person ${v}` }),
  },
];

const hourCases: ContractCase[] = [
  ...hourWrites.flatMap(casesOf),
  contractCase('listVolunteerHours', 200, "a volunteer's entries, totals and the hours by program", {
    arrange: volunteerWithHours,
    send: (fx, { id }) => admin(fx, fx.request.get(`/api/get_volunteer_hours.php?volunteer_id=${id}&from=2026-04-01&to=2026-04-30`)),
    check: (res) => {
      expect(res.body.data.entries).toEqual([expect.objectContaining({ hours: 2, program: 'education', source: 'admin' })]);
      expect(res.body.data.programs).toContainEqual(expect.objectContaining({ program: 'education' }));
    },
  }),
  contractCase('listVolunteerHours', 400, 'a range that ends before it starts', {
    send: (fx) => admin(fx, fx.request.get('/api/get_volunteer_hours.php?from=2026-05-01&to=2026-04-01')),
  }),
  contractCase('listVolunteerHours', 404, 'an unknown volunteer', {
    send: (fx) => admin(fx, fx.request.get(`/api/get_volunteer_hours.php?volunteer_id=${fx.unknownId}`)),
  }),
  contractCase('addVolunteerHours', 400, 'no hours', {
    send: (fx) => postJson(fx, '/api/add_volunteer_hours.php', { volunteer_id: fx.unknownId, date: '2026-04-12' }),
    check: (res) => expect(res.body.message).toBe('Please fill all required fields'),
  }),
  contractCase('addVolunteerHours', 400, 'hours that are not quarters of an hour', {
    send: (fx) => postJson(fx, '/api/add_volunteer_hours.php', { volunteer_id: fx.unknownId, hours: 1.1, date: '2026-04-12' }),
  }),
  contractCase('addVolunteerHours', 404, 'an unknown volunteer', {
    send: (fx) => postJson(fx, '/api/add_volunteer_hours.php', { volunteer_id: fx.unknownId, hours: 1, date: '2026-04-12' }),
  }),
  contractCase('addVolunteerHours', 413, 'a JSON body over 1 MB', {
    send: (fx) => admin(fx, fx.request.post('/api/add_volunteer_hours.php')).set('Content-Type', 'application/json').send(hugeJson('note')),
  }),
  contractCase('addVolunteerHours', 415, 'a urlencoded form', {
    send: (fx) => admin(fx, fx.request.post('/api/add_volunteer_hours.php')).type('form').send({ note: 'x' }),
  }),
  contractCase('updateVolunteerHours', 400, 'nothing to change', { send: (fx) => postJson(fx, '/api/update_volunteer_hours.php', { id: fx.unknownId }) }),
  contractCase('updateVolunteerHours', 404, 'unknown hours', { send: (fx) => postJson(fx, '/api/update_volunteer_hours.php', { id: fx.unknownId, hours: 1 }) }),
  contractCase('updateVolunteerHours', 413, 'a JSON body over 1 MB', {
    send: (fx) => admin(fx, fx.request.post('/api/update_volunteer_hours.php')).set('Content-Type', 'application/json').send(hugeJson('note')),
  }),
  contractCase('updateVolunteerHours', 415, 'a urlencoded form', {
    send: (fx) => admin(fx, fx.request.post('/api/update_volunteer_hours.php')).type('form').send({ id: 'x' }),
  }),
  contractCase('deleteVolunteerHours', 400, 'no id', { send: (fx) => postJson(fx, '/api/delete_volunteer_hours.php', {}) }),
  contractCase('deleteVolunteerHours', 404, 'unknown hours', {
    send: (fx) => postJson(fx, '/api/delete_volunteer_hours.php', { id: new Types.ObjectId().toHexString() }),
  }),
  contractCase('deleteVolunteerHours', 413, 'a JSON body over 1 MB', {
    send: (fx) => admin(fx, fx.request.post('/api/delete_volunteer_hours.php')).set('Content-Type', 'application/json').send(hugeJson('id')),
  }),
  contractCase('deleteVolunteerHours', 415, 'a urlencoded form', {
    send: (fx) => admin(fx, fx.request.post('/api/delete_volunteer_hours.php')).type('form').send({ id: 'x' }),
  }),
  contractCase('getCertificate', 200, 'the PDF in Hindi, with its code', {
    arrange: volunteerWithHours,
    send: (fx, { id }) => admin(fx, fx.request.get(`/api/get_certificate.php?volunteer_id=${id}&lang=hi`)).buffer(true),
    check: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
    changes: ['volunteer_certificates', 'audit_log'],
  }),
  contractCase('getCertificate', 400, 'no volunteer', { send: (fx) => admin(fx, fx.request.get('/api/get_certificate.php')) }),
  contractCase('getCertificate', 404, 'a volunteer without hours', {
    arrange: supporter,
    send: (fx, { id }) => admin(fx, fx.request.get(`/api/get_certificate.php?volunteer_id=${id}`)),
  }),
  contractCase('mailCertificate', 400, 'no volunteer', { send: (fx) => postJson(fx, '/api/mail_certificate.php', {}) }),
  contractCase('mailCertificate', 404, 'an unknown volunteer', { send: (fx) => postJson(fx, '/api/mail_certificate.php', { volunteer_id: fx.unknownId }) }),
  contractCase('mailCertificate', 413, 'a JSON body over 1 MB', {
    send: (fx) => admin(fx, fx.request.post('/api/mail_certificate.php')).set('Content-Type', 'application/json').send(hugeJson('volunteer_id')),
  }),
  contractCase('mailCertificate', 415, 'a urlencoded form', {
    send: (fx) => admin(fx, fx.request.post('/api/mail_certificate.php')).type('form').send({ volunteer_id: 'x' }),
  }),
  contractCase('listCertificates', 200, "a volunteer's certificates", {
    arrange: volunteerWithHours,
    send: (fx, { id }) => admin(fx, fx.request.get(`/api/get_certificates.php?volunteer_id=${id}`)),
    check: (res) => expect(res.body.data).toEqual([]),
  }),
  contractCase('listCertificates', 400, 'no volunteer', { send: (fx) => admin(fx, fx.request.get('/api/get_certificates.php')) }),
  contractCase('listCertificates', 404, 'an unknown volunteer', {
    send: (fx) => admin(fx, fx.request.get(`/api/get_certificates.php?volunteer_id=${fx.unknownId}`)),
  }),
  contractCase('revokeCertificate', 400, 'no reason', { send: (fx) => postJson(fx, '/api/revoke_certificate.php', { code: '0000-0000-0000' }) }),
  contractCase('revokeCertificate', 404, 'an unknown code', {
    send: (fx) => postJson(fx, '/api/revoke_certificate.php', { code: '0000-0000-0000', reason: 'x' }),
  }),
  contractCase('revokeCertificate', 409, 'revoked already', {
    arrange: async (fx) => {
      const { session } = await volunteerWithHours(fx);
      const code = (await myGet(fx, '/api/get_my_certificate.php', session)).headers['x-certificate-code'] as string;
      await postJson(fx, '/api/revoke_certificate.php', { code, reason: 'First' }).expect(200);
      return code;
    },
    send: (fx, code) => postJson(fx, '/api/revoke_certificate.php', { code, reason: 'Again' }),
    check: (res) => expect(res.body.message).toBe('This certificate was revoked already'),
  }),
  contractCase('revokeCertificate', 413, 'a JSON body over 1 MB', {
    send: (fx) => admin(fx, fx.request.post('/api/revoke_certificate.php')).set('Content-Type', 'application/json').send(hugeJson('reason')),
  }),
  contractCase('revokeCertificate', 415, 'a urlencoded form', {
    send: (fx) => admin(fx, fx.request.post('/api/revoke_certificate.php')).type('form').send({ code: 'x' }),
  }),
  contractCase('verifyCertificate', 200, 'the name, hours, period and organisation only', {
    arrange: async (fx) => {
      const { session } = await volunteerWithHours(fx);
      return (await myGet(fx, '/api/get_my_certificate.php', session)).headers['x-certificate-code'] as string;
    },
    send: (fx, code) => fx.request.get(`/api/verify_certificate.php?code=${code}`),
    check: (res) =>
      expect(Object.keys(res.body.data).sort()).toEqual(['code', 'hours', 'name', 'organisation', 'period_from', 'period_to', 'revoked_on', 'status']),
  }),
  contractCase('verifyCertificate', 400, 'not a code', { send: (fx) => fx.request.get('/api/verify_certificate.php?code=nope') }),
  contractCase('verifyCertificate', 404, 'a code no certificate has', { send: (fx) => fx.request.get('/api/verify_certificate.php?code=0000-0000-0000') }),
];

export const supporterCases = defineCases('supporters', [...linkCases, ...pageCases, ...newsletterAndForm10beCases, ...hourCases]);
