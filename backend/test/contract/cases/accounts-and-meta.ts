// Every documented answer of login, volunteers, stats, health and the API documents, except
// 401/403 of admin reads (auth-matrix.ts) and 503 (outage.ts).
import YAML from 'yaml';
import { expect } from 'vitest';
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
  contractCase({
    name: 'the right e-mail (any case, spaces) and password: a token that opens admin reads',
    operationId: 'login',
    status: 200,
    send: (fx) => login(fx, { email: `  ${fx.t.admin.email.toUpperCase()} `, password: fx.t.admin.password }),
    check: async (res, fx) => {
      expect(res.body).toMatchObject({ success: true, role: 'admin', message: 'Login successful', token: expect.any(String) });
      const stats = await fx.request.get('/api/get_stats.php').set('Authorization', `Bearer ${res.body.token}`);
      expect(stats.status).toBe(200);
    },
  }),
  contractCase({
    name: 'no password',
    operationId: 'login',
    status: 400,
    send: (fx) => login(fx, { email: fx.t.admin.email }),
    check: (res) => expect(res.body.message).toBe('Please fill in all fields'),
  }),
  contractCase({
    name: 'a wrong password (counted for the rate limit, nothing else changes)',
    operationId: 'login',
    status: 401,
    send: (fx) => login(fx, { email: 'someone@example.test', password: 'guess' }),
    check: (res) => expect(res.body.message).toBe('Invalid email or password'),
    changes: ['login_attempts'],
  }),
  contractCase({
    name: 'a password sent with spaces around it is not trimmed',
    operationId: 'login',
    status: 401,
    send: (fx) => login(fx, { email: fx.t.admin.email, password: ` ${fx.t.admin.password} ` }),
    changes: ['login_attempts'],
  }),
  contractCase({
    name: 'a JSON body over 1 MB',
    operationId: 'login',
    status: 413,
    send: (fx) => fx.request.post('/api/login.php').set('Content-Type', 'application/json').send(hugeJson('password')),
  }),
  contractCase({
    name: 'a urlencoded form instead of JSON',
    operationId: 'login',
    status: 415,
    send: (fx) => fx.request.post('/api/login.php').type('form').send({ email: fx.t.admin.email, password: fx.t.admin.password }),
  }),
  contractCase({
    name: `after ${loginMaxAttempts} failures, even the right password waits`,
    operationId: 'login',
    status: 429,
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
  contractCase({
    name: 'every field, trimmed when stored',
    operationId: 'saveVolunteer',
    status: 201,
    send: (fx) => saveVolunteer(fx, { ...volunteer, name: `  ${volunteer.name}  ` }),
    check: async (res, fx) => {
      expect(res.body).toEqual({ success: true, message: 'Volunteer registered successfully!' });
      const stored = await fx.t.db.models.Volunteer.findOne({ email: volunteer.email }).lean();
      expect(stored).toMatchObject({ name: volunteer.name, start_date: new Date('2025-01-15T00:00:00.000Z') });
    },
  }),
  contractCase({
    name: 'only the required fields',
    operationId: 'saveVolunteer',
    status: 201,
    send: (fx) => saveVolunteer(fx, { name: 'Ravi', email: 'ravi@example.org', mobile: '9876543210', address: 'Doranda' }),
  }),
  contractCase({
    name: 'no address',
    operationId: 'saveVolunteer',
    status: 400,
    send: (fx) => saveVolunteer(fx, { ...volunteer, address: '' }),
    check: (res) => expect(res.body.message).toBe('Please fill all required fields'),
  }),
  contractCase({
    name: 'a mobile number with letters',
    operationId: 'saveVolunteer',
    status: 400,
    send: (fx) => saveVolunteer(fx, { ...volunteer, mobile: 'call me maybe' }),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'mobile' })),
  }),
  contractCase({
    name: 'a JSON body over 1 MB',
    operationId: 'saveVolunteer',
    status: 413,
    send: (fx) => fx.request.post('/api/volunteer_save.php').set('Content-Type', 'application/json').send(hugeJson('about')),
  }),
  contractCase({
    name: 'a multipart form instead of JSON',
    operationId: 'saveVolunteer',
    status: 415,
    send: (fx) => fx.request.post('/api/volunteer_save.php').field('name', 'Asha').field('email', 'asha@example.org'),
  }),
  contractCase({
    name: 'the registrations, newest first',
    operationId: 'listVolunteers',
    status: 200,
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
  contractCase({
    name: 'the counts are the real ones',
    operationId: 'getStats',
    status: 200,
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
  contractCase({
    name: 'alive, with the database',
    operationId: 'getHealth',
    status: 200,
    send: (fx) => fx.request.get('/api/health.php'),
    check: (res) => expect(res.body).toEqual({ success: true, status: 'ok', database: 'up' }),
  }),
  contractCase({
    name: 'ready for work',
    operationId: 'getHealth',
    status: 200,
    send: (fx) => fx.request.get('/api/health.php?ready=1'),
    check: (res) => expect(res.body).toEqual({ success: true, status: 'ok', database: 'up' }),
  }),
  contractCase({
    name: 'draining for a shutdown: not ready, still alive, and every answer closes its connection',
    operationId: 'getHealth',
    status: 503,
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
  contractCase({
    name: 'a readiness flag that is neither 0 nor 1',
    operationId: 'getHealth',
    status: 400,
    send: (fx) => fx.request.get('/api/health.php?ready=yes'),
  }),
  // --- published-content version (issue 9) ---
  contractCase({
    name: 'the published-content version, in the body and in X-Content-Version, never cached',
    operationId: 'getContentVersion',
    status: 200,
    send: (fx) => fx.request.get('/api/get_content_version.php'),
    check: (res) => {
      expect(res.body).toEqual({ success: true, version: expect.any(Number) });
      expect(res.headers['x-content-version']).toBe(String(res.body.version));
      expect(res.headers['cache-control']).toBe('no-store');
    },
  }),
  // --- end published-content version ---
  contractCase({
    name: 'the contract itself, as YAML',
    operationId: 'getOpenApiDocument',
    status: 200,
    send: (fx) => fx.request.get('/api/openapi.yaml').buffer(true),
    check: (res) => {
      expect(res.headers['content-type']).toMatch(/^application\/yaml/);
      expect(YAML.parse(res.text)).toEqual(contract.document);
    },
  }),
  contractCase({
    name: 'a readable page naming every path',
    operationId: 'getApiDocs',
    status: 200,
    send: (fx) => fx.request.get('/api/docs.php'),
    check: (res) => {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      for (const operation of contract.operations) expect(res.text).toContain(operation.path);
    },
  }),
]);
