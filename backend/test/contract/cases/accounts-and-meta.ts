// Every documented answer of login, volunteers, stats, health and the API documents, except
// 401/403 of admin reads (auth-matrix.ts) and 503 (outage.ts).
import supertest from 'supertest';
import YAML from 'yaml';
import { expect } from 'vitest';
import { createApp, requestListener } from '../../../src/app.js';
import { Lifecycle } from '../../../src/http/lifecycle.js';
import { contract, contractCase, defineCases } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { hugeJson, postJson } from '../support/requests.js';

const login = (fx: Fixture, body: unknown) => postJson(fx, '/api/login.php', body, null);
const saveVolunteer = (fx: Fixture, body: unknown) => postJson(fx, '/api/volunteer_save.php', body, null);
export const volunteer = {
  name: 'Asha Kumari',
  email: 'asha@example.org',
  mobile: '+91 98765 43210',
  gender: 'Female',
  interest: 'teaching',
  start_date: '2025-01-15',
  address: 'Lalpur, Ranchi',
  about: 'I teach mathematics.',
};
/** Failed logins allowed per address and e-mail before 429 (the default configuration). */
const loginMaxAttempts = 5;

export const accountAndMetaCases = defineCases('accounts and meta', [
  contractCase('login', 200, 'the right e-mail (any case, spaces) and password: a token that opens admin reads', {
    send: (fx) => login(fx, { email: `  ${fx.t.admin.email.toUpperCase()} `, password: fx.t.admin.password }),
    check: async (res, fx) => {
      expect(res.body).toMatchObject({ success: true, role: 'admin', message: 'Login successful', token: expect.any(String) });
      const stats = await fx.request.get('/api/get_stats.php').set('Authorization', `Bearer ${res.body.token}`);
      expect(stats.status).toBe(200);
    },
  }),
  contractCase('login', 400, 'no password', {
    send: (fx) => login(fx, { email: fx.t.admin.email }),
    check: (res) => expect(res.body.message).toBe('Please fill in all fields'),
  }),
  contractCase('login', 400, 'an e-mail of spaces (the contract asks for something besides spaces)', {
    send: (fx) => login(fx, { email: '   ', password: 'whatever' }),
    check: (res) => {
      expect(res.body.message).toBe('Please fill in all fields');
      expect(res.body.errors).toEqual([{ field: 'email', message: 'email is required' }]);
    },
  }),
  contractCase('login', 401, 'a wrong password (counted for the rate limit, nothing else changes)', {
    send: (fx) => login(fx, { email: 'someone@example.test', password: 'guess' }),
    check: (res) => expect(res.body.message).toBe('Invalid email or password'),
    changes: ['attempt_slots'],
  }),
  contractCase('login', 401, 'a password sent with spaces around it is not trimmed', {
    send: (fx) => login(fx, { email: fx.t.admin.email, password: ` ${fx.t.admin.password} ` }),
    changes: ['attempt_slots'],
  }),
  contractCase('login', 413, 'a JSON body over 1 MB', {
    send: (fx) => fx.request.post('/api/login.php').set('Content-Type', 'application/json').send(hugeJson('password')),
  }),
  contractCase('login', 415, 'a urlencoded form instead of JSON', {
    send: (fx) => fx.request.post('/api/login.php').type('form').send({ email: fx.t.admin.email, password: fx.t.admin.password }),
  }),
  contractCase('login', 429, `after ${loginMaxAttempts} failures, even the right password waits`, {
    arrange: async (fx) => {
      // Its own e-mail address, so the other cases' admin logins are not locked out.
      const email = 'second-admin@example.test';
      const password = 'another long password';
      await fx.t.db.models.AdminUser.create({ email, passwordHash: await (await import('@node-rs/argon2')).hash(password), role: 'admin' });
      for (let attempt = 0; attempt < loginMaxAttempts; attempt++) {
        expect((await login(fx, { email, password: `wrong ${attempt}` })).status).toBe(401);
      }
      return { email, password };
    },
    send: (fx, credentials) => login(fx, credentials),
    check: (res) => expect(res.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?$/),
  }),
  contractCase('login', 429, 'a locked account refuses even the right password, and says so', {
    arrange: async (fx) => {
      const account = await fx.addAccount('editor', 'locked-editor@example.test');
      // A full round of failed attempts whose lock has 90 s left (limits/attempt-slots.ts).
      const { loginAccountMaxFailures: max, loginLockSeconds: lockSeconds } = fx.t.config;
      const at = new Date(Date.now() - lockSeconds * 1000 + 90_000);
      const key = `account|${account.email}`;
      await fx.t.db.models.AttemptSlot.insertMany(
        Array.from({ length: max }, (_, slot) => ({ _id: `${key}|0|${slot}`, key, round: 0, at, expiresAt: new Date(at.getTime() + 86_400_000) })),
      );
      return account;
    },
    send: (fx, account) => login(fx, { email: account.email.toUpperCase(), password: account.password }),
    check: (res) => {
      expect(res.body.message).toBe(
        'This account is locked after too many failed logins. Please try again in 2 minutes; until then even the correct password is refused',
      );
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(80);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(90);
    },
    // The attempt is counted for its address before the account refuses it.
    changes: ['attempt_slots'],
  }),
  contractCase('logout', 200, 'logging out ends this session on every instance, and only this one', {
    arrange: async (fx) => {
      const account = await fx.addAccount('editor', 'leaving-editor@example.test');
      const signIn = async () => (await login(fx, { email: account.email, password: account.password })).body.token as string;
      return { phone: await signIn(), laptop: await signIn() };
    },
    send: (fx, { phone }) => fx.request.post('/api/logout.php').set('Authorization', `Bearer ${phone}`),
    check: async (res, fx, { phone, laptop }) => {
      expect(res.body).toEqual({ success: true, message: 'Logged out' });
      expect(res.headers['cache-control']).toBe('no-store');
      const lifecycle = new Lifecycle();
      const otherInstance = supertest(requestListener(createApp(fx.t.config, { db: fx.t.db, lifecycle })));
      try {
        for (const instance of [fx.request, otherInstance]) {
          const ended = await instance.get('/api/get_stats.php').set('Authorization', `Bearer ${phone}`);
          expect(ended.status).toBe(401);
          expect(ended.body.message).toBe('Your session is not valid. Please log in again');
          expect((await instance.get('/api/get_stats.php').set('Authorization', `Bearer ${laptop}`)).status).toBe(200);
        }
        expect((await otherInstance.post('/api/logout.php').set('Authorization', `Bearer ${phone}`)).status).toBe(401);
      } finally {
        await lifecycle.stop();
      }
    },
  }),
  contractCase('logout', 200, 'a token from before sessions had ids ends every session of its account', {
    arrange: (fx) => fx.addAccount('editor', 'old-token-editor@example.test'),
    send: (fx, account) => fx.request.post('/api/logout.php').set('Authorization', `Bearer ${fx.t.makeToken({ role: 'editor', sub: account.id })}`),
    check: async (_res, fx, account) => {
      const again = `Bearer ${fx.t.makeToken({ role: 'editor', sub: account.id })}`;
      expect((await fx.request.get('/api/get_stats.php').set('Authorization', again)).status).toBe(401);
    },
  }),
  contractCase('saveVolunteer', 201, 'every field, trimmed when stored', {
    send: (fx) => saveVolunteer(fx, { ...volunteer, name: `  ${volunteer.name}  ` }),
    check: async (res, fx) => {
      expect(res.body).toEqual({ success: true, message: 'Volunteer registered successfully!' });
      const stored = await fx.t.db.models.Volunteer.findOne({ email: volunteer.email }).lean();
      expect(stored).toMatchObject({ name: volunteer.name, start_date: new Date('2025-01-15T00:00:00.000Z') });
    },
  }),
  contractCase('saveVolunteer', 201, 'only the required fields', {
    send: (fx) => saveVolunteer(fx, { name: 'Ravi', email: 'ravi@example.org', mobile: '9876543210', address: 'Doranda' }),
  }),
  contractCase('saveVolunteer', 201, 'from the site’s form: the honeypot left empty and time on the page, neither stored', {
    send: (fx) => saveVolunteer(fx, { ...volunteer, email: 'from-the-form@example.org', website: '', elapsed_ms: 41_000 }),
    check: async (_res, fx) => {
      const stored = await fx.t.db.connection.db!.collection('volunteers').findOne({ email: 'from-the-form@example.org' });
      expect(stored).toMatchObject({ name: volunteer.name, address: volunteer.address });
      expect(Object.keys(stored!)).not.toContain('website');
      expect(Object.keys(stored!)).not.toContain('elapsed_ms');
    },
  }),
  ...(
    [
      ['spam: the honeypot filled in', { website: 'http://cheap.example' }],
      ['spam: sent 400 ms after the page opened', { elapsed_ms: 400 }],
    ] as const
  ).map(([name, signals]) =>
    contractCase('saveVolunteer', 400, name, {
      send: (fx) => saveVolunteer(fx, { ...volunteer, email: 'spam@example.org', ...signals }),
      check: async (res, fx) => {
        expect(res.body.message).toBe('This form could not be sent. Please take a moment to check it and send it again.');
        expect(await fx.t.db.models.Volunteer.countDocuments({ email: 'spam@example.org' })).toBe(0);
      },
      changes: ['limit_counts'],
    }),
  ),
  contractCase('saveVolunteer', 429, 'one address over the limit waits, with Retry-After, and nothing is kept', {
    arrange: async (fx) => {
      const resetAt = new Date(Date.now() + 300_000);
      const key = { _id: 'form|saveVolunteer|127.0.0.1' };
      await fx.t.db.models.LimitCount.updateOne(key, { $set: { count: fx.t.config.formMaxSends, resetAt } }, { upsert: true });
    },
    send: (fx) => saveVolunteer(fx, { ...volunteer, email: 'over-the-limit@example.org' }),
    check: async (res, fx) => {
      expect(res.body.message).toBe('Too many forms sent from your connection. Please try again in 5 minutes.');
      expect(await fx.t.db.models.Volunteer.countDocuments({ email: 'over-the-limit@example.org' })).toBe(0);
      await fx.t.db.models.LimitCount.deleteMany({ _id: /^form\|/ });
    },
    changes: ['limit_counts'],
  }),
  contractCase('saveVolunteer', 400, 'no address', {
    send: (fx) => saveVolunteer(fx, { ...volunteer, address: '' }),
    check: (res) => expect(res.body.message).toBe('Please fill all required fields'),
  }),
  contractCase('saveVolunteer', 400, 'a mobile number with letters', {
    send: (fx) => saveVolunteer(fx, { ...volunteer, mobile: 'call me maybe' }),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'mobile' })),
  }),
  contractCase('saveVolunteer', 413, 'a JSON body over 1 MB', {
    send: (fx) => fx.request.post('/api/volunteer_save.php').set('Content-Type', 'application/json').send(hugeJson('about')),
  }),
  contractCase('saveVolunteer', 415, 'a multipart form instead of JSON', {
    send: (fx) => fx.request.post('/api/volunteer_save.php').field('name', 'Asha').field('email', 'asha@example.org'),
  }),
  contractCase('listVolunteers', 200, 'the registrations, newest first', {
    arrange: async (fx) => {
      for (const name of ['First', 'Second']) {
        expect((await saveVolunteer(fx, { ...volunteer, name, email: `${name.toLowerCase()}@example.org` })).status).toBe(201);
      }
    },
    send: (fx) => fx.request.get('/api/get_volunteers.php').set('Authorization', fx.admin),
    check: (res) => {
      const names = (res.body.data as { name: string }[]).map((entry) => entry.name);
      expect(names.indexOf('Second')).toBeLessThan(names.indexOf('First'));
      expect(res.body.data).toContainEqual(expect.objectContaining({ name: 'First', gender: 'Female', start_date: '2025-01-15' }));
    },
  }),
  contractCase('getStats', 200, 'the counts are the real ones', {
    arrange: async (fx) => {
      await fx.sharedBlog();
      await fx.sharedGalleryItem();
    },
    send: (fx) => fx.request.get('/api/get_stats.php').set('Authorization', fx.admin),
    check: async (res, fx) => {
      const { Blog, GalleryItem, Volunteer, AdminUser } = fx.t.db.models;
      expect(res.body.data).toMatchObject({
        blogs: await Blog.countDocuments(),
        gallery_images: await GalleryItem.countDocuments(),
        volunteers: await Volunteer.countDocuments(),
        admins: await AdminUser.countDocuments(),
      });
      expect(res.body.data.blogs).toBeGreaterThan(0);
      expect(res.body.data.recent).toContainEqual(expect.objectContaining({ kind: 'blog', title: 'Shared post' }));
    },
  }),
  contractCase('getHealth', 200, 'alive, with the database', {
    send: (fx) => fx.request.get('/api/health.php'),
    check: (res) => expect(res.body).toEqual({ success: true, status: 'ok', database: 'up' }),
  }),
  contractCase('getHealth', 200, 'ready for work', {
    send: (fx) => fx.request.get('/api/health.php?ready=1'),
    check: (res) => expect(res.body).toEqual({ success: true, status: 'ok', database: 'up' }),
  }),
  contractCase('getHealth', 503, 'draining for a shutdown: not ready, still alive, and every answer closes its connection', {
    arrange: async (fx) => {
      fx.t.lifecycle.draining = true;
    },
    send: async (fx) => {
      try {
        const alive = await fx.request.get('/api/health.php');
        expect(alive.status).toBe(200);
        expect(alive.headers.connection).toBe('close');
        return await fx.request.get('/api/health.php?ready=1');
      } finally {
        fx.t.lifecycle.draining = false;
      }
    },
    check: (res) => expect(res.body).toEqual({ success: false, status: 'draining', database: 'up' }),
  }),
  contractCase('getHealth', 400, 'a readiness flag that is neither 0 nor 1', {
    send: (fx) => fx.request.get('/api/health.php?ready=yes'),
  }),
  contractCase('getContentVersion', 200, 'the published-content version, in the body and in X-Content-Version, never cached', {
    send: (fx) => fx.request.get('/api/get_content_version.php'),
    check: (res) => {
      expect(res.body).toEqual({ success: true, version: expect.any(Number) });
      expect(res.headers['x-content-version']).toBe(String(res.body.version));
      expect(res.headers['cache-control']).toBe('no-store');
    },
  }),
  contractCase('getOpenApiDocument', 200, 'the contract itself, as YAML', {
    send: (fx) => fx.request.get('/api/openapi.yaml').buffer(true),
    check: (res) => {
      expect(res.headers['content-type']).toMatch(/^application\/yaml/);
      expect(YAML.parse(res.text)).toEqual(contract.document);
    },
  }),
  contractCase('getApiDocs', 200, 'a readable page naming every path', {
    send: (fx) => fx.request.get('/api/docs.php'),
    check: (res) => {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      for (const operation of contract.operations) expect(res.text).toContain(operation.path);
    },
  }),
]);
