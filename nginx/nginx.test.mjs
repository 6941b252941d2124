// The project's nginx config, run by Debian's nginx in front of two small HTTP servers standing in
// for backend instances: static caching, rendered pages, headers, body limit, retries, image cache.
// The whole product through the same config is the e2e suite's job (e2e/run.mjs).
// Limits, proxies and timeouts have their own file (limits.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startLocalNginx } from './local.mjs';
import { json, runFolder, send, standIn } from './stand-in.mjs';

const portBase = Number(process.env.NGINX_TEST_PORT_BASE ?? 20180);
const jsonMaxBytes = 1024 * 1024;
const indexHtml = '<!doctype html><html><head><script type="module" src="/assets/app-4f3a2b1c.js"></script></head><body><div id="root"></div></body></html>';
const bundle = `export const text = ${JSON.stringify('x'.repeat(4000))};\n`;

/** The published content both stand-ins share, as the real instances share their database. */
const content = { version: 1, databaseUp: true, listReads: 0 };

/** GET /api/get_blogs.php, as a backend answers it. */
function answerPublicRead(name, req, res) {
  if (!content.databaseUp) return json(res, 503, { success: false, message: `Database unavailable (${name})` });
  content.listReads += 1;
  const { version } = content;
  const answer = { title: `Version ${version}`, instance: name, auth: req.headers.authorization ?? null, url: req.url };
  return json(res, 200, [answer], {
    'x-content-version': String(version),
    etag: `"v${version}"`,
    'cache-control': 'public, max-age=0, must-revalidate',
    vary: 'Accept-Encoding',
  });
}

/** A page as a backend renders it: a 404 for a path it does not know. */
function answerPage(name, req, res, pathname) {
  if (!content.databaseUp) return answerPublicRead(name, req, res);
  content.pageReads = (content.pageReads ?? 0) + 1;
  content.readsOf ??= {};
  content.readsOf[pathname] = (content.readsOf[pathname] ?? 0) + 1;
  const known = [
    '/',
    '/hi',
    '/about',
    '/hi/donate',
    '/blog',
    '/blog/123',
    '/blog/65f1c0ffee0000000000abcd',
    '/hi/blog/65f1c0ffee0000000000abcd',
    '/sitemap.xml',
  ].includes(pathname);
  res.writeHead(known ? 200 : 404, {
    'content-type': 'text/html; charset=utf-8',
    'x-content-version': String(content.version),
    'cache-control': 'no-cache',
    'content-security-policy': "default-src 'self'; script-src 'self' 'sha256-abc='",
  });
  res.end(`<!doctype html><h1>${known ? 'Page' : 'Not found'} ${pathname} v${content.version} by ${name}</h1><p>${'words '.repeat(200)}</p>`);
}

/** A stand-in backend instance: names itself in every answer and counts image reads. */
async function startFakeBackend(name, port) {
  const state = { imageReads: 0, requests: 0 };
  const server = await standIn(port, (req, res, url) => {
    state.requests += 1;
    req.resume();
    req.on('end', () => {
      switch (url.pathname) {
        case '/api/get_blogs.php':
        case '/api/get_page.php':
          return answerPublicRead(name, req, res);
        case '/api/who.php':
          return json(res, 200, { success: true, instance: name, method: req.method, forwardedFor: req.headers['x-forwarded-for'] });
        case '/api/image.php':
          state.imageReads += 1;
          res.writeHead(200, {
            'content-type': 'image/webp',
            etag: `"img-${url.searchParams.get('id')}-${url.searchParams.get('w')}"`,
            'cache-control': 'public, max-age=31536000, immutable',
          });
          return res.end(Buffer.alloc(2048, 7));
        case '/api/database-down.php':
          return json(res, 503, { success: false, message: `Database unavailable (${name})` });
        case '/api/docs':
          res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self' 'unsafe-inline'" });
          return res.end('<h1>API</h1>');
        case '/api/flaky.php':
          // Instance "a" dies while handling this request: the request reached it.
          if (name === 'a') return req.socket.destroy();
          return json(res, 200, { success: true, instance: name, method: req.method });
        default:
          if (!url.pathname.startsWith('/api/')) return answerPage(name, req, res, url.pathname);
          return json(res, 404, { success: false, message: 'Not found' });
      }
    });
  });
  return { state, close: server.close };
}

let folder;
let nginx;
let backendA;
let backendB;

before(async () => {
  folder = runFolder('nginx-test', {
    'index.html': indexHtml,
    'assets/app-4f3a2b1c.js': bundle,
    '.vite/chunk-modules.json': '{"build":"record"}',
  });
  const { workDir, staticRoot } = folder;
  backendA = await startFakeBackend('a', portBase + 1);
  backendB = await startFakeBackend('b', portBase + 2);
  nginx = await startLocalNginx({
    port: portBase,
    backends: [`127.0.0.1:${portBase + 1}`, `127.0.0.1:${portBase + 2}`],
    staticRoot,
    runDir: path.join(workDir, 'run'),
    jsonMaxBytes,
  });
});

after(async () => {
  await nginx?.stop();
  await backendA?.close();
  await backendB?.close();
  folder?.remove();
});

const get = (pathname, init) => fetch(`${nginx.url}${pathname}`, init);

/** nginx keeps public reads for the current 200 ms of the clock (the moment is in its cache key). */
const momentMs = 200;
/** Waits for the start of the next moment, so the reads that follow share one. */
const atMomentStart = () => new Promise((resolve) => setTimeout(resolve, momentMs - (Date.now() % momentMs) + 2));
/**
 * Runs `reads` at the start of a moment; on a busy machine they may take longer than the moment,
 * and then they are run again at the next one (at most five times).
 */
async function inOneMoment(reads) {
  for (let attempt = 1; ; attempt += 1) {
    await atMomentStart();
    const started = Date.now();
    const result = await reads();
    if (Math.floor(Date.now() / momentMs) === Math.floor(started / momentMs) || attempt === 5) return result;
  }
}
/** Reads until `seen` holds; the time it took. */
async function timeUntilSeen(pathname, seen) {
  const started = Date.now();
  while (!seen(await (await get(pathname)).text())) {
    assert.ok(Date.now() - started < 2000, `${pathname}: not seen within 2 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

test('index.html is served uncached with the security headers', async () => {
  const res = await get('/index.html');
  assert.equal(res.status, 200);
  assert.equal(await res.text(), indexHtml);
  assert.equal(res.headers.get('cache-control'), 'no-cache');
  const csp = res.headers.get('content-security-policy');
  assert.match(csp, /script-src 'self';/);
  assert.doesNotMatch(csp.match(/script-src[^;]*/)[0], /unsafe-inline|unsafe-eval/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  assert.equal(res.headers.get('server'), 'nginx');
});

test('pages are rendered by a backend and kept for a moment; unknown ones are 404; the admin area gets the app', async () => {
  for (const pathname of ['/', '/blog/123', '/no/such/page', '/sitemap.xml']) {
    const res = await get(pathname, { headers: { 'accept-encoding': 'gzip' } });
    const known = pathname !== '/no/such/page';
    assert.equal(res.status, known ? 200 : 404, pathname);
    assert.match(await res.text(), new RegExp(`${known ? 'Page' : 'Not found'} ${pathname} v${content.version}`), pathname);
    assert.equal(res.headers.get('cache-control'), 'no-cache', `${pathname}: the backend's own, once`);
    assert.match(res.headers.get('content-security-policy'), /sha256-abc=/, pathname);
    assert.equal(res.headers.get('content-encoding'), 'gzip', pathname);
  }
  const { again, pageReads } = await inOneMoment(async () => {
    await (await get('/blog/123')).arrayBuffer();
    const reads = content.pageReads;
    return { again: await get('/blog/123'), pageReads: reads };
  });
  assert.equal(again.headers.get('x-cache-status'), 'HIT');
  assert.equal(content.pageReads, pageReads, 'the second read of a page within its moment came from nginx');
  content.version += 1; // a write
  const waited = await timeUntilSeen('/blog/123', (html) => html.includes(`v${content.version}`));
  assert.ok(waited <= 2 * momentMs, `a write shows on the page by the end of its moment (${waited} ms)`);
  const admin = await get('/blog/123', { headers: { authorization: 'Bearer admin' } });
  assert.equal(admin.headers.get('x-cache-status'), 'BYPASS');
  await admin.arrayBuffer();

  for (const pathname of ['/admin', '/admin/dashboard']) {
    const res = await get(pathname);
    assert.equal(res.status, 200, pathname);
    assert.equal(await res.text(), indexHtml, pathname);
    assert.equal(res.headers.get('cache-control'), 'no-cache', pathname);
  }
});

test('hashed assets are cached for a year and gzipped; a missing one is a 404', async () => {
  const res = await get('/assets/app-4f3a2b1c.js', { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(res.headers.get('content-encoding'), 'gzip');
  assert.match(res.headers.get('content-type'), /javascript/);
  assert.equal(await res.text(), bundle);
  const missing = await get('/assets/app-00000000.js');
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('cache-control'), null);
});

test('hidden files such as the build records in .vite/ are never served', async () => {
  for (const pathname of ['/.vite/chunk-modules.json', '/%2evite/chunk-modules.json', '/assets/../.vite/chunk-modules.json']) {
    const res = await get(pathname);
    assert.equal(res.status, 404, pathname);
    assert.doesNotMatch(await res.text(), /record/, pathname);
  }
});

test('/api/ is balanced over both instances with the client address forwarded', async () => {
  const seen = new Set();
  for (let i = 0; i < 6; i += 1) {
    const res = await get('/api/who.php', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    const body = await res.json();
    seen.add(body.instance);
    assert.equal(body.forwardedFor, '127.0.0.1', 'a forged X-Forwarded-For must not reach the backend');
  }
  assert.deepEqual([...seen].sort(), ['a', 'b']);
});

test('a body over the limit gets a 413 with a JSON message', async () => {
  const res = await get('/api/who.php', { method: 'POST', body: Buffer.alloc(jsonMaxBytes + 1) });
  assert.equal(res.status, 413);
  assert.match(res.headers.get('content-type'), /application\/json/);
  const body = await res.json();
  assert.equal(body.success, false);
  assert.match(body.message, /1 MB/);
});

test('images are cached briefly by nginx: a second read does not reach a backend', async () => {
  const before = backendA.state.imageReads + backendB.state.imageReads;
  const first = await get('/api/image.php?id=abc&w=400');
  await first.arrayBuffer();
  const second = await get('/api/image.php?id=abc&w=400');
  await second.arrayBuffer();
  assert.equal(second.status, 200);
  assert.equal(second.headers.get('x-cache-status'), 'HIT');
  assert.equal(second.headers.get('etag'), '"img-abc-400"');
  assert.equal(backendA.state.imageReads + backendB.state.imageReads - before, 1);
  const revalidated = await get('/api/image.php?id=abc&w=400', { headers: { 'if-none-match': '"img-abc-400"' } });
  assert.equal(revalidated.status, 304);
});

test('public answers are kept for a moment: a write is seen within it', async () => {
  const read = async (headers = {}) => {
    const res = await get('/api/get_blogs.php', { headers });
    return { res, body: await res.json() };
  };
  const { first, second, listReads } = await inOneMoment(async () => {
    const one = await read();
    const reads = content.listReads;
    return { first: one, second: await read(), listReads: reads };
  });
  assert.equal(first.body[0].title, `Version ${content.version}`);
  assert.equal(second.res.headers.get('x-cache-status'), 'HIT');
  assert.equal(second.res.headers.get('cache-control'), 'public, max-age=0, must-revalidate', 'browsers revalidate every time');
  assert.equal(content.listReads, listReads, 'the second read came from nginx');
  assert.equal((await get('/api/get_blogs.php', { headers: { 'if-none-match': `"v${content.version}"` } })).status, 304);

  // However busy the page, a backend is asked about once a moment.
  await atMomentStart();
  const before = content.listReads;
  const started = Date.now();
  let reads = 0;
  while (Date.now() - started < 3 * momentMs) {
    await Promise.all(Array.from({ length: 10 }, async () => (await get('/api/get_blogs.php')).arrayBuffer()));
    reads += 10;
  }
  // Three moments and a bit, ten reads in flight: at most ten misses at the start of each.
  assert.ok(content.listReads - before <= 6 * 10, `${content.listReads - before} of ${reads} reads reached a backend`);

  content.version += 1; // a write, acknowledged by some instance
  const waited = await timeUntilSeen('/api/get_blogs.php', (text) => JSON.parse(text)[0].title === `Version ${content.version}`);
  assert.ok(waited <= 2 * momentMs, `seen by the end of its moment (${waited} ms)`);
});

test('unknown query parameters neither reach a backend nor make a cache entry of their own', async () => {
  const { answers, listReads } = await inOneMoment(async () => {
    await (await get('/api/get_blogs.php?limit=2&q=wells')).arrayBuffer();
    const reads = content.listReads;
    const junk = ['junk=1', 'junk=2&limit=2&q=wells', 'q=wells&utm_source=x&limit=2', 'q=wells&limit=2&_=1700000000'];
    return { answers: await Promise.all(junk.map(async (query) => get(`/api/get_blogs.php?${query}`))), listReads: reads };
  });
  assert.deepEqual(
    answers.slice(1).map((res) => res.headers.get('x-cache-status')),
    ['HIT', 'HIT', 'HIT'],
    'the same contract parameters, in any order and with anything else beside them, share one entry',
  );
  assert.equal(content.listReads - listReads, 1, 'only the read without parameters asked a backend');
  assert.equal((await answers[0].json())[0].url, '/api/get_blogs.php', 'a backend sees the parameters of the contract only');

  // A query that is not plain goes as sent, for the backend to judge, and is never kept.
  for (const query of ['limit=2&limit=3', 'q[a]=1', 'page=', 'LIMIT=2', 'limit=2&flag']) {
    const odd = await get(`/api/get_blogs.php?${query}`);
    assert.equal(odd.headers.get('x-cache-status'), 'BYPASS', query);
    assert.equal((await odd.json())[0].url, `/api/get_blogs.php?${query}`, query);
  }

  const image = '/api/image.php?id=junk&w=320';
  await (await get(image)).arrayBuffer();
  const again = await get(`${image}&cachebuster=${Date.now()}`);
  await again.arrayBuffer();
  assert.equal(again.headers.get('x-cache-status'), 'HIT');
});

test('a page is kept by the parameters it reads only: 300 visits with distinct query strings cost at most 1.5x the renders of 300 visits of one page', async () => {
  // 300 visits of /about and 300 of /hi with a query of their own each, side by side (five of
  // each at a time), so both meet the same moments of the cache.
  const reads = () => ({ same: content.readsOf?.['/about'] ?? 0, distinct: content.readsOf?.['/hi'] ?? 0 });
  const before = reads();
  for (let index = 0; index < 300; index += 5) {
    const visits = Array.from({ length: 5 }, (_, offset) => ['/about', `/hi?x=${index + offset}&utm_source=mail${index + offset}`]).flat();
    for (const res of await Promise.all(visits.map((pathname) => get(pathname)))) {
      assert.equal(res.status, 200);
      await res.arrayBuffer();
    }
  }
  const [same, distinct] = [reads().same - before.same, reads().distinct - before.distinct];
  console.log(
    `backend page reads through nginx: 300 visits of /about ${same}, 300 of /hi with distinct queries ${distinct} (ratio ${(distinct / same).toFixed(2)})`,
  );
  assert.ok(same >= 1);
  assert.ok(distinct <= 1.5 * same, `${distinct} renders for distinct queries against ${same}`);
  // The parameters a page reads make entries of their own: a list's pages are different pages.
  const lists = await inOneMoment(async () => {
    const before = content.pageReads ?? 0;
    for (const pathname of ['/blog?page=2', '/blog?page=2&x=1', '/blog?page=3', '/hi/donate?paid=1', '/hi/donate?paid=1&x=2'])
      await (await get(pathname)).arrayBuffer();
    return (content.pageReads ?? 0) - before;
  });
  assert.equal(lists, 3);
});

test('the access log keeps the path of a request, never its query (tokens, searches)', async () => {
  const secret = 'TOKEN-THAT-OPENS-A-RECEIPT-0123456789';
  await (await get(`/api/download_receipt.php?token=${secret}`)).arrayBuffer();
  await (await get(`/blog/65f1c0ffee0000000000abcd?preview=${secret}`)).arrayBuffer();
  await (await get('/api/get_blogs.php?q=Asha%20Kumari')).arrayBuffer();
  const log = nginx.accessLog();
  assert.match(log, /"GET \/api\/download_receipt\.php HTTP\/1\.1"/);
  assert.match(log, /"GET \/blog\/65f1c0ffee0000000000abcd HTTP\/1\.1"/);
  assert.doesNotMatch(log, new RegExp(secret));
  assert.doesNotMatch(log, /Asha/);
});

test('a request with a token is never answered from, nor stored in, the public cache', async () => {
  await (await get('/api/get_blogs.php')).arrayBuffer();
  const admin = await get('/api/get_blogs.php', { headers: { authorization: 'Bearer admin' } });
  assert.equal(admin.headers.get('x-cache-status'), 'BYPASS');
  assert.equal((await admin.json())[0].auth, 'Bearer admin');
  const visitor = await get('/api/get_blogs.php');
  assert.equal((await visitor.json())[0].auth, null, "the admin's answer never reaches a visitor");
});

test("a post's preview link is never answered from, nor stored in, the public cache", async () => {
  const post = '/blog/65f1c0ffee0000000000abcd';
  const reads = await inOneMoment(async () => {
    await (await get(post)).arrayBuffer();
    const before = content.pageReads;
    for (const address of [`${post}?preview=signed`, `${post}?preview=signed`, `/hi${post}?preview=signed`]) {
      const preview = await get(address);
      assert.equal(preview.headers.get('x-cache-status'), 'BYPASS', `${address}: ${preview.status} ${preview.headers.get('x-cache-status')}`);
      await preview.arrayBuffer();
    }
    return content.pageReads - before;
  });
  assert.equal(reads, 3, 'each preview reached a backend');
  // Only a post's page: elsewhere the parameter is one more unknown one, kept like the rest.
  const listed = await inOneMoment(async () => {
    await (await get('/blog?preview=signed')).arrayBuffer();
    return get('/blog?preview=signed');
  });
  assert.equal(listed.headers.get('x-cache-status'), 'HIT');
  await listed.arrayBuffer();
});

test("an editable page's preview link (its draft) is never answered from, nor stored in, the public cache", async () => {
  const pages = ['/', '/hi', '/about', '/hi/donate'];
  const reads = await inOneMoment(async () => {
    for (const page of pages) await (await get(page)).arrayBuffer();
    const before = content.pageReads;
    for (const page of pages) {
      for (let twice = 0; twice < 2; twice++) {
        const preview = await get(`${page}?preview=signed`);
        assert.equal(preview.headers.get('x-cache-status'), 'BYPASS', `${page}: ${preview.status} ${preview.headers.get('x-cache-status')}`);
        await preview.arrayBuffer();
      }
    }
    return content.pageReads - before;
  });
  assert.equal(reads, pages.length * 2, 'each preview reached a backend');
});

test("a page's content (get_page.php) is kept for a moment per page and language; the admin's (with a token) never", async () => {
  const { reads, answers } = await inOneMoment(async () => {
    const before = content.listReads;
    const answers = [];
    for (const query of ['slug=about&lang=hi', 'slug=about&lang=hi', 'slug=about&lang=en', 'slug=home&lang=hi']) {
      const res = await get(`/api/get_page.php?${query}`);
      answers.push(res.headers.get('x-cache-status'));
      await res.arrayBuffer();
    }
    const admin = await get('/api/get_page.php?slug=about&lang=both', { headers: { authorization: 'Bearer admin' } });
    answers.push(admin.headers.get('x-cache-status'));
    await admin.arrayBuffer();
    return { reads: content.listReads - before, answers };
  });
  assert.deepEqual(answers, ['MISS', 'HIT', 'MISS', 'MISS', 'BYPASS']);
  assert.equal(reads, 4);
});

test('with the database away a public read is a JSON 503 once its moment is over, never an older copy', async () => {
  await (await get('/api/get_blogs.php')).arrayBuffer(); // kept for this moment
  content.databaseUp = false;
  try {
    await atMomentStart();
    const listReads = content.listReads;
    const res = await get('/api/get_blogs.php');
    assert.equal(res.status, 503);
    assert.match(res.headers.get('content-type'), /application\/json/);
    assert.match((await res.json()).message, /database/i);
    assert.equal(content.listReads, listReads, 'nothing was asked twice');
  } finally {
    content.databaseUp = true;
  }
  assert.equal((await get('/api/get_blogs.php')).status, 200);
});

test("a backend's own headers win over nginx's defaults", async () => {
  const res = await get('/api/docs');
  assert.equal(res.headers.get('content-security-policy'), "default-src 'self' 'unsafe-inline'");
});

test("a backend's 503 reaches the client with the backend's message", async () => {
  const res = await get('/api/database-down.php');
  assert.equal(res.status, 503);
  assert.match((await res.json()).message, /^Database unavailable/);
});

test('a request that reached a dying instance is never resent for POST, always for GET', async () => {
  const statuses = [];
  for (let i = 0; i < 4; i += 1) {
    const res = await get('/api/flaky.php', { method: 'POST', body: '{}' });
    const body = await res.json();
    statuses.push(res.status);
    if (res.status === 200) assert.equal(body.instance, 'b');
    else assert.deepEqual([res.status, body.success], [503, false]);
  }
  assert.ok(statuses.includes(503), `some POST should have met instance a: ${statuses}`);
  for (let i = 0; i < 4; i += 1) {
    const res = await get('/api/flaky.php');
    assert.equal(res.status, 200);
    assert.equal((await res.json()).instance, 'b');
  }
});

test('with one instance dead every request, POST included, is answered by the other', async () => {
  await backendA.close();
  for (let i = 0; i < 10; i += 1) {
    const res = await get('/api/who.php', { method: i % 2 ? 'POST' : 'GET', body: i % 2 ? '{"a":1}' : undefined });
    assert.equal(res.status, 200);
    assert.equal((await res.json()).instance, 'b');
  }
});

test('with every instance dead the client gets a JSON 503', async () => {
  await backendB.close();
  const res = await get('/api/who.php');
  assert.equal(res.status, 503);
  assert.match(res.headers.get('content-type'), /application\/json/);
  assert.equal((await res.json()).success, false);
  // After its moment, no cached copy either.
  await atMomentStart();
  const read = await get('/api/get_blogs.php');
  assert.equal(read.status, 503);
  assert.equal((await read.json()).success, false);
});

test("nginx's own 405 (TRACE, or a write to the site's files) is JSON with the contract's Allow", async () => {
  for (const [method, pathname, allow, words] of [
    ['TRACE', '/api/get_blogs.php', 'GET, HEAD', 'GET or HEAD'],
    ['TRACE', '/api/login.php', 'POST', 'POST'],
    ['POST', '/index.html', 'GET, HEAD', 'GET or HEAD'],
  ]) {
    const res = await send(nginx.url, { method, path: pathname }); // fetch refuses TRACE
    assert.equal(res.status, 405, `${method} ${pathname}`);
    assert.equal(res.headers.allow, allow, `${method} ${pathname}`);
    assert.match(res.headers['content-type'], /^application\/json/);
    assert.deepEqual(JSON.parse(res.body), { success: false, message: `This endpoint only accepts ${words}` });
  }
});
