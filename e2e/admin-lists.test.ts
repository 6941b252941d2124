// The admin's volunteer list at a few hundred registrations, through nginx and both backends:
// the rows are written straight into the database as an import would and both instances
// restarted (what an operator does after an import: an instance reads its lists as it starts),
// then the admin pages and searches in a real browser, the place kept across a reload and back.
import { MongoClient, ObjectId } from 'mongodb';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminToken, api, backends, e2e, launchBrowser, openPage, visit } from './harness';
import { seriousA11yViolations } from './screens';

const seeded = 300;
const tag = `lists-${Date.now().toString(36)}`;
const email = `${tag}@example.org`;
let browser: Browser;

/** Waits (a minute at most) until nginx finds a backend that is ready. */
async function waitForHealth() {
  for (const started = Date.now(); Date.now() - started < 60_000;) {
    if ((await fetch(new URL('/api/health.php?ready=1', e2e.baseUrl))).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no backend became ready after the restart');
}

beforeAll(async () => {
  const client = await MongoClient.connect(e2e.mongoUrl);
  try {
    const start = Date.UTC(2023, 0, 1);
    const rows = Array.from({ length: seeded }, (_, n) => ({
      _id: new ObjectId(),
      name: `Lists Tester ${String(n).padStart(3, '0')}`,
      email,
      mobile: '+91 98765 43210',
      gender: '',
      interest: 'teaching',
      start_date: null,
      address: n % 10 === 7 ? `Khunti ${tag}` : 'Lalpur, Ranchi',
      about: '',
      createdAt: new Date(start + n * 60_000),
      updatedAt: new Date(start + n * 60_000),
    }));
    for (const instance of await backends.list()) await backends.kill(instance.number);
    await client.db().collection('volunteers').insertMany(rows);
    for (const instance of await backends.list()) await backends.start(instance.number);
    await waitForHealth();
  } finally {
    await client.close();
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  // Through the API, so the lists the instances hold let go of them too.
  const erased = await api('/api/delete_volunteer.php', {
    method: 'POST',
    token: await adminToken(),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(erased.status).toBe(200);
});

interface Page {
  success: boolean;
  data: { name: string }[];
}

test('the admin pages and searches a few hundred registrations on the server, and keeps the place', async () => {
  const token = await adminToken();
  const first = await fetch(new URL('/api/get_volunteers.php?limit=25&page=2', e2e.baseUrl), { headers: { authorization: `Bearer ${token}` } });
  const total = Number(first.headers.get('x-total-count'));
  expect(total).toBeGreaterThanOrEqual(seeded);
  const secondPage = ((await first.json()) as Page).data.map((row) => row.name);

  const guarded = await openPage(browser, { viewport: 'desktop', storage: { token, userRole: 'admin' } });
  const { page } = guarded;
  await visit(page, '/admin/dashboard?section=volunteers');
  const rows = page.locator('.volunteer-table tbody tr');
  await expect.poll(() => rows.count()).toBe(25);
  const pages = page.getByRole('navigation', { name: 'Pages of registrations' });
  await expect.poll(() => pages.textContent()).toContain(`Page 1 of ${Math.ceil(total / 25)}`);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await pages.getByRole('link', { name: 'Next' }).click();
  await page.waitForURL(/page=2/);
  await expect.poll(() => rows.locator('th').allTextContents()).toEqual(secondPage);

  // A reload opens the same page.
  await page.reload({ waitUntil: 'networkidle' });
  await expect.poll(() => rows.locator('th').allTextContents()).toEqual(secondPage);

  // A search goes to the server (one in ten live in Khunti) and is kept in the address.
  await page.getByRole('searchbox', { name: 'Search registrations' }).fill(`khunti ${tag}`);
  await page.waitForURL(/q=khunti/);
  await expect.poll(() => rows.count()).toBe(25);
  await expect.poll(() => page.getByRole('heading', { name: /Registrations/ }).textContent()).toContain(String(seeded / 10));
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect.poll(() => rows.count()).toBe(seeded / 10 - 25);
  expect(await rows.locator('th').allTextContents()).toEqual(expect.arrayContaining(['Lists Tester 017']));

  // Back: the first page of the search, as it was.
  await page.goBack({ waitUntil: 'networkidle' });
  await expect.poll(() => rows.count()).toBe(25);
  expect(await page.getByRole('searchbox', { name: 'Search registrations' }).inputValue()).toBe(`khunti ${tag}`);
  guarded.expectClean();
  await guarded.close();
});
