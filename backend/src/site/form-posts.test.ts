// The volunteer and contact forms sent as plain form posts, as a browser without the page's script
// sends them: through the API operation's own checks and handler, answered as pages. A small
// renderer stands in for the frontend's build (e2e/forms.test.ts runs the real one): it shows
// the refused form it is handed, and the two hidden fields as the real pages write them.
import type { PostedForm } from '@ngo-site/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { standInBuild } from '../../test/site-build.js';
import { issueFormToken } from './form-token.js';

const pagesDir = standInBuild(
  'form-pages',
  `const forms = ['/volunteer', '/hi/volunteer', '/contact', '/hi/contact'];
export async function renderPage({ url, form }) {
  const path = url.split('?')[0];
  const fields = [...forms, '/donate'].includes(path) ? '<form method="post"><input type="hidden" name="form_token"/><input type="hidden" name="idempotency_key"/></form>' : '';
  const posted = form ? '<pre id="posted">' + JSON.stringify(form).replace(/</g, '\\\\u003c') + '</pre>' : '';
  return { status: 200, html: '<!doctype html><html><body><p id="url">' + url + '</p>' + fields + posted + '</body></html>' };
}
`,
);

let t: TestApp;
beforeAll(async () => {
  // Each test speaks from an address of its own (X-Forwarded-For), so the per-address limit of
  // one test does not meet another's; the limit's own test sends six from one.
  t = await startTestApp({ env: { PAGES_DIR: pagesDir, TRUSTED_PROXIES: '127.0.0.1', FORM_MAX_SENDS: '5' } });
});
afterAll(() => t?.stop());

let addresses = 0;
const nextAddress = () => `203.0.113.${++addresses}`;

/** A page's hidden fields as a visitor's browser got them. */
async function openPage(page: string, from: string) {
  const res = await t.request.get(page).set('X-Forwarded-For', from);
  expect(res.status).toBe(200);
  const value = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(res.text)?.[1];
  return { res, token: value('form_token'), key: value('idempotency_key') };
}

/** A token as the page gave it `ms` ago: the minimum time on the page is 3 s. */
const tokenFrom = (ms: number) => issueFormToken(t.config.jwtSecret, Date.now() - ms);

const volunteer = (email: string) => ({
  name: 'Sunita Devi',
  email,
  mobile: '+91 98765 43210',
  address: 'Lalpur, Ranchi',
  gender: 'Female',
  about: 'Retired teacher.',
});

function post(page: string, fields: Record<string, string>, { from, headers = {} }: { from: string; headers?: Record<string, string> }) {
  return t.request
    .post(page)
    .set('X-Forwarded-For', from)
    .set('Origin', new URL(t.url).origin)
    .set(headers)
    .type('form')
    .send(new URLSearchParams(fields).toString());
}

const postedForm = (text: string): PostedForm => JSON.parse(/<pre id="posted">(.*?)<\/pre>/s.exec(text)![1]!) as PostedForm;
const registrations = (email: string) => t.db.models.Volunteer.countDocuments({ email });

describe('a form page', () => {
  it("gives each visitor hidden fields of their own, kept by no cache but the visitor's own browser", async () => {
    const from = nextAddress();
    const first = await openPage('/volunteer', from);
    const second = await openPage('/volunteer', from);
    expect(first.res.headers['cache-control']).toBe('private, no-cache');
    // The answer to a form sent as a plain post is not kept at all.
    expect((await openPage('/volunteer?sent=1', from)).res.headers['cache-control']).toBe('no-store');
    expect(first.token).toMatch(/^\d+\.[\w-]{43}$/);
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.key).not.toBe(first.key);
    // A page without such a form is shared as before.
    expect((await t.request.get('/about')).headers['cache-control']).toBe('no-cache');
  });
});

describe('the volunteer form as a plain post', () => {
  it('is stored once and answered with the page saying so; a resend with the same key stores nothing more', async () => {
    const from = nextAddress();
    const { key } = await openPage('/volunteer', from);
    const email = `plain-${Date.now()}@example.org`;
    const fields = { ...volunteer(email), website: '', form_token: tokenFrom(4000), idempotency_key: key! };
    const res = await post('/volunteer', fields, { from });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/volunteer?sent=1');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await registrations(email)).toBe(1);

    const again = await post('/volunteer', fields, { from });
    expect(again.status).toBe(303);
    expect(await registrations(email)).toBe(1);
  });

  it('refused for a missing field: 400, the page again with every typed value and the fields named, nothing stored', async () => {
    const from = nextAddress();
    const email = `missing-${Date.now()}@example.org`;
    const { name: _name, address: _address, ...typed } = volunteer(email);
    const token = tokenFrom(4000);
    const res = await post('/volunteer', { ...typed, name: '', website: '', form_token: token }, { from });
    expect(res.status).toBe(400);
    expect(res.type).toBe('text/html');
    const form = postedForm(res.text);
    expect(form.message).toBe('Please fill all required fields');
    expect(form.values).toEqual({ ...typed, name: '' });
    expect(form.fields).toEqual(expect.arrayContaining(['name', 'address']));
    // The visitor keeps the time already spent on the page: the same token is handed back.
    expect(res.text).toContain(`name="form_token" value="${token}"`);
    expect(await registrations(email)).toBe(0);
  });

  it('refused when sent sooner than the minimum time, without the signed time, or with the honeypot filled', async () => {
    const email = `quick-${Date.now()}@example.org`;
    const sends: Record<string, string>[] = [
      { form_token: tokenFrom(500) },
      {},
      { form_token: `${Date.now() - 60_000}.${'a'.repeat(43)}` },
      { form_token: tokenFrom(4000), website: 'x' },
    ];
    for (const extra of sends) {
      const res = await post('/volunteer', { ...volunteer(email), ...extra }, { from: nextAddress() });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(postedForm(res.text).message).toBe('This form could not be sent. Please take a moment to check it and send it again.');
    }
    expect(await registrations(email)).toBe(0);
  });

  it('refused with 403 when another site makes the browser send it', async () => {
    const email = `cross-${Date.now()}@example.org`;
    const fields = { ...volunteer(email), form_token: tokenFrom(4000) };
    const crossSite: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'null' }];
    for (const headers of crossSite) {
      const res = await post('/volunteer', fields, { from: nextAddress(), headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(postedForm(res.text)).toEqual({ values: {}, message: 'This form can only be sent from its own page on this site.', fields: [] });
    }
    expect(await registrations(email)).toBe(0);
    const own = await post('/volunteer', fields, { from: nextAddress(), headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(own.status).toBe(303);
  });

  it('lets five through from one address, then 429 with Retry-After on the page', async () => {
    const from = nextAddress();
    for (let sent = 0; sent < 5; sent++) {
      const res = await post('/volunteer', { ...volunteer(`limit-${sent}-${Date.now()}@example.org`), form_token: tokenFrom(4000) }, { from });
      expect(res.status).toBe(303);
    }
    const res = await post('/volunteer', { ...volunteer(`limit-over-${Date.now()}@example.org`), form_token: tokenFrom(4000) }, { from });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(postedForm(res.text).message).toMatch(/^Too many forms sent from your connection/);
  });

  it('answers what a client sent wrongly with a 4xx page, never a 500', async () => {
    const unknown = await post('/volunteer', { ...volunteer('x@example.org'), colour: 'red', form_token: tokenFrom(4000) }, { from: nextAddress() });
    expect(unknown.status).toBe(400);
    const json = await t.request.post('/volunteer').set('X-Forwarded-For', nextAddress()).send({ name: 'x' });
    expect(json.status).toBe(415);
    const large = await post('/volunteer', { about: 'x'.repeat(70_000) }, { from: nextAddress() });
    expect(large.status).toBe(413);
  });
});

describe('"I have paid" as a plain post', () => {
  it('is kept with its amount and frequency as the contract types them; blank optional fields count as not sent', async () => {
    const reference = `UTR${Date.now()}`;
    const fields = {
      name: 'Asha Kumari',
      email: 'asha@example.org',
      mobile: '',
      amount: '1500',
      reference,
      mode: 'upi',
      pan: '',
      address: '',
      monthly: 'true',
    };
    const res = await post('/donate', { ...fields, form_token: tokenFrom(4000) }, { from: nextAddress() });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/donate?sent=1');
    const kept = await t.db.models.Donation.findOne({ reference }).lean();
    expect(kept).toMatchObject({ amount: 1500, monthly: true, name: 'Asha Kumari' });

    const again = await post('/donate', { ...fields, reference: `${reference}X`, amount: 'fifty', form_token: tokenFrom(4000) }, { from: nextAddress() });
    expect(again.status).toBe(400);
    expect(postedForm(again.text)).toMatchObject({ fields: ['amount'], values: { amount: 'fifty' } });
  });
});

describe('the contact form as a plain post', () => {
  it('is kept, in Hindi at /hi/contact, and the redirect stays on that page', async () => {
    const from = nextAddress();
    const subject = `Plain post ${Date.now()}`;
    const fields = { name: 'Asha Kumari', email: 'asha@example.org', subject, message: 'When is the next health camp?', form_token: tokenFrom(4000) };
    const res = await post('/hi/contact', fields, { from });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/hi/contact?sent=1');
    expect(await t.db.models.ContactMessage.countDocuments({ subject })).toBe(1);

    const missing = await post('/contact', { ...fields, message: '' }, { from });
    expect(missing.status).toBe(400);
    expect(postedForm(missing.text)).toMatchObject({ message: 'Please fill all required fields', fields: ['message'], values: { subject } });
  });

  it('leaves other pages as they were: a post is sent back to the page', async () => {
    const res = await t.request.post('/about?x=1').type('form').send('a=b');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/about');
  });
});
