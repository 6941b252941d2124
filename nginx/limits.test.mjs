// The limits of nginx/nginx.conf as a visitor, an abuser and a proxy in front meet them, with a
// stand-in backend behind: body sizes (refused before they are read), per-address rate and
// connection limits (429 with the API's JSON, or a page for a visit), timeouts, real_ip and
// redirects to other hosts.
// Each client connects from its own 127.x address; 127.0.0.1 is the trusted proxy here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalNginx } from './local.mjs';
import { json, runFolder, send, standIn } from './stand-in.mjs';

const portBase = Number(process.env.NGINX_LIMITS_TEST_PORT_BASE ?? 20190);
const megabytes = (n) => n * 1024 * 1024;
const trustedProxiesScript = fileURLToPath(new URL('./trusted-proxies.sh', import.meta.url));

/** What the stand-in backend saw, and the requests it holds until `release()`. */
const backend = { received: [], held: [], release: () => backend.held.splice(0).forEach((answer) => answer()) };
let folder;
let nginx;
let server;

before(async () => {
  server = await standIn(portBase + 1, (req, res, url) => {
    let bytes = 0;
    req.on('data', (chunk) => (bytes += chunk.length));
    req.on('end', () => {
      const seen = { url: req.url, bytes, forwardedFor: req.headers['x-forwarded-for'], forwardedProto: req.headers['x-forwarded-proto'] };
      backend.received.push(seen);
      // A form's page holds each visitor's own hidden fields, so the backend says never to keep it.
      const kept = url.pathname === '/volunteer' ? { 'cache-control': 'private, no-cache' } : {};
      const answer = () => json(res, req.method === 'POST' ? 201 : 200, { success: true, ...seen }, kept);
      if (url.pathname === '/api/slow.php') backend.held.push(answer);
      else answer();
    });
  });
  folder = runFolder('nginx-limits-test', { 'index.html': '<!doctype html><title>site</title>' });
  nginx = await startLocalNginx({
    port: portBase,
    backends: [`127.0.0.1:${portBase + 1}`],
    staticRoot: folder.staticRoot,
    runDir: path.join(folder.workDir, 'run'),
    trustedProxies: '127.0.0.1',
  });
});

after(async () => {
  backend.release();
  await nginx?.stop();
  await server?.close();
  folder?.remove();
});

const from = (localAddress, init) => send(nginx.url, { localAddress, ...init });
const post = (localAddress, pathname, headers = {}) =>
  from(localAddress, { method: 'POST', path: pathname, headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
const jsonOf = (res) => JSON.parse(res.body);

/**
 * Sends the head of a request and then its body in `chunk`-byte pieces (framed as chunks when
 * the head says so), each once the previous one is written, until nginx answers or `total` bytes
 * are sent; `headPauseMs` waits after the head, so that a refusal on the head alone arrives before
 * any body (a write's callback says the kernel took it, not that nginx read it). Resolves with the answer's first
 * line and body, how many body bytes were sent by then, and how long it took.
 */
function sendBody({ localAddress, head, total, chunk = 64 * 1024, pauseMs = 0, headPauseMs = 0 }) {
  const chunked = /transfer-encoding: chunked/i.test(head);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port: portBase, localAddress });
    let answer = '';
    let sent = 0;
    let answeredAt;
    const finish = () => resolve({ answer, status: Number(answer.split(' ')[1]), sent, ms: (answeredAt ?? Date.now()) - started });
    socket.on('data', (data) => {
      answeredAt ??= Date.now();
      answer += data.toString('latin1');
      // The whole answer is here: no need to wait while nginx lingers over the rest of the body.
      const [headers, body] = answer.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(headers)?.[1];
      if (body !== undefined && length !== undefined && body.length >= Number(length)) socket.destroy();
    });
    socket.on('error', (error) => (answer ? finish() : reject(error)));
    socket.on('close', finish);
    const next = () => {
      if (answer || sent >= total || socket.destroyed) return answer && socket.end();
      const piece = Math.min(chunk, total - sent);
      sent += piece;
      const bytes = Buffer.alloc(piece, 97);
      const framed = chunked ? Buffer.concat([Buffer.from(`${piece.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes;
      socket.write(framed, () => setTimeout(next, pauseMs));
    };
    socket.write(head, () => setTimeout(next, headPauseMs));
  });
}
const head = (pathname, headers) =>
  `POST ${pathname} HTTP/1.1\r\nHost: site\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

test('a 20 MB anonymous body is refused before it is read; an upload path takes a large one with a token only', async () => {
  const twenty = megabytes(20);
  const declared = await sendBody({
    localAddress: '127.0.0.2',
    head: head('/api/contact_save.php', { 'Content-Length': twenty }),
    total: twenty,
    headPauseMs: 500,
  });
  assert.equal(declared.status, 413);
  assert.ok(declared.sent <= 64 * 1024, `answered after the first piece of the body (${declared.sent} bytes sent)`);
  assert.match(declared.answer, /content-type: application\/json/i);
  assert.match(declared.answer, /\{"success":false,"message":"The request is too large\. The limit is 1 MB"\}/);

  const chunked = await sendBody({ localAddress: '127.0.0.2', head: head('/api/volunteer_save.php', { 'Transfer-Encoding': 'chunked' }), total: twenty });
  assert.equal(chunked.status, 413);
  assert.ok(chunked.sent < megabytes(8), `a body of unknown length is refused soon after 1 MB (${chunked.sent} bytes sent)`);

  const anonymousUpload = await sendBody({
    localAddress: '127.0.0.2',
    head: head('/api/add_gallery_image.php', { 'Content-Length': twenty }),
    total: twenty,
    headPauseMs: 500,
  });
  assert.equal(anonymousUpload.status, 401);
  assert.ok(anonymousUpload.sent <= 64 * 1024, `refused before its body (${anonymousUpload.sent} bytes sent)`);
  assert.match(anonymousUpload.answer, /"message":"Please log in to continue"/);

  const token = { authorization: 'Bearer stand-in', 'content-type': 'multipart/form-data; boundary=x' };
  const upload = await from('127.0.0.2', { method: 'POST', path: '/api/update_blog.php', headers: token, body: Buffer.alloc(megabytes(6)) });
  assert.equal(upload.status, 201);
  assert.equal(jsonOf(upload).bytes, megabytes(6), 'the whole upload reached the backend');
  const sixty = megabytes(60);
  const tooLarge = await sendBody({
    localAddress: '127.0.0.2',
    head: head('/api/add_blog.php', { ...token, 'Content-Length': sixty }),
    total: sixty,
    headPauseMs: 500,
  });
  assert.equal(tooLarge.status, 413);
  assert.ok(tooLarge.sent <= 64 * 1024);
  assert.match(tooLarge.answer, /Uploads may total at most 50 MB/);
});

test("pages a backend must render (misses of nginx's cache) are limited per address; pages it keeps are not", async () => {
  // A path of its own for each visit: every one a render, until the address's budget is spent.
  // Ninety at once: under the 100 connections an address may hold, which a slow machine would
  // otherwise reach first (its refusal is another limit's).
  const flood = await Promise.all(Array.from({ length: 90 }, (_, index) => from('127.0.0.8', { path: `/no-such-page-${index}` })));
  const rendered = flood.filter((res) => res.status === 200).length;
  assert.ok(rendered >= 60 && rendered <= 75, `${rendered} of 90 distinct pages asked at once were rendered`);
  const refused = flood.find((res) => res.status === 429);
  assert.equal(refused.headers['retry-after'], '1');
  assert.match(refused.headers['content-type'], /^text\/html/);
  assert.match(refused.body, /Too many pages asked for from your connection/);
  // The same page asked as often, five at a time, mostly comes from the cache: nothing refused.
  const same = [];
  for (let index = 0; index < 150; index += 5) {
    same.push(...(await Promise.all(Array.from({ length: 5 }, (_, offset) => from('127.0.0.9', { path: `/about?utm_source=${index + offset}` })))));
  }
  assert.deepEqual(new Set(same.map((res) => res.status)), new Set([200]));
  // The backend still sees the visitor's address.
  assert.equal(JSON.parse(flood.find((res) => res.status === 200).body).forwardedFor, '127.0.0.8');
});

test('forms, logins and beacons are limited per address with a JSON 429 and Retry-After', async () => {
  // A family or an office sends ten forms at once and is still served.
  const family = [];
  for (let i = 0; i < 10; i += 1) family.push((await post('127.0.0.3', i % 2 ? '/api/contact_save.php' : '/api/volunteer_save.php')).status);
  assert.deepEqual(family, Array(10).fill(201));
  const refused = await post('127.0.0.3', '/api/contact_save.php');
  assert.equal(refused.status, 429);
  assert.equal(refused.headers['retry-after'], '60');
  assert.equal(refused.headers['cache-control'], 'no-store');
  assert.match(refused.headers['content-type'], /^application\/json/);
  assert.deepEqual(jsonOf(refused), { success: false, message: 'Too many forms sent from your connection. Please wait a minute and try again.' });
  assert.equal((await post('127.0.0.4', '/api/volunteer_save.php')).status, 201, 'another address has its own budget');
  assert.equal((await from('127.0.0.3', { path: '/api/who.php' })).status, 200, 'reads are not limited');

  const logins = await Promise.all(Array.from({ length: 14 }, () => post('127.0.0.5', '/api/login.php')));
  const statuses = logins.map((res) => res.status);
  assert.equal(statuses.filter((status) => status === 201).length, 10, `${statuses}`);
  assert.match(jsonOf(logins.find((res) => res.status === 429)).message, /^Too many login attempts from your connection/);

  // Browsing: a page view every 300 ms from one address is never refused; a flood mostly is.
  for (let i = 0; i < 15; i += 1) {
    assert.equal((await post('127.0.0.6', '/api/track.php')).status, 201, `view ${i + 1}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const flood = await Promise.all(Array.from({ length: 200 }, () => post('127.0.0.7', '/api/track.php')));
  const counted = flood.filter((res) => res.status === 201).length;
  assert.ok(counted >= 50 && counted <= 60, `${counted} of 200 beacons sent at once passed`);
  assert.equal(flood.find((res) => res.status === 429).headers['retry-after'], '1');
});

test("a form posted to its page is a form: limited with the API's forms, a small body, and the page never kept", async () => {
  const postForm = (localAddress, pathname, body = 'name=Asha') =>
    from(localAddress, { method: 'POST', path: pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  const sent = [];
  for (let i = 0; i < 10; i += 1) sent.push((await postForm('127.0.0.8', i % 2 ? '/hi/contact' : '/volunteer')).status);
  assert.deepEqual(sent, Array(10).fill(201));
  // nginx's own refusal of a page's post is a page in its language, saying what was typed is kept.
  const refused = await postForm('127.0.0.8', '/contact');
  assert.equal(refused.status, 429);
  assert.equal(refused.headers['retry-after'], '60');
  assert.equal(refused.headers['content-type'], 'text/html; charset=utf-8');
  assert.match(
    refused.body,
    /^<!doctype html><html lang="en">.*<p>Too many forms sent from your connection\. Please wait a minute and try again\.<\/p><p>What you typed is still in the form/,
  );
  const refusedHindi = await postForm('127.0.0.8', '/hi/volunteer');
  assert.equal(refusedHindi.status, 429);
  assert.match(refusedHindi.body, /<html lang="hi">.*<p>आपके कनेक्शन से बहुत सारे फ़ॉर्म भेजे गए हैं।/);
  assert.equal(
    jsonOf(await post('127.0.0.8', '/api/contact_save.php')).message,
    'Too many forms sent from your connection. Please wait a minute and try again.',
  );
  assert.equal((await from('127.0.0.8', { path: '/volunteer' })).status, 200, 'reading the page is not a form');

  const large = await postForm('127.0.0.9', '/volunteer', `about=${'x'.repeat(70 * 1024)}`);
  assert.equal(large.status, 413);
  assert.match(large.body, /<html lang="en">.*<p>The form is too large\. The limit is 64 KB\.<\/p>/);

  const before = backend.received.length;
  const first = await from('127.0.0.10', { path: '/volunteer' });
  const second = await from('127.0.0.10', { path: '/volunteer' });
  assert.equal(backend.received.length - before, 2, 'each visitor gets the page from a backend');
  assert.notEqual(first.headers['x-cache-status'], 'HIT');
  assert.notEqual(second.headers['x-cache-status'], 'HIT');
});

test('visitors behind a trusted proxy are told apart by X-Forwarded-For; an untrusted peer cannot claim an address', async () => {
  const viaProxy = await from('127.0.0.1', {
    path: '/api/who.php',
    headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.20', 'x-forwarded-proto': 'https' },
  });
  assert.equal(jsonOf(viaProxy).forwardedFor, '203.0.113.20', 'the address the proxy saw, not one the client wrote before it');
  assert.equal(jsonOf(viaProxy).forwardedProto, 'https');
  const forged = await from('127.0.0.8', { path: '/api/who.php', headers: { 'x-forwarded-for': '203.0.113.20', 'x-forwarded-proto': 'https' } });
  assert.equal(jsonOf(forged).forwardedFor, '127.0.0.8');
  assert.equal(jsonOf(forged).forwardedProto, 'http');

  // Behind the proxy each visitor has a form budget of its own, and a forged header buys nothing.
  const visitor = (address) => post('127.0.0.1', '/api/contact_save.php', { 'x-forwarded-for': address });
  for (let i = 0; i < 10; i += 1) await visitor('198.51.100.30');
  assert.equal((await visitor('198.51.100.30')).status, 429);
  assert.equal((await visitor('198.51.100.31')).status, 201);
  for (let i = 0; i < 10; i += 1) await post('127.0.0.9', '/api/contact_save.php', { 'x-forwarded-for': `203.0.113.${i}` });
  assert.equal((await post('127.0.0.9', '/api/contact_save.php', { 'x-forwarded-for': '203.0.113.99' })).status, 429);
});

test('loopback without a forwarded address (the test runner, the bench) is spared in the local variant', async () => {
  const statuses = [];
  for (let i = 0; i < 15; i += 1) statuses.push((await post('127.0.0.1', '/api/volunteer_save.php')).status);
  assert.deepEqual(statuses, Array(15).fill(201));
});

test('one address may have 100 requests in flight; the next is refused while they last', async () => {
  const held = Array.from({ length: 100 }, () => from('127.0.0.10', { path: '/api/slow.php' }));
  while (backend.held.length < 100) await new Promise((resolve) => setTimeout(resolve, 20));
  const extra = await from('127.0.0.10', { path: '/api/slow.php' });
  assert.equal(extra.status, 429);
  assert.match(jsonOf(extra).message, /^Too many requests from your connection at once/);
  // A page the browser asked for to show is refused with a page, in the page's language.
  const visit = await from('127.0.0.10', { path: '/blog', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  assert.equal(visit.status, 429);
  assert.match(visit.headers['content-type'], /^text\/html/);
  assert.match(visit.body, /<html lang="en">.*Too many requests from your connection at once/s);
  assert.equal(visit.headers['retry-after'], '1');
  const hindiVisit = await from('127.0.0.10', { path: '/hi/blog', headers: { accept: 'text/html' } });
  assert.match(hindiVisit.body, /<html lang="hi">.*कृपया थोड़ा रुकें/s);
  const script = await from('127.0.0.10', { path: '/assets/index.js', headers: { accept: '*/*' } });
  assert.equal(script.status, 429);
  assert.match(jsonOf(script).message, /^Too many requests/, 'what is not a page to show keeps the JSON answer');
  assert.equal((await from('127.0.0.11', { path: '/api/who.php' })).status, 200, 'other addresses are served meanwhile');
  backend.release();
  assert.deepEqual([...new Set((await Promise.all(held)).map((res) => res.status))], [200]);
  assert.equal((await from('127.0.0.10', { path: '/api/who.php' })).status, 200);
});

test('headers must arrive within 10 s and a body may pause 10 s at most; a slow upload that keeps going succeeds', async () => {
  const closedAfter = (opening) =>
    new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect({ host: '127.0.0.1', port: portBase, localAddress: '127.0.0.12' }, () => socket.write(opening));
      socket.on('data', () => {});
      socket.on('error', () => {});
      socket.on('close', () => resolve(Date.now() - started));
    });
  const [headerWait, bodyWait, slowUpload] = await Promise.all([
    closedAfter('GET / HTTP/1.1\r\nHost: site\r\n'),
    closedAfter(head('/api/contact_save.php', { 'Content-Length': 100 }) + '{"name":'),
    // 64 KB in four pieces four seconds apart: 12 s in all, never 10 s without a byte.
    sendBody({
      localAddress: '127.0.0.13',
      head: head('/api/add_gallery_image.php', { authorization: 'Bearer stand-in', 'Content-Length': 64 * 1024 }),
      total: 64 * 1024,
      chunk: 16 * 1024,
      pauseMs: 4000,
    }),
  ]);
  for (const [what, ms] of [
    ['headers', headerWait],
    ['body', bodyWait],
  ]) {
    assert.ok(ms >= 9500 && ms < 14000, `an idle ${what} is dropped after 10 s (${ms} ms)`);
  }
  assert.equal(slowUpload.status, 201, slowUpload.answer);
  assert.ok(slowUpload.ms >= 12000, `${slowUpload.ms} ms`);
});

test('a path that would read as another host in a redirect is sent to the same path on this site', async () => {
  for (const [pathname, location] of [
    ['//evil.example/', '/evil.example/'],
    ['/\\evil.example', '/evil.example'],
    ['/\\/\\evil.example/x?y=1', '/evil.example/x?y=1'],
  ]) {
    const res = await from('127.0.0.14', { method: 'POST', path: pathname, body: 'name=a' });
    assert.equal(res.status, 308, pathname);
    assert.equal(res.headers.location, location, pathname);
  }
});

test("the image's entrypoint writes TRUSTED_PROXIES for nginx, then runs its command; a wrong entry stops it", () => {
  const conf = path.join(folder.workDir, 'entrypoint', 'trusted-proxies.conf');
  const run = (proxies) =>
    spawnSync('sh', [trustedProxiesScript, 'echo', 'nginx started'], {
      env: { PATH: process.env.PATH, TRUSTED_PROXIES: proxies, TRUSTED_PROXIES_CONF: conf },
      encoding: 'utf8',
    });
  const started = run('10.0.0.0/8, 192.0.2.7,2001:db8::/32');
  assert.equal(started.stdout, 'nginx started\n');
  assert.equal(readFileSync(conf, 'utf8'), 'set_real_ip_from 10.0.0.0/8;\nset_real_ip_from 192.0.2.7;\nset_real_ip_from 2001:db8::/32;\n');
  assert.equal(run('').status, 0);
  assert.equal(readFileSync(conf, 'utf8'), '', 'none trusted: every peer is the visitor');
  const refused = run('10.0.0.0/8,proxy.example');
  assert.equal(refused.status, 1);
  assert.equal(refused.stdout, '', 'nginx does not start');
  assert.match(refused.stderr, /TRUSTED_PROXIES: "proxy.example" is not an IP address or CIDR range/);
});
