// What every e2e test file uses: the running topology's addresses, a browser, pages that record
// every console error and failed request, axe-core, screenshots, control over the backend
// instances, and an admin token for API calls. See e2e/README.md.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests with \`npm run test:e2e\` (e2e/run.mjs)`);
  return value;
}

export const e2e = {
  /** nginx, in front of the backend instances: every page and API call goes through it. */
  baseUrl: required('E2E_BASE_URL'),
  admin: { email: required('E2E_ADMIN_EMAIL'), password: required('E2E_ADMIN_PASSWORD') },
  /** Screenshots land here (kept as CI artifacts). */
  artifactsDir: required('E2E_ARTIFACTS_DIR'),
  controlUrl: required('E2E_CONTROL_URL'),
  /** The backends' JWT secret (loopback runs only), for tokens the login would not give. */
  jwtSecret: required('E2E_JWT_SECRET'),
};

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;
export type ViewportName = keyof typeof viewports;

/**
 * Debian's Chromium; playwright gives each launch a fresh temporary profile. `extraArgs`: e.g. a
 * DevTools port; `env`: added to the browser's environment (e.g. FONTCONFIG_FILE).
 */
export function launchBrowser(extraArgs: string[] = [], env?: Record<string, string>): Promise<Browser> {
  return chromium.launch({
    ...(env ? { env: { ...process.env, ...env } } : {}),
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
      ...extraArgs,
    ],
  });
}

export interface GuardedPage {
  page: Page;
  context: BrowserContext;
  /** Everything that went wrong so far: console errors, page errors, failed or refused requests. */
  problems: string[];
  /** Answers with these statuses (e.g. a 400 a test provokes on purpose) are not problems. */
  allowStatus: (status: number, urlPart: string) => void;
  /** Fails the test when anything went wrong on the page since it was opened. */
  expectClean: () => void;
  close: () => Promise<void>;
}

/**
 * A fresh context and page at the given width. Records as problems: console errors, uncaught page
 * errors, requests the browser could not complete, answers of 400 and above that were not
 * allowed, and any request that leaves the site's origin.
 */
export async function openPage(
  browser: Browser,
  { viewport = 'desktop', storage }: { viewport?: ViewportName; storage?: Record<string, string> } = {},
): Promise<GuardedPage> {
  const context = await browser.newContext({ viewport: viewports[viewport], baseURL: e2e.baseUrl });
  if (storage) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  const allowed: Array<{ status: number; urlPart: string }> = [];
  const origin = new URL(e2e.baseUrl).origin;
  const isAllowed = (response: Response) => allowed.some((a) => a.status === response.status() && response.url().includes(a.urlPart));

  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs every 4xx/5xx answer as a console error too; those are judged by status below.
    if (/^Failed to load resource: the server responded with a status of \d+/.test(message.text())) return;
    problems.push(`console error on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught error on ${page.url()}: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !/^(data|blob|about):/.test(url)) problems.push(`third-party request: ${url}`);
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'unknown error';
    // The browser cancels requests itself when a page navigates away; the server did not fail.
    if (error === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${error})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !isAllowed(response)) {
      problems.push(`HTTP ${response.status()} for ${response.request().method()} ${response.url()}`);
    }
  });

  return {
    page,
    context,
    problems,
    allowStatus: (status, urlPart) => allowed.push({ status, urlPart }),
    expectClean: () => {
      if (problems.length > 0) throw new Error(`the browser saw problems:\n  ${problems.join('\n  ')}`);
    },
    close: () => context.close(),
  };
}

/** Opens `pathname` and waits until the network is quiet (the SPA has fetched its data). */
export async function visit(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname, { waitUntil: 'networkidle' });
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * Waits until every finite CSS transition and animation on the page has ended (a spinner's
 * endless one excepted): a toast or dialog caught halfway through its entrance is measured at
 * colours and places it never rests at.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    // A cancelled animation (its element removed) rejects `finished`; it is settled too.
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Runs axe-core on the page as it is and returns its serious and critical violations, formatted.
 * axe is evaluated through the DevTools protocol, so the site's CSP (no inline scripts) stays on.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
    );
}

/**
 * Waits until the page stops changing: its CSS transitions and animations have ended and the DOM
 * has not changed for `quietMs` (a counter that counts up in script is done). Gives up quietly
 * after `maxMs`, as a screenshot of a page that never rests is still worth having.
 */
async function pageAtRest(page: Page, { quietMs = 300, maxMs = 8000 } = {}): Promise<void> {
  await animationsSettled(page);
  await page.evaluate(
    ({ quietMs, maxMs }) =>
      new Promise<void>((resolve) => {
        let quietTimer = setTimeout(done, quietMs);
        const giveUp = setTimeout(done, maxMs);
        const observer = new MutationObserver(() => {
          clearTimeout(quietTimer);
          quietTimer = setTimeout(done, quietMs);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        function done() {
          observer.disconnect();
          clearTimeout(quietTimer);
          clearTimeout(giveUp);
          resolve();
        }
      }),
    { quietMs, maxMs },
  );
}

/**
 * A full-page PNG in the artifacts folder, named `<name>.png`. The page is scrolled through first
 * so lazy images and scroll-triggered sections are shown as a visitor would see them.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(e2e.artifactsDir, { recursive: true });
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await pageAtRest(page);
  const file = path.join(e2e.artifactsDir, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

async function control<T>(method: 'GET' | 'POST', route: string): Promise<T> {
  const res = await fetch(`${e2e.controlUrl}${route}`, { method });
  const body = await res.json();
  if (!res.ok) throw new Error(`control ${method} ${route}: ${JSON.stringify(body)}`);
  return body as T;
}

/** Backend instances are numbered from 1. Killing is SIGKILL: requests in flight die with it. */
export const backends = {
  list: () => control<Array<{ number: number; port: number; running: boolean }>>('GET', '/backends'),
  kill: (number: number) => control<{ running: boolean }>('POST', `/backends/${number}/kill`),
  start: (number: number) => control<{ running: boolean }>('POST', `/backends/${number}/start`),
  /** nginx access-log lines of requests that a dead instance refused and another one answered. */
  retriedRequests: async () => (await control<{ lines: string[] }>('GET', '/nginx/retried')).lines,
};

/** Calls the API through nginx and parses the JSON answer. */
export async function api<T = unknown>(pathname: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(new URL(pathname, e2e.baseUrl), { ...init, headers });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${init.method ?? 'GET'} ${pathname}: ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, body: body as T };
}

let cachedToken: string | undefined;

/** A token of the run's admin (logs in once per test file through POST /api/login.php). */
export async function adminToken(): Promise<string> {
  if (cachedToken) return cachedToken;
  const { status, body } = await api<{ success: boolean; token?: string; message: string }>('/api/login.php', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(e2e.admin),
  });
  if (status !== 200 || !body.token) throw new Error(`admin login failed: ${status} ${body.message}`);
  cachedToken = body.token;
  return cachedToken;
}

/**
 * A token for the run's admin, signed with the backends' secret as the login signs it, that
 * expires `expiresIn` seconds from now (negative: expired that long ago). Lets a test hold an
 * expired or short-lived session without waiting for a real one to run out.
 */
export async function signAdminToken({ expiresIn }: { expiresIn: number }): Promise<string> {
  const { sub, role } = jwt.decode(await adminToken()) as { sub: string; role: string };
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign({ role, sub, iat: now - 3600, exp: now + expiresIn }, e2e.jwtSecret, { algorithm: 'HS256' });
}

/** A real JPEG of the given size and colour, for uploads. */
export async function sampleJpeg({ width = 800, height = 600, color = '#2f7d4a' } = {}): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** multipart/form-data from plain fields; Buffer values become files named `<field>.jpg`. */
export function formData(fields: Record<string, string | Buffer | Buffer[] | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    values.forEach((item, i) => {
      if (typeof item === 'string') form.append(name, item);
      else form.append(name, new Blob([new Uint8Array(item)], { type: 'image/jpeg' }), `${name.replace(/\W/g, '')}-${i + 1}.jpg`);
    });
  }
  return form;
}

/** A desktop page logged in through /login as the run's admin, on the Dashboard. */
export async function loggedInAdmin(browser: Browser): Promise<GuardedPage> {
  const guarded = await openPage(browser, { viewport: 'desktop' });
  const { page } = guarded;
  await visit(page, '/login');
  await page.getByLabel('Email').fill(e2e.admin.email);
  await page.getByLabel('Password').fill(e2e.admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).first().waitFor({ state: 'visible' });
  return guarded;
}

export interface CrawlerFile {
  status: number;
  contentType: string;
  /** How nginx sent it when gzip was offered. */
  contentEncoding: string | null;
  /** Set when Chromium's XML parser refused the file. */
  parseError: string | null;
  /** The root element's name (urlset, rss). */
  root: string;
  /** Every <loc> (sitemap) or <item><link> (feed), with the sitemap's <lastmod> where there is one. */
  entries: { url: string; lastmod: string | null; title: string | null }[];
}

/** /sitemap.xml or the feed, fetched through nginx offering gzip and read by the browser's own XML parser. */
export async function readCrawlerXml(browser: Browser, pathname: string): Promise<CrawlerFile> {
  const res = await fetch(new URL(pathname, e2e.baseUrl), { headers: { 'accept-encoding': 'gzip', 'user-agent': 'Googlebot/2.1' } });
  const text = await res.text();
  const page = await browser.newPage();
  try {
    const parsed = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const error = doc.getElementsByTagName('parsererror')[0];
      const nodes = doc.documentElement.nodeName === 'rss' ? [...doc.getElementsByTagName('item')] : [...doc.getElementsByTagName('url')];
      return {
        parseError: error ? (error.textContent ?? 'parse error') : null,
        root: doc.documentElement.nodeName,
        entries: nodes.map((node) => ({
          url: (node.getElementsByTagName('loc')[0] ?? node.getElementsByTagName('link')[0])?.textContent ?? '',
          lastmod: node.getElementsByTagName('lastmod')[0]?.textContent ?? null,
          title: node.getElementsByTagName('title')[0]?.textContent ?? null,
        })),
      };
    }, text);
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', contentEncoding: res.headers.get('content-encoding'), ...parsed };
  } finally {
    await page.close();
  }
}
