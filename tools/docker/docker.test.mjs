// `npm run test:docker`: the production stack as an operator runs it (README, "Running in
// production"), built and started with Docker Compose, then exercised through its nginx:
// the pages and a visitor journey in Chromium, an upload and its WebP variant, the JSON 413 and
// the 429 of the login limit, `--scale backend=2` with one backend killed under load, the
// database container restarted under load, `down` then `up` keeping everything, and a backup
// restored into a fresh stack. Base images come from a registry when one answers, otherwise from
// the stand-ins of tools/docker/stand-ins.sh (built once, then kept).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { expectTargets, measure, startLoad } from '../../e2e/fault-load.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = path.join(repo, '.tmp', 'docker-test');
const httpPort = Number(process.env.DOCKER_TEST_PORT ?? 25080);
const restorePort = httpPort + 1;
const admin = { email: 'docker-admin@example.org', password: `docker-${randomBytes(9).toString('hex')}` };
const projects = { main: 'ngo-site-test', restored: 'ngo-site-restore' };
const times = {};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function envFile(name, port) {
  // The variables of .env.example that an operator must fill in, as the README says.
  const file = path.join(work, `${name}.env`);
  writeFileSync(
    file,
    [`JWT_SECRET=${randomBytes(36).toString('base64')}`, `ADMIN_EMAIL=${admin.email}`, `ADMIN_PASSWORD=${admin.password}`, `HTTP_PORT=127.0.0.1:${port}`].join(
      '\n',
    ) + '\n',
  );
  return file;
}

function sh(command, args, { input, quiet = false } = {}) {
  const result = spawnSync(command, args, { cwd: repo, input, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'], maxBuffer: 512 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}\n${result.stderr.toString().slice(-4000)}\n${result.stdout.toString().slice(-2000)}`);
  }
  if (!quiet && result.stderr.length) process.stderr.write(result.stderr.toString().slice(-2000));
  return result.stdout;
}

const composeOf =
  (project, env) =>
  (...args) => {
    const options = typeof args.at(-1) === 'object' ? args.pop() : {};
    return sh('docker', ['compose', '--project-name', project, '--env-file', env, ...args], options);
  };
let compose;
let composeRestored;
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
  for (const down of [compose, composeRestored]) down('down', '--volumes', '--remove-orphans');
  timed('docker compose build', () => compose('build'));
  timed('docker compose up -d --wait (to healthy)', () => compose('up', '-d', '--wait'));
  site.token = await login();
  const posted = await upload('/api/add_blog.php', { title: 'Hand pumps repaired in Ormanjhi', excerpt: 'Twelve villages have water again.' }, await photo());
  assert.equal(posted.status, 201);
  site.postId = (await posted.json()).data.id;
});

after(() => {
  if (!process.env.DOCKER_TEST_KEEP) {
    for (const down of [compose, composeRestored]) {
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

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${site.baseUrl}/blog`);
    await page.getByText('Hand pumps repaired in Ormanjhi').first().waitFor();
    // As a person would: the page's script has taken the form over before it is filled in (a
    // form sent before that is posted and sent back to its page, e2e/pages.test.ts).
    await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel(/email/i).fill(admin.email);
    await page.getByLabel(/password/i).fill(admin.password);
    await page.getByRole('button', { name: /login/i }).click();
    await page.waitForURL(/\/admin\/dashboard/);
    await page.getByText(/Welcome back/).waitFor();
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
  const load = startLoad(site, 'docker-kill');
  await sleep(2000);
  sh('docker', ['kill', containers[0]]);
  await sleep(4000);
  await load.stop();
  const figures = await measure(site, 'docker: one of two backends killed', load);
  if (figures['failed reads']) console.log(nginxComplaints());
  expectTargets(figures);
  compose('up', '-d', '--wait', '--scale', 'backend=2');
});

test('the database container restarted under load: 503s while it is away, then nothing lost', async () => {
  const load = startLoad(site, 'docker-db-restart');
  await sleep(1500);
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
  await sleep(4000);
  await load.stop();
  const figures = await measure(site, 'docker: database container restarted', load, { expectedOutage: { start, end } });
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
