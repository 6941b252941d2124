// `npm run test:docker`: the production stack as an operator runs it (README, "Running in
// production"), built and started with Docker Compose, then exercised through its nginx:
// the pages and a visitor journey in Chromium, an upload and its WebP variant, the JSON 413 and
// the 429 of the login limit, `--scale backend=2` with one backend killed under load, the
// database container restarted under load, `down` then `up` keeping everything, a backup
// restored into a fresh stack, and with DOMAIN set a third stack on HTTPS whose certificates come
// from a local ACME server (pebble) and are renewed under load. Base images come from a registry
// when one answers, otherwise from the stand-ins of tools/docker/stand-ins.sh (built once, then kept).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expectTargets, underLoad } from '../../e2e/fault-load.mjs';
import { launchBrowser } from '../browser.mjs';
import { acmeLog, clientSite, connectTls, domain, homeTrusting, http2Get, http2Session, httpGet, httpsGet, servedValidTo, startHttpsLoad } from './https.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = path.join(repo, '.tmp', 'docker-test');
const httpPort = Number(process.env.DOCKER_TEST_PORT ?? 25080);
const restorePort = httpPort + 1;
const admin = { email: 'docker-admin@example.org', password: `docker-${randomBytes(9).toString('hex')}` };
const projects = { main: 'ngo-site-test', restored: 'ngo-site-restore', https: 'ngo-site-https' };
const httpsPorts = { http: httpPort + 2, https: httpPort + 3 };
const times = {};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function envFile(name, port, extra = []) {
  // The variables of .env.example that an operator must fill in, as the README says, and the
  // TLS proxy on the host this test stands in for (its load speaks for many visitors).
  const file = path.join(work, `${name}.env`);
  const lines = [
    `JWT_SECRET=${randomBytes(36).toString('base64')}`,
    `ADMIN_EMAIL=${admin.email}`,
    `ADMIN_PASSWORD=${admin.password}`,
    `HTTP_PORT=127.0.0.1:${port}`,
    'TRUSTED_PROXIES=172.16.0.0/12,192.168.0.0/16,10.0.0.0/8',
  ];
  writeFileSync(file, [...lines, ...extra].join('\n') + '\n');
  return file;
}

/** The longest one command may take (a build of every stand-in on a bare machine included): a hang fails its test. */
const commandTimeoutMs = 20 * 60_000;

function sh(command, args, { input, quiet = false } = {}) {
  const result = spawnSync(command, args, {
    cwd: repo,
    input,
    stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    maxBuffer: 512 * 1024 * 1024,
    timeout: commandTimeoutMs,
    killSignal: 'SIGKILL',
  });
  if (result.error?.code === 'ETIMEDOUT') throw new Error(`${command} ${args.join(' ')} did not end within ${commandTimeoutMs / 60_000} min`);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}\n${result.stderr.toString().slice(-4000)}\n${result.stdout.toString().slice(-2000)}`);
  }
  if (!quiet && result.stderr.length) process.stderr.write(result.stderr.toString().slice(-2000));
  return result.stdout;
}

const composeOf =
  (project, env, files = []) =>
  (...args) => {
    const options = typeof args.at(-1) === 'object' ? args.pop() : {};
    return sh('docker', ['compose', '--project-name', project, '--env-file', env, ...files.flatMap((file) => ['-f', file]), ...args], options);
  };
let compose;
let composeRestored;
let composeHttps;
const site = { baseUrl: `http://127.0.0.1:${httpPort}`, token: '', postId: '', hungAfterMs: 3000 + 1500 };

/** What nginx logged besides 200s: why a request failed, when one did. */
function nginxComplaints() {
  const lines = compose('logs', '--no-log-prefix', 'nginx', { quiet: true }).toString().split('\n');
  return lines
    .filter((line) => /\[(error|warn)\]| 50\d /.test(line))
    .slice(-40)
    .join('\n');
}

function timed(name, action) {
  const started = Date.now();
  const result = action();
  times[name] = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  return result;
}

/**
 * fetch, tried again when the connection breaks: after `down`/`up` the client may still hold a
 * kept-alive connection to the nginx container that is gone (docker-proxy keeps its side open).
 */
async function call(url, init) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 3) throw error;
      await sleep(300);
    }
  }
}

/** The first admin logs in on the login page and reaches the dashboard. */
async function logInInChromium(page, baseUrl) {
  // As a person would: the page's script has taken the form over before it is filled in (a
  // form sent before that is posted and sent back to its page, e2e/pages.test.ts).
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel(/email/i).fill(admin.email);
  await page.getByLabel(/password/i).fill(admin.password);
  await page.getByRole('button', { name: /login/i }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await page.getByText(/Welcome back/).waitFor();
}

async function login(baseUrl = site.baseUrl) {
  const res = await call(`${baseUrl}/api/login.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  assert.equal(res.status, 200, 'the first admin from .env can log in');
  return (await res.json()).token;
}

const photo = () =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 40, g: 120, b: 80 } } })
    .jpeg()
    .toBuffer();

async function upload(pathname, fields, file) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('image', new Blob([file], { type: 'image/jpeg' }), 'photo.jpg');
  return fetch(`${site.baseUrl}${pathname}`, { method: 'POST', headers: { authorization: `Bearer ${site.token}` }, body: form });
}

/** Posts, gallery items and registrations, with every image's bytes: what must survive. */
async function siteContent(baseUrl, token) {
  const blogs = await (await call(`${baseUrl}/api/get_blogs.php`)).json();
  const gallery = await (await call(`${baseUrl}/api/get_gallery.php`)).json();
  const volunteers = (await (await call(`${baseUrl}/api/get_volunteers.php`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
  const images = {};
  for (const item of [...blogs, ...gallery].filter((entry) => entry.image_url)) {
    const res = await call(new URL(item.image_url, baseUrl));
    assert.equal(res.status, 200, `${item.image_url} answers`);
    images[item.id] = Buffer.from(await res.arrayBuffer()).toString('base64');
  }
  return { blogs, gallery, volunteers, images };
}

before(async () => {
  mkdirSync(work, { recursive: true });
  timed('engine and Compose', () => sh('bash', ['tools/docker/engine.sh']));
  timed('base images (pulled, kept or stand-ins)', () => sh('bash', ['tools/docker/stand-ins.sh']));
  compose = composeOf(projects.main, envFile('main', httpPort));
  composeRestored = composeOf(projects.restored, envFile('restored', restorePort));
  // An operator's .env with DOMAIN and ACME_EMAIL; the CA is pebble, on the compose network.
  const httpsEnv = [
    `DOMAIN=${domain}`,
    `ACME_EMAIL=webmaster@${domain}`,
    'ACME_DIRECTORY=https://pebble:14000/dir',
    `HTTPS_PORT=127.0.0.1:${httpsPorts.https}`,
  ];
  composeHttps = composeOf(projects.https, envFile('https', httpsPorts.http, httpsEnv), ['docker-compose.yml', 'tools/docker/https.compose.yml']);
  for (const down of [compose, composeRestored, composeHttps]) down('down', '--volumes', '--remove-orphans');
  timed('docker compose build', () => compose('build'));
  timed('docker compose up -d --wait (to healthy)', () => compose('up', '-d', '--wait'));
  site.token = await login();
  const posted = await upload('/api/add_blog.php', { title: 'Hand pumps repaired in Ormanjhi', excerpt: 'Twelve villages have water again.' }, await photo());
  assert.equal(posted.status, 201);
  site.postId = (await posted.json()).data.id;
});

after(() => {
  if (!process.env.DOCKER_TEST_KEEP) {
    for (const down of [compose, composeRestored, composeHttps]) {
      try {
        down?.('down', '--volumes', '--remove-orphans');
      } catch (error) {
        console.error(error.message);
      }
    }
  }
  console.log('\nDocker stack times');
  for (const [name, value] of Object.entries(times)) console.log(`  ${name.padEnd(48)} ${value}`);
});

test("the Docker files pass the static checks, the nginx config on the image's nginx 1.28 too", () => {
  const out = sh('bash', ['tools/check-docker.sh'], { quiet: true }).toString();
  assert.match(out, /== nginx -t of the Docker variant on the image's nginx\n(?!skipped)/);
});

test('the pages and the API answer through the stack nginx, and a visitor reads the site in Chromium', async () => {
  for (const page of ['/', '/about', '/programs', '/blog', '/gallery', '/donate', '/contact', '/volunteer', '/login']) {
    const res = await fetch(`${site.baseUrl}${page}`);
    assert.equal(res.status, 200, page);
    assert.match(await res.text(), /<div id="root">/);
  }
  const health = await fetch(`${site.baseUrl}/api/health.php?ready=1`);
  assert.deepEqual(await health.json(), { success: true, status: 'ok', database: 'up' });

  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${site.baseUrl}/blog`);
    await page.getByText('Hand pumps repaired in Ormanjhi').first().waitFor();
    await logInInChromium(page, site.baseUrl);
  } finally {
    await browser.close();
  }
});

test('an upload gets WebP variants, which nginx caches; 413 and 429 come back as JSON', async () => {
  const res = await upload('/api/add_gallery_image.php', { title: 'Seedlings at the nursery', category: 'reforestation' }, await photo());
  assert.equal(res.status, 201);
  const url = new URL((await res.json()).data[0].image_url, site.baseUrl);
  url.searchParams.set('w', '640');
  const first = await fetch(url);
  assert.equal(first.status, 200);
  assert.equal(first.headers.get('content-type'), 'image/webp');
  assert.ok((await sharp(Buffer.from(await first.arrayBuffer())).metadata()).width <= 640);
  const second = await fetch(url);
  await second.arrayBuffer();
  assert.equal(second.headers.get('x-cache-status'), 'HIT');

  const tooLarge = await fetch(`${site.baseUrl}/api/add_gallery_image.php`, {
    method: 'POST',
    headers: { authorization: `Bearer ${site.token}`, 'content-type': 'multipart/form-data; boundary=x' },
    body: Buffer.alloc(53 * 1024 * 1024),
  });
  assert.equal(tooLarge.status, 413);
  assert.equal((await tooLarge.json()).success, false);

  let status = 0;
  for (let attempt = 0; attempt < 6; attempt++) {
    const wrong = await fetch(`${site.baseUrl}/api/login.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.org', password: 'not the password' }),
    });
    status = wrong.status;
    await wrong.arrayBuffer();
  }
  assert.equal(status, 429);
});

test('two backends, one killed under load: no failed read, no lost or doubled write', async () => {
  timed('--scale backend=2', () => compose('up', '-d', '--wait', '--scale', 'backend=2'));
  const containers = compose('ps', '-q', 'backend').toString().trim().split('\n').filter(Boolean);
  assert.equal(containers.length, 2);
  const { figures } = await underLoad(site, { tag: 'docker-kill', name: 'docker: one of two backends killed', before: 2000, after: 4000 }, async () => {
    sh('docker', ['kill', containers[0]]);
  });
  if (figures['failed reads']) console.log(nginxComplaints());
  expectTargets(figures);
  compose('up', '-d', '--wait', '--scale', 'backend=2');
});

test('the database container restarted under load: 503s while it is away, then nothing lost', async () => {
  const { figures } = await underLoad(site, { tag: 'docker-db-restart', name: 'docker: database container restarted', after: 4000 }, async () => {
    const start = Date.now();
    compose('restart', 'mongo');
    // The outage ends when the database answers again, not when Docker says the container started.
    let end = 0;
    for (let attempt = 0; attempt < 60 && !end; attempt++) {
      try {
        compose('exec', '-T', 'mongo', 'mongosh', '--quiet', '--eval', 'quit(db.adminCommand({ ping: 1 }).ok ? 0 : 1)', { quiet: true });
        end = Date.now();
      } catch {
        await sleep(200);
      }
    }
    assert.ok(end, 'the database answers again after its restart');
    return { start, end };
  });
  // Reads while the container restarts are refused by design; none may fail after it is back,
  // and every acknowledged write is stored once. Requests caught by the restart itself are held
  // while the stand-in database (FerretDB) shuts down and starts again (about 6 s here, and then
  // answered); how long is printed above, not held against a target here (the fault suite,
  // npm run test:faults, holds the timeout target on the e2e topology).
  expectTargets({ ...figures, 'hung requests (> timeout + 1.5 s)': 0 });
});

test('docker compose down, then up: every post, image and registration is still there', async () => {
  const before = await siteContent(site.baseUrl, site.token);
  assert.ok(before.blogs.length > 0 && before.gallery.length > 0 && before.volunteers.length > 0);
  compose('down');
  timed('docker compose up -d --wait (warm)', () => compose('up', '-d', '--wait'));
  site.token = await login();
  assert.deepEqual(await siteContent(site.baseUrl, site.token), before);
});

test('a backup restored into a fresh stack holds every post, image and registration, identical', async () => {
  const archive = timed('backup', () => compose('exec', '-T', 'backend', 'node', 'backend/dist/cli/backup.js', 'dump'));
  const file = path.join(work, 'site.backup');
  writeFileSync(file, archive);
  composeRestored('up', '-d', '--wait');
  timed('restore', () => composeRestored('exec', '-T', 'backend', 'node', 'backend/dist/cli/backup.js', 'restore', { input: archive }));
  const restoredUrl = `http://127.0.0.1:${restorePort}`;
  const restoredToken = await login(restoredUrl);
  const original = await siteContent(site.baseUrl, site.token);
  assert.deepEqual(await siteContent(restoredUrl, restoredToken), original);
});

/** The HTTPS stack (DOMAIN set, pebble as the CA), started once for the tests below. */
let httpsStack;
function startHttpsStack() {
  httpsStack ??= (async () => {
    // The plain HTTP stacks are done with: stopped, they leave the machine to this one.
    for (const stack of [compose, composeRestored]) stack('stop');
    timed('HTTPS stack up -d --wait (certificate included)', () => composeHttps('up', '-d', '--wait'));
    return clientSite(composeHttps, httpsPorts.https);
  })();
  return httpsStack;
}

test('with DOMAIN: a certificate from the ACME server, HTTPS with HTTP/2 and HSTS, HTTP redirected, the site and the admin in Chromium', async () => {
  const tlsSite = await startHttpsStack();

  // Issued by pebble for the domain and verified up to pebble's root; TLS 1.3, or 1.2 with a
  // forward-secret AEAD cipher; 1.1 refused by nginx itself (its protocol_version alert).
  const socket = await connectTls(tlsSite);
  const [protocol, certificate] = [socket.getProtocol(), socket.getPeerX509Certificate()];
  socket.destroy();
  assert.equal(protocol, 'TLSv1.3');
  assert.equal(certificate.subjectAltName, `DNS:${domain}`);
  assert.match(certificate.issuer, /Pebble Intermediate CA/);
  const tls12 = await connectTls(tlsSite, { maxVersion: 'TLSv1.2' });
  assert.match(tls12.getCipher().name, /^ECDHE-(ECDSA|RSA)-(AES128-GCM-SHA256|AES256-GCM-SHA384|CHACHA20-POLY1305)$/);
  tls12.destroy();
  await assert.rejects(connectTls(tlsSite, { minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' }), {
    code: 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION',
  });

  const session = http2Session(tlsSite);
  const home = await http2Get(session, '/');
  assert.equal(session.alpnProtocol, 'h2');
  assert.equal(home.status, 200);
  assert.equal(home.headers['strict-transport-security'], 'max-age=63072000');
  session.close();

  // Port 80 sends every address to HTTPS, except the ACME challenge's.
  const redirected = await httpGet(httpsPorts.http, '/about?tab=team');
  assert.equal(redirected.status, 301);
  assert.equal(redirected.headers.location, `https://${domain}/about?tab=team`);
  assert.equal((await httpGet(httpsPorts.http, '/.well-known/acme-challenge/unknown-token')).status, 404);

  // PUBLIC_URL follows DOMAIN; the settings carry the certificate nginx serves (it may be renewed meanwhile).
  assert.match((await httpsGet(tlsSite, '/about')).body, new RegExp(`<link rel="canonical" href="https://${domain}/about"`));
  const before = await servedValidTo(tlsSite);
  const settings = JSON.parse((await httpsGet(tlsSite, '/api/get_settings.php')).body);
  assert.ok([before, await servedValidTo(tlsSite)].includes(settings.certificate.valid_until), JSON.stringify(settings.certificate));

  const chromiumHome = homeTrusting(tlsSite.root, mkdtempSync(path.join(work, 'chromium-home-')));
  const browser = await launchBrowser({ args: [`--host-resolver-rules=MAP ${domain} 127.0.0.1`], env: { HOME: chromiumHome } });
  try {
    const page = await browser.newPage();
    const response = await page.goto(`${tlsSite.baseUrl}/`);
    assert.equal(response.status(), 200);
    assert.deepEqual(await page.evaluate(() => [globalThis.isSecureContext, performance.getEntriesByType('navigation')[0].nextHopProtocol]), [true, 'h2']);
    await logInInChromium(page, tlsSite.baseUrl);
    await page.goto(`${tlsSite.baseUrl}/admin/dashboard?section=settings`);
    await page.getByText(/^HTTPS certificate valid until/).waitFor();
  } finally {
    await browser.close();
    rmSync(chromiumHome, { recursive: true, force: true });
  }
});

test('with DOMAIN: certificates renewed under load with a reload of nginx, never a restart, and not one request failed', async () => {
  const tlsSite = await startHttpsStack();
  const nginxContainer = composeHttps('ps', '-q', 'nginx').toString().trim();
  const lifeOfNginx = () => sh('docker', ['inspect', '-f', '{{.State.StartedAt}} restarts={{.RestartCount}}', nginxContainer]).toString().trim();
  const startedBefore = lifeOfNginx();
  const load = startHttpsLoad(tlsSite);
  // pebble's certificates last two minutes and lego renews one once half of it is gone; a slow
  // machine gets two more minutes before no new certificate counts as a failure.
  const deadline = Date.now() + 270_000;
  while (load.certificates.size < 2 && Date.now() < deadline) await sleep(1000);
  await sleep(3000);
  const figures = await load.stop();
  console.log(`HTTPS load across renewals: ${figures.requests} requests, ${load.certificates.size} certificates served, ${figures.failed.length} failed,`);
  console.log(`  ${figures['sent again on a new connection']} sent again on a new connection after nginx closed the one they went out on`);
  if (figures.failed.length || load.certificates.size < 2) console.log(acmeLog(composeHttps));
  assert.deepEqual(figures.failed.slice(0, 10), []);
  assert.ok(load.certificates.size >= 2, 'a new certificate was served during the load');
  assert.equal(lifeOfNginx(), startedBefore, 'nginx was reloaded, not restarted');
  assert.match(composeHttps('logs', 'nginx', { quiet: true }).toString(), new RegExp(`new certificate for ${domain} in place; nginx reloaded`));
});

test('with DOMAIN: a failed renewal is logged and reaches the settings, while nginx keeps serving', async () => {
  const tlsSite = await startHttpsStack();
  composeHttps('stop', 'pebble');
  const settingsInside = () =>
    JSON.parse(composeHttps('exec', '-T', 'nginx', 'wget', '-q', '-O', '-', 'http://127.0.0.1/api/get_settings.php', { quiet: true }));
  // The next check that finds the certificate due fails: within a minute and a half of the last
  // renewal, plus lego's own retries of an unreachable CA; three minutes allow for a slow machine.
  let certificate;
  for (const deadline = Date.now() + 180_000; Date.now() < deadline && !certificate?.renewal_failed_at;) {
    await sleep(1000);
    certificate = settingsInside().certificate;
  }
  if (!certificate?.renewal_failed_at) console.log(acmeLog(composeHttps));
  assert.ok(certificate?.renewal_failed_at, `the settings say the renewal failed: ${JSON.stringify(certificate)}`);
  assert.match(composeHttps('logs', 'nginx', { quiet: true }).toString(), new RegExp(`the renewal check for ${domain} failed`));
  assert.equal((await httpsGet(tlsSite, '/')).status, 200);
});
