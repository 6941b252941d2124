// A supporter's own page, read from the mails a real SMTP server received: the link (once, 30
// minutes, the same answer for an unknown address), the session (that address only, an hour, never
// an admin's), what the page shows and corrects, and "Erase me", which leaves no trace of the person
// in any collection but the donation records the law keeps.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec } from '../../../test/app.js';
import { addEvent, signUp } from '../../../test/events.js';
import { makePledge } from '../../../test/pledges.js';
import { form10bePdf } from '../../../test/form10be.js';
import { eventually, mailsTo, startMailTestApp, type CaughtMail, type MailTestApp } from '../../../test/mail.js';

let m: MailTestApp;
beforeAll(async () => {
  m = await startMailTestApp({ env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://ngo.example', FORM_MAX_SENDS: '50' } });
});
afterAll(() => m?.stop());

let clientNumber = 10;
const fromNewClient = () => `198.51.100.${clientNumber++}`;
const admin = () => `Bearer ${m.t.adminToken()}`;
const askLink = (email: string, lang?: 'hi') =>
  m.t.request
    .post(`/api/request_my_link.php${lang ? '?lang=hi' : ''}`)
    .set('X-Forwarded-For', fromNewClient())
    .send({ email, elapsed_ms: 5000 });
const open = (token: string) => m.t.request.post('/api/open_my_session.php').send({ token });
const my = (session: string) => ({
  get: (path: string) => m.t.request.get(path).set('X-My-Session', session),
  post: (path: string, body: object = {}) => m.t.request.post(path).set('X-My-Session', session).send(body),
});

function linkIn(mail: CaughtMail) {
  const match = /(https:\/\/ngo\.example(?:\/hi)?\/my)#token=([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  expect(mail.html).toContain(`href="${match[0]}"`);
  return { page: match[1]!, token: match[2]! };
}

async function register(fields: Record<string, string>) {
  await m.t.request
    .post('/api/volunteer_save.php')
    .send({ mobile: '9123409876', address: 'Lalpur, Ranchi', ...fields })
    .expect(201);
  return (await m.t.db.models.Volunteer.findOne({ email: fields.email }).lean())!;
}

const linkMailsTo = (email: string) => mailsTo(m.catcher, email).filter((mail) => /Your page|आपका पेज/.test(mail.subject));

/** The newest link mailed to `email` after asking for one. */
async function newLink(email: string, lang?: 'hi') {
  const before = linkMailsTo(email).length;
  await askLink(email, lang).expect(200);
  await eventually(async () => linkMailsTo(email).length > before, 15_000, `a link mail to ${email}`);
  return linkIn(linkMailsTo(email).at(-1)!);
}

async function sessionFor(email: string) {
  const res = await open((await newLink(email)).token).expect(200);
  return res.body.session as string;
}

describe('the link to one’s page', () => {
  it('is mailed once to a known address, in the page’s language, and the same answer goes to an unknown one with no mail', async () => {
    await register({ name: 'Asha Kumari', email: 'Asha@Example.org' });
    const known = await askLink(' asha@example.ORG ', 'hi');
    const unknown = await askLink('nobody@example.org');
    for (const res of [known, unknown]) {
      expect(res.status).toBe(200);
      expectMatchesSpec(res, 'requestMyLink');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(unknown.body).toEqual(known.body);
    await eventually(async () => linkMailsTo('asha@example.org').length === 1);
    const mail = linkMailsTo('asha@example.org')[0]!;
    expect(mail.subject).toBe('Jharkhand NGO पर आपका पेज');
    const { page, token } = linkIn(mail);
    expect(page).toBe('https://ngo.example/hi/my');
    await eventually(async () => (await m.t.db.models.OutboxMail.countDocuments({ kind: 'my-link', state: 'sent' })) === 1);
    expect(await m.t.db.models.OutboxMail.countDocuments({ to: 'nobody@example.org' })).toBe(0);
    // Only the hash of the token is kept, and the sent mail keeps no copy of the link.
    expect(JSON.stringify(await m.t.db.models.MyLink.find().lean())).not.toContain(token);
    const sent = (await m.t.db.models.OutboxMail.findOne({ kind: 'my-link' }).lean())!;
    expect(sent.text + sent.html).toBe('');

    const first = await open(token);
    expect(first.status).toBe(200);
    expectMatchesSpec(first, 'openMySession');
    expect(first.body.email).toBe('asha@example.org');
    const minutes = (Date.parse(first.body.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    const second = await open(token);
    expect(second.status).toBe(404);
    expect(second.body.message).toMatch(/expired or was already used/);
  });

  it('no longer works after 30 minutes', async () => {
    await register({ name: 'Late Comer', email: 'late@example.org' });
    const { token } = await newLink('late@example.org');
    await m.t.db.models.MyLink.updateMany({ email: 'late@example.org' }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await open(token)).status).toBe(404);
  });

  it('is limited per e-mail address, so no inbox is flooded from many addresses', async () => {
    for (let request = 0; request < 5; request++) expect((await askLink('flooded@example.org')).status).toBe(200);
    const blocked = await askLink('flooded@example.org');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the session', () => {
  it('opens that address’s operations only, never an admin’s, and an admin’s token opens none of them', async () => {
    await register({ name: 'Ravi Oraon', email: 'ravi@example.org' });
    const session = await sessionFor('ravi@example.org');
    expect((await my(session).get('/api/get_my_data.php')).status).toBe(200);
    const asAdmin = await m.t.request.get('/api/get_volunteers.php').set('Authorization', `Bearer ${session}`);
    expect(asAdmin.status).toBe(401);
    const hours = await m.t.request.get('/api/get_volunteer_hours.php').set('X-My-Session', session);
    expect(hours.status).toBe(401);
    const adminAsMine = await m.t.request.get('/api/get_my_data.php').set('X-My-Session', m.t.adminToken());
    expect(adminAsMine.status).toBe(401);
    const adminBearer = await m.t.request.get('/api/get_my_data.php').set('Authorization', admin());
    expect(adminBearer.status).toBe(401);
    expectMatchesSpec(adminBearer, 'getMyData');
  });

  it('ends with "sign out" and after an hour', async () => {
    await register({ name: 'Sunita Tirkey', email: 'sunita@example.org' });
    const session = await sessionFor('sunita@example.org');
    expect((await my(session).post('/api/end_my_session.php')).status).toBe(200);
    expect((await my(session).get('/api/get_my_data.php')).status).toBe(401);
    const later = await sessionFor('sunita@example.org');
    await m.t.db.models.MySession.updateMany({ email: 'sunita@example.org' }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await my(later).get('/api/get_my_data.php');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Your session has ended. Ask for a new link to open your page.');
  });
});

describe('the page', () => {
  it('lists the registration and donations, corrects the mobile as the admin sees it, and withdraws', async () => {
    const volunteer = await register({ name: 'Kiran Lakra', email: 'kiran@example.org' });
    await register({ name: 'Someone Else', email: 'else@example.org' });
    await m.t.request
      .post('/api/donation_save.php')
      .send({ name: 'Kiran Lakra', email: 'KIRAN@example.org', amount: 1500, reference: '412345678901', elapsed_ms: 5000 })
      .expect(201);
    const session = await sessionFor('kiran@example.org');
    const data = await my(session).get('/api/get_my_data.php');
    expectMatchesSpec(data, 'getMyData');
    expect(data.body.data.registrations).toEqual([expect.objectContaining({ id: volunteer._id.toHexString(), name: 'Kiran Lakra', withdrawn_at: null })]);
    expect(data.body.data.donations).toEqual([expect.objectContaining({ amount: 1500, status: 'pending', receipts: [] })]);
    expect(data.body.data.kept_by_law).toEqual([expect.objectContaining({ what: 'donations', count: 1 })]);

    const other = (await m.t.db.models.Volunteer.findOne({ email: 'else@example.org' }).lean())!;
    expect((await my(session).post('/api/update_my_registration.php', { id: other._id.toHexString(), mobile: '9000000000' })).status).toBe(404);
    const corrected = await my(session).post('/api/update_my_registration.php', { id: volunteer._id.toHexString(), mobile: '+91 90000 11111' });
    expect(corrected.status).toBe(200);
    expectMatchesSpec(corrected, 'updateMyRegistration');
    const list = await m.t.request.get('/api/get_volunteers.php?q=kiran').set('Authorization', admin());
    expect(list.body.data[0].mobile).toBe('+91 90000 11111');

    expect((await my(session).post('/api/withdraw_my_registration.php', { id: volunteer._id.toHexString() })).status).toBe(200);
    const after = await my(session).get('/api/get_my_data.php');
    expect(after.body.data.registrations[0].withdrawn_at).not.toBeNull();
  });

  it('names a nominee, withdraws a consent and raises a grievance with its 90-day deadline', async () => {
    await register({ name: 'Meena Devi', email: 'meena@example.org' });
    const session = await sessionFor('meena@example.org');
    expect((await my(session).post('/api/delete_my_nominee.php')).status).toBe(404);
    expect((await my(session).post('/api/save_my_nominee.php', { name: 'Anil Devi', email: 'Anil@Example.org' })).status).toBe(200);
    expect((await my(session).post('/api/withdraw_my_consent.php', { purpose: 'contact' })).status).toBe(200);
    const raised = await my(session).post('/api/raise_my_grievance.php', { message: 'Please stop calling me on Sundays.' });
    expect(raised.status).toBe(201);
    expectMatchesSpec(raised, 'raiseMyGrievance');
    const days = (Date.parse(raised.body.due_on) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(91);
    const data = (await my(session).get('/api/get_my_data.php')).body.data;
    expect(data.nominee).toMatchObject({ name: 'Anil Devi', email: 'anil@example.org' });
    expect(data.consents).toEqual([expect.objectContaining({ purpose: 'contact', withdrawn_at: expect.any(String) })]);
    expect(data.grievances).toEqual([expect.objectContaining({ message: 'Please stop calling me on Sundays.', status: 'open' })]);
    // In the inbox of requests about personal data, as the admin's list reads it.
    const stored = await m.t.db.connection.db!.collection('data_requests').findOne({ email: 'meena@example.org' });
    expect(stored).toMatchObject({ kind: 'grievance', source: 'supporter', status: 'open', dueOn: raised.body.due_on });
  });
});

describe('the sign-ups, subscription and pledges', () => {
  it('lists them for an address known by them alone, with the links their mails carry, and each link does what it says', async () => {
    const email = 'dhan@example.org';
    const event = await addEvent(m.t, { title: 'Tree planting', title_hi: 'वृक्षारोपण', seats_limit: 2 });
    const signedUp = await signUp(m.t.request, event, { name: 'Dhan Singh', email: ' Dhan@Example.org', seats: 2 }, 'hi').set(
      'X-Forwarded-For',
      fromNewClient(),
    );
    expect(signedUp.status, signedUp.text).toBe(201);
    await m.t.request
      .post('/api/subscribe.php?lang=hi')
      .set('X-Forwarded-For', fromNewClient())
      .send({ email: 'DHAN@example.org', language: 'hi', website: '', elapsed_ms: 5000 })
      .expect(202);
    const confirmation = await m.catcher.waitFor((mail) => mail.to.includes(email) && /\/newsletter\/confirm\?token=/.test(mail.text));
    const confirmToken = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(confirmation.text)![1];
    await m.t.request.post('/api/confirm_subscription.php').send({ token: confirmToken }).expect(200);
    await makePledge(m.t.request, { name: 'Dhan Singh', email: 'Dhan@example.org', amount: 500, day: 7 });

    const session = await sessionFor(email);
    const res = await my(session).get('/api/get_my_data.php');
    expectMatchesSpec(res, 'getMyData');
    const data = res.body.data;
    expect(data.signups).toEqual([expect.objectContaining({ event_id: event, title: 'Tree planting', title_hi: 'वृक्षारोपण', status: 'confirmed', seats: 2 })]);
    const [signup] = data.signups;
    // The very link of the sign-up's mail, in its language.
    const signupMail = await m.catcher.waitFor((mail) => mail.to.includes(email) && mail.text.includes('/events?cancel='));
    expect(signup.cancel_url).toMatch(/^https:\/\/ngo\.example\/hi\/events\?cancel=[0-9a-f]{24}\.[\w-]+#cancel-form$/);
    expect(signupMail.text).toContain(signup.cancel_url);
    expect(signup.ics_url).toBe(`https://ngo.example/api/get_event_ics.php?id=${event}&lang=hi`);
    const ics = await m.t.request.get(new URL(signup.ics_url).pathname + new URL(signup.ics_url).search);
    expect(ics.status).toBe(200);
    expect(ics.text).toContain('वृक्षारोपण');

    expect(data.newsletter).toEqual([expect.objectContaining({ state: 'subscribed', lang: 'hi', subscribed_at: expect.any(String) })]);
    expect(new URL(data.newsletter[0].unsubscribe_url).pathname).toBe('/hi/newsletter/unsubscribe');
    // The language is the person's to choose here; the newsletter's links follow it.
    const switched = await my(session).post('/api/update_my_newsletter.php', { lang: 'en' });
    expectMatchesSpec(switched, 'updateMyNewsletter');
    expect(switched.body.message).toBe('Your newsletter will come in English.');
    const [english] = (await my(session).get('/api/get_my_data.php')).body.data.newsletter;
    expect(english).toMatchObject({ state: 'subscribed', lang: 'en' });
    expect((await m.t.db.models.Subscriber.findOne({ email }).lean())!.lang).toBe('en');
    const unsubscribe = new URL(english.unsubscribe_url);
    expect(unsubscribe.origin + unsubscribe.pathname).toBe('https://ngo.example/newsletter/unsubscribe');

    expect(data.pledges).toEqual([expect.objectContaining({ amount: 500, day: 7, status: 'active' })]);
    const stop = new URL(data.pledges[0].stop_url);
    expect(stop.origin + stop.pathname).toBe('https://ngo.example/api/stop_pledge.php');

    // Each link does what the mails' links do: the cancel page's token cancels the sign-up, the
    // unsubscribe page's token unsubscribes, the stop link stops the pledge.
    const cancelToken = new URL(signup.cancel_url).searchParams.get('cancel');
    const cancelled = await m.t.request.post('/api/cancel_rsvp.php').set('X-Forwarded-For', fromNewClient()).send({ token: cancelToken, elapsed_ms: 5000 });
    expect(cancelled.status, cancelled.text).toBe(200);
    await m.t.request
      .post('/api/unsubscribe.php')
      .type('form')
      .send({ token: unsubscribe.searchParams.get('token') })
      .expect(200);
    await m.t.request
      .get(stop.pathname + stop.search)
      .set('Accept', 'application/json')
      .expect(200);

    const after = (await my(session).get('/api/get_my_data.php')).body.data;
    expect(after.signups).toEqual([expect.objectContaining({ status: 'cancelled', cancel_url: null })]);
    expect(after.newsletter).toEqual([expect.objectContaining({ state: 'unsubscribed', unsubscribe_url: null })]);
    expect(after.pledges).toEqual([expect.objectContaining({ status: 'stopped', stop_url: null })]);
  });

  it('gives no cancel link for an event that has started', async () => {
    const event = await addEvent(m.t, { title: 'Eye camp' });
    await signUp(m.t.request, event, { name: 'Past Person', email: 'past@example.org' }).set('X-Forwarded-For', fromNewClient()).expect(201);
    await m.t.db.models.Event.updateOne({ _id: event }, { $set: { starts_at: new Date(Date.now() - 3_600_000) } });
    const session = await sessionFor('past@example.org');
    const data = (await my(session).get('/api/get_my_data.php')).body.data;
    expect(data.signups).toEqual([expect.objectContaining({ title: 'Eye camp', status: 'confirmed', cancel_url: null })]);
    expect(data.newsletter).toEqual([]);
    expect(data.pledges).toEqual([]);
  });
});

/** Every document of every collection, as Extended JSON lines. */
async function everyDocument(): Promise<{ collection: string; text: string }[]> {
  const db = m.t.db.connection.db!;
  const found = [];
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    for (const document of await db.collection(name).find({}).toArray()) found.push({ collection: name, text: mongoose.mongo.BSON.EJSON.stringify(document) });
  }
  return found;
}

describe('Erase me', () => {
  it('leaves the person in no collection but the donation records the law keeps, and says which', async () => {
    const email = 'birsa@erased.example';
    const traces = [/birsa@erased\.example/i, /9123409999/, /Murhu/, /Santali/, /Birsa Munda/, /Nominee Person/];
    const volunteer = await register({ name: 'Birsa Munda', email, mobile: '9123409999', address: 'Village Murhu, Khunti', about: 'Santali songs' });
    await m.t.request
      .post('/api/contact.php')
      .send({ name: 'Birsa Munda', email, subject: 'General Inquiry', message: 'Santali songs for the school?', elapsed_ms: 5000 });
    await m.t.request
      .post('/api/donation_save.php')
      .send({ name: 'Birsa Munda', email, pan: 'BIRPM1875B', amount: 500, reference: '498765432101', elapsed_ms: 5000, address: 'Village Murhu, Khunti' })
      .expect(201);
    // Confirmed (an 80G receipt), reported in Form 10BD, and its Form 10BE certificate imported and mailed.
    await m.t.request.post('/api/update_settings.php').set('Authorization', admin()).send({ pan: 'AAATJ4321K' }).expect(200);
    await m.t.request
      .post('/api/update_donation.php')
      .set('Authorization', admin())
      .send({ id: (await m.t.db.models.Donation.findOne({ email }).lean())!._id.toHexString(), status: 'received', received_on: '2025-08-15' })
      .expect(200);
    await m.t.request
      .post('/api/import_form10be.php')
      .set('Authorization', admin())
      .attach('files', await form10bePdf({ donorName: 'Birsa Munda', pan: 'BIRPM1875B', fy: '2025-26' }), {
        filename: '10BE.pdf',
        contentType: 'application/pdf',
      })
      .expect(200);
    await m.t.request
      .post('/api/add_volunteer_hours.php')
      .set('Authorization', admin())
      .send({ volunteer_id: volunteer._id.toHexString(), hours: 2, date: '2026-04-12', note: 'Santali songs' })
      .expect(201);
    await makePledge(m.t.request, { name: 'Birsa Munda', email, mobile: '9123409999', address: 'Village Murhu, Khunti' });
    await m.t.request
      .post('/api/subscribe.php')
      .set('X-Forwarded-For', fromNewClient())
      .send({ email, name: 'Birsa Munda', website: '', elapsed_ms: 5000 })
      .expect(202);
    const session = await sessionFor(email);
    await my(session).post('/api/save_my_nominee.php', { name: 'Nominee Person', email: 'nominee@example.org' }).expect(200);
    await my(session).post('/api/raise_my_grievance.php', { message: 'About my Santali songs' }).expect(201);
    await my(session).get('/api/get_my_certificate.php').expect(200);
    const before = (await my(session).get('/api/get_my_data.php')).body.data;
    expect(before.form10be).toEqual([expect.objectContaining({ fy: '2025-26' })]);
    const form10be = await my(session).get(`/api/get_my_form10be.php?id=${before.form10be[0].id}`).buffer(true);
    expect(form10be.status).toBe(200);
    expectMatchesSpec(form10be, 'getMyForm10be');
    expect(
      Buffer.from(form10be.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await eventually(async () => (await m.t.db.models.OutboxMail.countDocuments({ state: { $in: ['queued', 'sending'] } })) === 0, 20_000, 'the mails');

    const erased = await my(session).post('/api/erase_me.php', { confirm: true });
    expect(erased.status, erased.text).toBe(200);
    expectMatchesSpec(erased, 'eraseMe');
    expect(erased.body.kept_by_law).toEqual([
      expect.objectContaining({ what: 'donations', count: 1, why: expect.stringMatching(/Income-tax Act/) }),
      expect.objectContaining({ what: 'receipts', count: 1 }),
      expect.objectContaining({ what: 'form10be', count: 1, why: expect.stringMatching(/Form 10BD/) }),
    ]);
    // The donation records the law keeps, and nothing else: not even the mails that carried them.
    const left = (await everyDocument()).filter(({ text }) => traces.some((trace) => trace.test(text)));
    expect(new Set(left.map(({ collection }) => collection)), left.map(({ collection, text }) => `${collection}: ${text.slice(0, 200)}`).join('\n')).toEqual(
      new Set(['donations', 'receipts', 'form10be_certificates']),
    );
    // The session ended with the rest.
    expect((await my(session).get('/api/get_my_data.php')).status).toBe(401);
    expect(mailsTo(m.catcher, email).length).toBeGreaterThan(0);
  });
});
