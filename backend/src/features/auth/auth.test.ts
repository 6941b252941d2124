import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../../test/app.js';
import { createApp, requestListener } from '../../app.js';
import { checkCredentials, createAdmin, ensureFirstAdmin } from './service.js';

const adminOnly = '/api/get_volunteers.php';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_ATTEMPTS: '3', JWT_TTL: '2h', TRUSTED_PROXIES: '127.0.0.1', LOGIN_LOCK_SECONDS: '2' } });
});
afterAll(() => t?.stop());

const login = (email: string, password: string, ip = '203.0.113.1') => t.request.post('/api/login.php').set('X-Forwarded-For', ip).send({ email, password });

describe('logging in', () => {
  it('gives an admin token that opens admin operations', async () => {
    const res = await login(` ${t.admin.email.toUpperCase()} `, t.admin.password);
    expect(res.status).toBe(200);
    expectMatchesSpec(res, 'login');
    expect(res.body).toMatchObject({ success: true, role: 'admin', message: 'Login successful', expires_in: 7200 });
    const stats = await t.request.get('/api/get_stats.php').set('Authorization', `Bearer ${res.body.token}`);
    expect(stats.status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const wrongPassword = await login(t.admin.email, 'not the password', '203.0.113.2');
    const unknownEmail = await login('nobody@example.org', 'whatever', '203.0.113.2');
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Invalid email or password' });
      expectMatchesSpec(res, 'login');
    }
  });

  it('does not trim passwords', async () => {
    const res = await login(t.admin.email, ` ${t.admin.password} `, '203.0.113.3');
    expect(res.status).toBe(401);
  });

  it('asks for both fields with the form’s sentence', async () => {
    const res = await t.request.post('/api/login.php').send({ email: 'a@b.c', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fill in all fields');
    expectMatchesSpec(res, 'login');
  });

  it('refuses operator objects instead of querying with them', async () => {
    const res = await t.request.post('/api/login.php').send({ email: { $gt: '' }, password: { $gt: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual(['email', 'password']);
  });

  it('limits failed attempts per address and e-mail with 429 and Retry-After', async () => {
    const ip = '198.51.100.7';
    for (let attempt = 0; attempt < 3; attempt++) expect((await login(t.admin.email, 'wrong', ip)).status).toBe(401);
    const blocked = await login(t.admin.email, t.admin.password, ip);
    expect(blocked.status).toBe(429);
    expectMatchesSpec(blocked, 'login');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/^Too many login attempts/);
    // Another address is not blocked by this one's failures.
    expect((await login(t.admin.email, t.admin.password, '198.51.100.8')).status).toBe(200);
  });

  it('counts attempts in the database, so a second backend instance sees them', async () => {
    const ip = '198.51.100.9';
    const otherInstance = supertest(requestListener(createApp(t.config, { db: t.db })));
    for (let attempt = 0; attempt < 3; attempt++) expect((await login(t.admin.email, 'wrong', ip)).status).toBe(401);
    const res = await otherInstance.post('/api/login.php').set('X-Forwarded-For', ip).send({ email: t.admin.email, password: t.admin.password });
    expect(res.status).toBe(429);
  });
});

describe('a spray of passwords at one account from many addresses', () => {
  const email = 'sprayed@example.test';
  const password = 'the right password';
  const spray = async (from: number, tries: number, account = email, request = t.request) => {
    const statuses = [];
    for (let n = from; n < from + tries; n++) {
      statuses.push(
        (
          await request
            .post('/api/login.php')
            .set('X-Forwarded-For', `192.0.2.${n}`)
            .send({ email: account, password: `guess ${n}` })
        ).status,
      );
    }
    return statuses;
  };

  it('locks the account before its 20th try, even against the right password, and says so', async () => {
    // An instance whose locks last a minute (this app's last 2 s): thirty refusals in a row take
    // longer than 2 s on a loaded machine.
    const minuteLocks = supertest(requestListener(createApp({ ...t.config, loginLockSeconds: 60 }, { db: t.db })));
    const account = 'sprayed-for-long@example.test';
    await createAdmin(t.db.models.AdminUser, account, password);
    const statuses = await spray(1, 40, account, minuteLocks);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(30).fill(429));
    const locked = await minuteLocks.post('/api/login.php').set('X-Forwarded-For', '198.51.100.50').send({ email: account, password });
    expect(locked.status).toBe(429);
    expectMatchesSpec(locked, 'login');
    expect(locked.body.message).toBe(
      'This account is locked after too many failed logins. Please try again in 1 minute; until then even the correct password is refused',
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another account is not locked by this one's spray.
    expect((await login(t.admin.email, t.admin.password, '192.0.2.1')).status).toBe(200);
  });

  it('ends by itself, locks twice as long after the next spray, and a correct login forgets it', async () => {
    await createAdmin(t.db.models.AdminUser, email, password);
    expect(await spray(1, 11)).toEqual([...Array(10).fill(401), 429]);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await login(email, password, '198.51.100.51')).status).toBe(200);
    // Forgotten: ten more failures before the next lock, which lasts 2 s again.
    expect(await spray(100, 11)).toEqual([...Array(10).fill(401), 429]);
    expect(Number((await login(email, password, '198.51.100.52')).headers['retry-after'])).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    // Without a success in between, the next lock is twice as long (4 s).
    expect(await spray(120, 11)).toEqual([...Array(10).fill(401), 429]);
    const longer = await login(email, password, '198.51.100.53');
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(2);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(4);
  });
});

describe('admin operations', () => {
  it('answer 401 with WWW-Authenticate without a token', async () => {
    const res = await t.request.get(adminOnly);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expectMatchesSpec(res, 'listVolunteers');
  });

  it('answer 401 for a tampered, expired, wrongly signed or alg=none token', async () => {
    const good = t.adminToken();
    const [header, payload, signature] = good.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ role: 'admin', sub: 'x', exp: 9999999999 })).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const tokens = [tampered, t.makeToken({ expiresIn: -60 }), t.makeToken({ secret: 'another secret of enough length!!' }), unsigned, 'garbage'];
    for (const token of tokens) {
      const res = await t.request.get(adminOnly).set('Authorization', `Bearer ${token}`);
      expect(res.status, token).toBe(401);
      expectMatchesSpec(res, 'listVolunteers');
    }
    const expired = await t.request.get(adminOnly).set('Authorization', `Bearer ${t.makeToken({ expiresIn: -60 })}`);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('answer 403 for a valid token whose role is not admin', async () => {
    const res = await t.request.get(adminOnly).set('Authorization', `Bearer ${t.makeToken({ role: 'editor' })}`);
    expect(res.status).toBe(403);
    expectMatchesSpec(res, 'listVolunteers');
  });
});

describe('sessions of a removed account', () => {
  it('end at once: a valid token whose account no longer exists gets 401', async () => {
    const email = 'leaving@example.test';
    await createAdmin(t.db.models.AdminUser, email, 'a password long enough');
    const leaving = (await t.db.models.AdminUser.findOne({ email }).lean())!._id.toHexString();
    const token = t.makeToken({ sub: leaving });
    expect((await t.request.get(adminOnly).set('Authorization', `Bearer ${token}`)).status).toBe(200);

    await t.db.models.AdminUser.deleteOne({ email });
    const res = await t.request.get(adminOnly).set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expectMatchesSpec(res, 'listVolunteers');
    // A subject that was never an account id is refused the same way.
    expect((await t.request.get(adminOnly).set('Authorization', `Bearer ${t.makeToken({ sub: 'not-an-id' })}`)).status).toBe(401);
  });
});

describe('the first admin', () => {
  it('is created once and never overwritten', async () => {
    const users = t.db.models.AdminUser;
    const first = await ensureFirstAdmin(users, { email: 'Owner@Example.org', password: 'first password', embeddedDatabase: false });
    expect(first).toEqual({ kind: 'created', email: 'owner@example.org' });
    const second = await ensureFirstAdmin(users, { email: 'owner@example.org', password: 'second password', embeddedDatabase: false });
    expect(second.kind).toBe('exists');
    expect(await checkCredentials(users, 'owner@example.org', 'first password')).toBeDefined();
    expect(await checkCredentials(users, 'owner@example.org', 'second password')).toBeUndefined();
  });

  it('is not invented on an external database when admins exist or none is configured', async () => {
    expect(await ensureFirstAdmin(t.db.models.AdminUser, { embeddedDatabase: false })).toEqual({ kind: 'none' });
    expect(await ensureFirstAdmin(t.db.models.AdminUser, { embeddedDatabase: true })).toEqual({ kind: 'none' });
  });
});
