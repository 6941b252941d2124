// Forgotten passwords and invitations, read from the mails a real SMTP server received: the
// link's page and lifetime, that it works once, that it ends the account's sessions, that an
// unknown address gets the same answer, and its limits (the anonymous forms', the login's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec } from '../../../test/app.js';
import { eventually, startMailTestApp, type CaughtMail, type MailTestApp } from '../../../test/mail.js';

let m: MailTestApp;
beforeAll(async () => {
  m = await startMailTestApp({ env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://ngo.example', FORM_MAX_SENDS: '5' } });
});
afterAll(() => m?.stop());

let clientNumber = 10;
/** A request from a client address of its own, so the per-address limit only meets the test that wants it. */
const fromNewClient = () => `198.51.100.${clientNumber++}`;
const forgot = (email: string, ip = fromNewClient()) => m.t.request.post('/api/request_password_reset.php').set('X-Forwarded-For', ip).send({ email });
const check = (token: string) => m.t.request.post('/api/check_password_link.php').send({ token });
const reset = (token: string, password: string) => m.t.request.post('/api/reset_password.php').send({ token, new_password: password });
const login = (email: string, password: string) => m.t.request.post('/api/login.php').set('X-Forwarded-For', fromNewClient()).send({ email, password });

/** The link of a mail: the page, and the token in its fragment. */
function linkIn(mail: CaughtMail) {
  const match = /(https:\/\/ngo\.example\/login\/[a-z-]+)#token=([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  expect(mail.html).toContain(`href="${match[0]}"`);
  return { page: match[1]!, token: match[2]! };
}

async function newAccount(email: string, password = 'a first password here') {
  await m.t.request
    .post('/api/add_user.php')
    .set('Authorization', `Bearer ${m.t.adminToken()}`)
    .send({ name: 'Meena Devi', email, role: 'editor', password })
    .expect(200);
  return { email, password };
}

const resetMailsTo = (email: string) => m.catcher.mails.filter((mail) => mail.to.includes(email) && mail.subject === 'Set a new password');

describe('forgot password', () => {
  it('mails a link to set a new password, valid 30 minutes, and answers the same for an unknown address', async () => {
    const account = await newAccount('meena@example.org');
    const known = await forgot('  Meena@Example.org ');
    const unknown = await forgot('nobody@example.org');
    for (const res of [known, unknown]) {
      expect(res.status).toBe(200);
      expectMatchesSpec(res, 'requestPasswordReset');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(unknown.body).toEqual(known.body);

    const mail = await m.catcher.waitFor((caught) => caught.to.includes(account.email));
    expect(mail.subject).toBe('Set a new password');
    expect(mail.text).toContain('Hello Meena Devi,');
    const { page, token } = linkIn(mail);
    expect(page).toBe('https://ngo.example/login/new-password');
    expect(await m.t.db.models.OutboxMail.countDocuments({ to: 'nobody@example.org' })).toBe(0);

    const checked = await check(token);
    expect(checked.status).toBe(200);
    expectMatchesSpec(checked, 'checkPasswordLink');
    expect(checked.body.data).toMatchObject({ purpose: 'reset', email: account.email, name: 'Meena Devi' });
    const minutesLeft = (Date.parse(checked.body.data.expires_at) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);
    // Once sent, the outbox keeps no copy of the link.
    const sent = await eventually(
      async () => (await m.t.db.models.OutboxMail.findOne({ to: account.email, kind: 'password-reset', state: 'sent' }).lean()) ?? undefined,
    );
    expect(sent.text + sent.html).toBe('');
  });

  it('sets the password under the rules of change_password.php, once, and ends the other sessions', async () => {
    const account = await newAccount('ravi@example.org');
    const session = await login(account.email, account.password);
    await forgot(account.email);
    const { token } = linkIn(await m.catcher.waitFor((mail) => mail.to.includes(account.email)));

    const short = await reset(token, 'too short');
    expect(short.status).toBe(400);
    const isEmail = await reset(token, account.email.toUpperCase() + '  ');
    expect(isEmail.status).toBe(400);
    expect(isEmail.body.errors).toEqual([expect.objectContaining({ field: 'new_password' })]);

    const done = await reset(token, 'a brand new password');
    expect(done.status).toBe(200);
    expectMatchesSpec(done, 'resetPassword');
    expect(done.body.message).toBe('Your password is set. You can log in with it now.');
    expect((await login(account.email, 'a brand new password')).status).toBe(200);
    expect((await login(account.email, account.password)).status).toBe(401);
    const oldSession = await m.t.request.get('/api/get_stats.php').set('Authorization', `Bearer ${session.body.token}`);
    expect(oldSession.status).toBe(401);

    const again = await reset(token, 'yet another password');
    expect(again.status).toBe(404);
    expectMatchesSpec(again, 'resetPassword');
    expect(again.body.message).toMatch(/expired or was already used/);
    expect((await check(token)).status).toBe(404);
  });

  it('works once when two requests use one link at the same moment, and using one link ends the others', async () => {
    const account = await newAccount('sunita@example.org');
    await forgot(account.email);
    await m.catcher.waitFor((mail) => resetMailsTo(account.email).length === 1 && mail.to.includes(account.email));
    await forgot(account.email);
    await eventually(async () => resetMailsTo(account.email).length === 2);
    const [older, newer] = resetMailsTo(account.email).map((mail) => linkIn(mail).token);
    const both = await Promise.all([reset(newer!, 'the first racer wins'), reset(newer!, 'the second racer wins')]);
    expect(both.map((res) => res.status).sort()).toEqual([200, 404]);
    expect((await reset(older!, 'an older link here')).status).toBe(404);
  });

  it('no longer works after 30 minutes', async () => {
    const account = await newAccount('late@example.org');
    await forgot(account.email);
    const { token } = linkIn(await m.catcher.waitFor((mail) => mail.to.includes(account.email)));
    const user = (await m.t.db.models.AdminUser.findOne({ email: account.email }).lean())!;
    // As if the half hour were over.
    await m.t.db.models.PasswordLink.updateMany({ user: user._id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await check(token)).status).toBe(404);
    expect((await reset(token, 'a password too late')).status).toBe(404);
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it('is limited per client address as every anonymous form is, and per e-mail address as the login is', async () => {
    const ip = fromNewClient();
    for (let request = 0; request < 5; request++) expect((await forgot(`probe${request}@example.org`, ip)).status).toBe(200);
    const blocked = await forgot('probe-more@example.org', ip);
    expect(blocked.status).toBe(429);
    expectMatchesSpec(blocked, 'requestPasswordReset');
    expect(blocked.body.message).toMatch(/^Too many forms sent from your connection/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // One inbox cannot be flooded from many addresses either.
    for (let request = 0; request < 5; request++) expect((await forgot('flooded@example.org')).status).toBe(200);
    expect((await forgot('flooded@example.org')).status).toBe(429);
  });
});

describe('an invitation', () => {
  const admin = () => `Bearer ${m.t.adminToken()}`;
  const invite = (email: string, name = 'Kiran Lakra') =>
    m.t.request.post('/api/invite_user.php').set('Authorization', admin()).send({ name, email, role: 'editor' });

  it('makes an account that cannot log in until its person chooses a password from the mailed link, valid 7 days', async () => {
    const res = await invite('kiran@example.org');
    expect(res.status).toBe(200);
    expectMatchesSpec(res, 'inviteUser');
    expect(res.body.message).toBe('Invitation sent to kiran@example.org');
    expect(res.body.data).toMatchObject({ email: 'kiran@example.org', role: 'editor', invited: true });

    const mail = await m.catcher.waitFor((caught) => caught.to.includes('kiran@example.org'));
    expect(mail.subject).toBe('You are invited to the admin area of Jharkhand NGO');
    const { page, token } = linkIn(mail);
    expect(page).toBe('https://ngo.example/login/new-password');
    const checked = await check(token);
    expect(checked.body.data).toMatchObject({ purpose: 'invitation', email: 'kiran@example.org', name: 'Kiran Lakra' });
    const daysLeft = (Date.parse(checked.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(6.99);
    expect(daysLeft).toBeLessThanOrEqual(7);

    expect((await reset(token, 'my own password 123')).status).toBe(200);
    expect((await login('kiran@example.org', 'my own password 123')).status).toBe(200);
    expect((await reset(token, 'my own password 456')).status).toBe(404);
    const users = await m.t.request.get('/api/get_users.php').set('Authorization', admin());
    expect(users.body.data.find((user: { email: string }) => user.email === 'kiran@example.org').invited).toBe(false);
  });

  it('sent again while open replaces the earlier link; an address in use is refused', async () => {
    await invite('anil@example.org').expect(200);
    await invite('anil@example.org', 'Anil Toppo').expect(200);
    await eventually(async () => m.catcher.mails.filter((mail) => mail.to.includes('anil@example.org')).length === 2);
    const [first, second] = m.catcher.mails.filter((mail) => mail.to.includes('anil@example.org')).map((mail) => linkIn(mail).token);
    expect((await check(first!)).status).toBe(404);
    expect((await check(second!)).body.data.name).toBe('Anil Toppo');
    expect((await reset(second!, 'anil chose this one')).status).toBe(200);

    const taken = await invite('anil@example.org');
    expect(taken.status).toBe(409);
    expectMatchesSpec(taken, 'inviteUser');
    expect(taken.body.message).toBe('An account with this e-mail address already exists');
  });

  it('no longer works after 7 days', async () => {
    await invite('slow@example.org').expect(200);
    const { token } = linkIn(await m.catcher.waitFor((mail) => mail.to.includes('slow@example.org')));
    await m.t.db.models.PasswordLink.updateMany({ purpose: 'invitation' }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await reset(token, 'too late for this one')).status).toBe(404);
    expect((await login('slow@example.org', 'too late for this one')).status).toBe(401);
  });
});
