// `npm start` as a newcomer runs it: the backend alone (no nginx) on its own embedded database,
// serving the production build itself. Every public route must load in Chromium with no console
// error, no failed request and no request to another site, and deep links must fall back to the
// app. The nginx topology is covered by the other files; this one covers the built backend
// (backend/dist, as production runs it), the launcher that starts its embedded database
// (tools/with-database.mjs) and the backend's static serving.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from './harness';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:20000').port) + 50;
const baseUrl = `http://127.0.0.1:${port}`;

let backend: ChildProcess | undefined;
let dataDir = '';
let browser: Browser;
const printed: string[] = [];

/** Builds the backend and starts it as `npm start -w backend` does; resolves once it listens. */
function startBackend(): Promise<void> {
  execFileSync('npm', ['run', 'build', '-w', 'backend'], { cwd: repoRoot, stdio: 'ignore' });
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['MONGO_URL', 'STATIC_DIR', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'JWT_SECRET', 'NODE_ENV', 'SMTP_URL', 'MAIL_FROM']) delete env[name];
  backend = spawn(process.execPath, ['../tools/with-database.mjs', '--enable-source-maps', 'dist/main.js'], {
    cwd: path.join(repoRoot, 'backend'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not listen within 60 s:\n${printed.join('\n')}`)), 60_000);
    for (const stream of [backend!.stdout!, backend!.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        printed.push(line);
        if (line.includes(`listening on http://127.0.0.1:${port}`)) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
    backend!.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with code ${code}:\n${printed.join('\n')}`));
    });
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ngo-npm-start-'));
  await startBackend();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (backend && backend.exitCode === null) {
    const exited = new Promise((resolve) => backend!.once('exit', resolve));
    backend.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  test('prints the admin login it created, once', () => {
    const created = printed.filter((line) => line.startsWith('Admin login created: admin@example.org / '));
    expect(created).toHaveLength(1);
    expect(created[0]!.split(' / ')[1]!.length).toBeGreaterThanOrEqual(12);
  });

  test('says that mail is not being delivered while no SMTP server is set up', () => {
    expect(printed).toContain('Mail is not being delivered: SMTP_URL is not set, so every mail waits in the outbox until it is (docs/mail.md)');
  });

  test('serves the API and its contract on the same port', async () => {
    const health = await fetch(`${baseUrl}/api/health.php`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ success: true, database: 'up' });
    const spec = await fetch(`${baseUrl}/api/openapi.yaml`);
    expect(spec.status).toBe(200);
    expect(await spec.text()).toMatch(/^openapi: 3\.1\./m);
  });

  const routes: Array<[string, RegExp]> = [
    ['/', /./],
    ['/about', /./],
    ['/programs', /./],
    ['/donate', /./],
    ['/blog', /./],
    ['/contact', /./],
    ['/volunteer', /./],
    ['/gallery', /^Our Impact in Pictures$/],
    ['/login', /^Admin Login$/],
    ['/no/such/page', /Page Not Found|404/],
  ];

  test.each(routes)('loads %s from the build with no console error or failed request', async (route, heading) => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // Chromium logs the not-found page's own 404 as a console error too; the status is checked below.
      if (message.type() === 'error' && !(route === '/no/such/page' && /status of 404/.test(message.text()))) problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
    page.on('request', (request) => {
      if (!request.url().startsWith(baseUrl) && !request.url().startsWith('data:')) problems.push(`third party: ${request.url()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/no/such/page')) problems.push(`${response.status()}: ${response.url()}`);
    });

    const response = await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
    // Every page comes rendered by the backend, an unknown one with a real 404.
    expect(response?.status()).toBe(route === '/no/such/page' ? 404 : 200);
    expect(response?.headers()['content-type']).toMatch(/text\/html/);
    expect(await response?.text()).toMatch(/<h1[ >]/);
    const h1 = page.locator('h1');
    await h1.first().waitFor();
    expect(await h1.count()).toBe(1);
    expect(await h1.innerText()).toMatch(heading);
    expect(problems).toEqual([]);
    await page.close();
  });
});
