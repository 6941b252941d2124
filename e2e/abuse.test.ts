// Ordinary abuse from outside, through nginx and two backends: a login spray from many addresses,
// forms in bulk from one address (and what its page then says), paths that would redirect to
// another host, a token used after logout, and 20 MB bodies from anyone. A probe speaks "from" an
// address as a TLS proxy in front would tell nginx: in X-Forwarded-For, from the trusted loopback.
import http from 'node:http';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import YAML from 'yaml';
import { addUser, removeTagged } from './content';
import { api, e2e, launchBrowser, openPage, visit } from './harness';

const runTag = `abuse${Date.now().toString(36)}`;
const base = new URL(e2e.baseUrl);
const contract = YAML.parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};
let browser: Browser;

const from = (address: string) => ({ 'x-forwarded-for': address, 'content-type': 'application/json' });
const post = (pathname: string, body: unknown, headers: Record<string, string>) =>
  api<{ success: boolean; message: string; token?: string }>(pathname, { method: 'POST', headers, body: JSON.stringify(body) });
/** The anti-spam fields the contract has for a form (the honeypot, time on screen), as a person fills them. */
const personSignals = (schema: string) => {
  const fields = contract.components.schemas[schema]?.properties ?? {};
  return { ...('website' in fields ? { website: '' } : {}), ...('elapsed_ms' in fields ? { elapsed_ms: 8000 } : {}) };
};
const contactMessage = (n: number) => ({
  name: `Visitor ${n}`,
  email: `${runTag}.${n}@example.org`,
  subject: 'General Inquiry',
  message: `When is the next health camp? (${runTag})`,
  ...personSignals('ContactInput'),
});
const volunteer = (n: number) => ({
  name: `Volunteer ${n} ${runTag}`,
  email: `${runTag}.v${n}@example.org`,
  mobile: '+91 98765 43210',
  address: 'Kanke Road, Ranchi',
  ...personSignals('VolunteerInput'),
});

async function addEditor(name: string) {
  const user = { name: `${name} ${runTag}`, email: `${name}.${runTag}@example.org`, role: 'editor', password: `a long password for ${name}` };
  return { ...user, id: await addUser(user) };
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await removeTagged('/api/get_users.php', '/api/delete_user.php', runTag);
  await removeTagged('/api/get_volunteers.php', '/api/delete_volunteer.php', runTag);
  await removeTagged('/api/get_messages.php', '/api/delete_message.php', runTag);
});

describe('logins', () => {
  test('a password spray at one account from 40 addresses is refused before its 20th try; other accounts still log in', async () => {
    const target = await addEditor('sprayed');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const { status, body } = await post('/api/login.php', { email: target.email, password: `guess number ${i}` }, from(`203.0.113.${i + 1}`));
      statuses.push(status);
      if (status === 429) expect(body).toEqual({ success: false, message: expect.stringMatching(/try again/i) });
      else expect(status).toBe(401);
    }
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal, `statuses: ${statuses.join(' ')}`).toBeGreaterThanOrEqual(0);
    expect(firstRefusal).toBeLessThan(19);
    const admin = await post('/api/login.php', e2e.admin, from('203.0.113.200'));
    expect(admin.status, 'the spray slowed its target only').toBe(200);
  });

  test('logout ends the token on the server, on every instance', async () => {
    const logout = Object.entries(contract.paths).find(([, item]) => item.post?.operationId === 'logout')?.[0];
    expect(logout, 'openapi.yaml has a logout operation (operationId logout)').toBeDefined();
    const editor = await addEditor('leaving');
    const login = await post('/api/login.php', { email: editor.email, password: editor.password }, from('198.51.100.60'));
    expect(login.status).toBe(200);
    const session = login.body.token!;
    expect((await api('/api/get_all_blogs.php', { token: session })).status).toBe(200);
    expect((await api(logout!, { method: 'POST', token: session })).status).toBe(200);
    // Reads go round both instances: neither takes the token any more.
    for (let i = 0; i < 4; i += 1) expect((await api('/api/get_all_blogs.php', { token: session })).status).toBe(401);
  });
});

describe('forms', () => {
  test('one address gets a clear 429 after a handful of forms; a family may send five, another address is served', async () => {
    for (const [pathname, make, address] of [
      ['/api/contact_save.php', contactMessage, '198.51.100.10'],
      ['/api/volunteer_save.php', volunteer, '198.51.100.11'],
    ] as const) {
      const statuses: number[] = [];
      let refusal: { status: number; body: { success: boolean; message: string } } | undefined;
      const retryAfter: string[] = [];
      for (let n = 0; n < 15 && !refusal; n += 1) {
        const res = await fetch(new URL(pathname, e2e.baseUrl), { method: 'POST', headers: from(address), body: JSON.stringify(make(n)) });
        statuses.push(res.status);
        if (res.status === 429) {
          refusal = { status: res.status, body: await res.json() };
          retryAfter.push(res.headers.get('retry-after') ?? '');
        } else await res.arrayBuffer();
      }
      expect(statuses.slice(0, 5), pathname).toEqual([201, 201, 201, 201, 201]);
      expect(refusal, `${pathname}: ${statuses.join(' ')}`).toBeDefined();
      expect(refusal!.body).toEqual({ success: false, message: expect.stringMatching(/^Too many .+ try again/i) });
      expect(Number(retryAfter[0])).toBeGreaterThanOrEqual(1);
      expect((await post(pathname, make(99), from('198.51.100.12'))).status, `${pathname} from another address`).toBe(201);
    }
  });

  test("the contact page shows nginx's sentence when its address has sent too many forms", async () => {
    const address = '198.51.100.20';
    // Ten refused bodies spend the address's budget at nginx without leaving anything behind.
    for (let i = 0; i < 10; i += 1) await post('/api/contact_save.php', {}, from(address));
    const guarded = await openPage(browser);
    await guarded.context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
    guarded.allowStatus(429, '/api/contact_save.php');
    const { page } = guarded;
    try {
      await visit(page, '/contact');
      await page.getByLabel(/name/i).first().fill('Meera Tirkey');
      await page.getByLabel(/email/i).fill(`meera.${runTag}@example.org`);
      await page.getByLabel(/subject/i).selectOption({ label: 'General Inquiry' });
      await page.getByLabel('Message', { exact: true }).fill('Is the library open on Sundays?');
      await page.getByLabel(/I have read the privacy notice/).check();
      const answer = page.waitForResponse((res) => res.url().endsWith('/api/contact_save.php'));
      await page.getByRole('button', { name: /send/i }).click();
      expect((await answer).status()).toBe(429);
      await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/^Too many forms sent from your connection\. Please wait a minute/);
      expect(await page.getByLabel('Message', { exact: true }).inputValue(), 'what was typed stays').toBe('Is the library open on Sundays?');
      guarded.expectClean();
    } finally {
      await guarded.close();
    }
  });
});

/** A raw request through nginx (fetch would turn a backslash into a slash): status and Location. */
function rawPost(pathname: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: base.hostname, port: base.port, method: 'POST', path: pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    req.on('error', reject);
    req.end('name=a');
  });
}

describe('redirects', () => {
  test('a form posted to //evil.example/ or /\\evil.example is sent back to a page of this site', async () => {
    for (const pathname of ['//evil.example/', '/\\evil.example', '//evil.example/contact', '/\\/evil.example']) {
      const { status, location } = await rawPost(pathname);
      expect(status, pathname).toBeGreaterThanOrEqual(300);
      expect(status, pathname).toBeLessThan(400);
      expect(new URL(location!, e2e.baseUrl).origin, `${pathname} -> ${location}`).toBe(base.origin);
    }
    // The contact and volunteer forms are carried out at their page (forms.test.ts); any other comes back.
    expect(await rawPost('/login'), 'a form sent before the script took over comes back to its page').toEqual({ status: 303, location: '/login' });
  });
});

/** Sends a request's head with a 20 MB Content-Length and 64 KB of its body, then waits for the answer (JSON or a page). */
function bigBody(pathname: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: base.hostname, port: Number(base.port) });
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${pathname}: no answer within 5 s of the first 64 KB`));
    }, 5000);
    socket.on('data', (data) => {
      answer += data.toString('utf8');
      if (/\r\n\r\n[\s\S]*(\}|<\/html>)/.test(answer)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
    socket.write(`POST ${pathname} HTTP/1.1\r\nHost: ${base.host}\r\nContent-Type: application/json\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n`);
    socket.write(Buffer.alloc(64 * 1024, 32));
  });
}

describe('bodies', () => {
  test("a 20 MB anonymous body is refused before it is read, on every path, with the API JSON (a form's page: a page)", async () => {
    for (const [pathname, status, message] of [
      ['/api/contact_save.php', 413, /The limit is 1 MB/],
      ['/api/volunteer_save.php', 413, /The limit is 1 MB/],
      ['/api/login.php', 413, /The limit is 1 MB/],
      ['/api/track.php', 413, /The limit is 1 MB/],
      ['/api/add_gallery_image.php', 401, /Please log in/],
      ['/api/update_blog.php', 401, /Please log in/],
    ] as const) {
      const answer = await bigBody(pathname);
      expect(answer.split(' ')[1], pathname).toBe(String(status));
      expect(answer, pathname).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), pathname).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    // A form posted at its page is shown the refusal as a page in its language.
    const page = await bigBody('/contact');
    expect(page.split(' ')[1]).toBe('413');
    expect(page).toMatch(/content-type: text\/html; charset=utf-8/i);
    expect(page).toMatch(/<html lang="en">.*<p>The form is too large\. The limit is 64 KB\.<\/p>/);
  });
});
