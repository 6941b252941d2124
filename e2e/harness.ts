// What every e2e test file uses: the running topology's addresses, a browser, pages that record
// every console error and failed request, control over the backend instances, and API calls with
// an admin token. See e2e/README.md.
import jwt from 'jsonwebtoken';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import type { CaughtMail } from '../tools/mail-catcher.mjs';

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
  /** The backends' database (loopback runs only), for rows written straight into it. */
  mongoUrl: required('E2E_MONGO_URL'),
};

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;
export type ViewportName = keyof typeof viewports;

export { launchBrowser } from '../tools/browser.mjs';

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
  {
    viewport = 'desktop',
    storage,
    javaScript = true,
  }: {
    viewport?: ViewportName;
    storage?: Record<string, string>;
    /** false: a browser without the page's script (it never loads, the server's HTML is all there is). */
    javaScript?: boolean;
  } = {},
): Promise<GuardedPage> {
  const context = await browser.newContext({ viewport: viewports[viewport], baseURL: e2e.baseUrl, javaScriptEnabled: javaScript });
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

/** The mails the backends sent, as the run's SMTP server received them (tools/mail-catcher.mjs). */
export const mailbox = {
  all: () => control<CaughtMail[]>('GET', '/mail'),
  /** The first mail (already received or yet to come) for which `test` is true. */
  async waitFor(test: (mail: CaughtMail) => boolean, timeoutMs = 20_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await mailbox.all()).find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such mail within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  },
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

/** The request options of a JSON POST (add `token` to send one). */
export const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

let cachedToken: string | undefined;

/** A token of the run's admin (logs in once per test file through POST /api/login.php). */
export async function adminToken(): Promise<string> {
  if (cachedToken) return cachedToken;
  const { status, body } = await api<{ success: boolean; token?: string; message: string }>('/api/login.php', json(e2e.admin));
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
