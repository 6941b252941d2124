// The service worker (frontend/public/sw.js, docs/offline.md) in Chromium through nginx and two
// backends: a volunteer form sent offline is kept on the phone, sent by itself once the network is
// back and stored exactly once; a page visited before, a form's page too, can be read again offline,
// marked as a saved copy, while online a visited page is today's (network first).
//
// Offline here is Playwright's context.setOffline, which (Playwright 1.65, Chromium) reaches the
// service worker's own fetches too: its service-worker network support is on by default, and it
// sends Network.emulateNetworkConditions to the worker's target as to the page's.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addPost, adminGet, removePosts, removeTagged } from './content';
import { e2e, launchBrowser, openPage, visit } from './harness';

const runTag = `offline${Date.now().toString(36)}`;
let browser: Browser;
const posts: string[] = [];
beforeAll(async () => (browser = await launchBrowser()));
afterAll(async () => {
  await browser?.close();
  await removePosts(posts);
  await removeTagged('/api/get_volunteers.php', '/api/delete_volunteer.php', runTag);
  await removeTagged('/api/get_messages.php', '/api/delete_message.php', runTag);
});

/** Waits until the service worker, registered once the page has loaded, controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** The stored rows with this e-mail in an admin list (registrations, messages). */
async function storedWith(list: string, email: string): Promise<number> {
  const { status, body } = await adminGet<{ data: Array<{ email: string }> }>(`/api/${list}?q=${encodeURIComponent(email)}`);
  expect(status).toBe(200);
  return body.data.filter((row) => row.email === email).length;
}
const registrationsOf = (email: string) => storedWith('get_volunteers.php', email);

test('a volunteer form sent offline is kept, then stored exactly once when the phone is back online', async () => {
  const email = `kept-${runTag}@example.org`;
  const guarded = await openPage(browser, { viewport: 'phone' });
  const { page, context } = guarded;
  try {
    await visit(page, '/volunteer');
    await controlled(page);
    const field = (name: string) => page.locator(`form [name="${name}"]`);
    await field('name').fill('Pushpa Tirkey');
    await field('email').fill(email);
    await field('mobile').fill('+91 94311 00001');
    await field('interest').selectOption('social');
    await field('start_date').fill('2030-02-01');
    await field('address').fill('Bariatu, Ranchi');
    await field('about').fill('I can help at the health camps on Sundays.');
    await field('date_of_birth').fill('1990-08-15');
    await field('notice_version').check();
    let alerts = 0;
    page.on('dialog', (dialog) => {
      alerts++;
      void dialog.accept();
    });

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Register as Volunteer' }).click();
    const status = page.getByRole('status');
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toMatch(/kept on this phone/);
    // What the person typed is safe in the worker, so the form is empty for another one.
    expect(await field('email').inputValue()).toBe('');

    // A phone that stays offline for a while: nothing reaches the server meanwhile.
    await page.waitForTimeout(20_000);
    expect(await registrationsOf(email)).toBe(0);

    // Back online, with no further tap: the page's online event (or Background Sync) sends it.
    await context.setOffline(false);
    await expect.poll(() => registrationsOf(email), { timeout: 30_000, interval: 1000 }).toBe(1);
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toMatch(/has now been sent/);
    // Sent once: the worker removed it, and a later chance to send sends nothing again.
    await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: 'send-kept-forms' }));
    await page.reload({ waitUntil: 'networkidle' });
    await controlled(page);
    expect(await registrationsOf(email)).toBe(1);
    expect(alerts).toBe(0);
    guarded.expectClean();
  } finally {
    await guarded.close();
  }
});

test('the contact page visited once opens offline and works; a message typed there is kept, then stored exactly once back online', async () => {
  const email = `kept-message-${runTag}@example.org`;
  const guarded = await openPage(browser, { viewport: 'phone' });
  const { page, context } = guarded;
  try {
    await visit(page, '/contact');
    await controlled(page);
    // The form's page (private to this visitor: nginx keeps none) is kept on the phone and opens offline.
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match(location.href))), { timeout: 10_000 }).toBe(true);
    const keyOf = () => page.locator('input[name="idempotency_key"]').inputValue();
    const keptKey = await page.evaluate(async () => /name="idempotency_key" value="([^"]+)"/.exec(await (await caches.match(location.href))!.text())![1]);
    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    // The kept copy gets a key of its own: a plain post from it is never taken for the first page's.
    expect(await keyOf()).toMatch(/^[0-9a-f-]{36}$/);
    expect(await keyOf()).not.toBe(keptKey);
    // Taken over by the app (its files were kept too): the form is sent by the script, not as a plain post.
    const byReact = () => Object.keys(document.querySelector('#contact-form form') ?? {}).some((key) => key.startsWith('__react'));
    await page.waitForFunction(byReact, undefined, { timeout: 10_000 });
    await page.getByLabel('Your Name').fill('Birsa Hembrom');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Subject').selectOption('General Inquiry');
    await page.getByLabel('Message', { exact: true }).fill('When is the next tree planting day in Khunti?');
    await page.getByLabel(/I have read the privacy notice/).check();
    await page.getByRole('button', { name: 'Send Message' }).click();
    const status = page.getByRole('status');
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toMatch(/kept on this phone/);
    expect(await storedWith('get_messages.php', email)).toBe(0);

    await context.setOffline(false);
    await expect.poll(() => storedWith('get_messages.php', email), { timeout: 30_000, interval: 1000 }).toBe(1);
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toMatch(/has now been sent/);
    // Nothing went wrong but what offline means: the page-view beacon and the icon did not load then.
    expect(guarded.problems.filter((problem) => !problem.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  } finally {
    await guarded.close();
  }
});

test('a payment reported offline is kept, then stored exactly once when the phone is back online', async () => {
  // Donation records are kept for the tax law (there is no delete): this one is named by the run.
  const reference = `KEPT${runTag}`.toUpperCase();
  const guarded = await openPage(browser, { viewport: 'phone' });
  const { page, context } = guarded;
  try {
    await visit(page, '/donate');
    await controlled(page);
    await page.getByRole('button', { name: '₹2,000' }).click();
    await page.getByRole('button', { name: 'I have paid' }).click();
    await page.getByLabel('Your Name').fill(`Kept Donor ${runTag}`);
    await page.getByLabel('Email Address').fill(`kept-donor-${runTag}@example.org`);
    await page.getByLabel('Transaction reference (UTR)').fill(reference);
    await page.getByLabel(/I have read the privacy notice/).check();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send payment details' }).click();
    const status = page.getByRole('status');
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toMatch(/kept on this phone/);

    await context.setOffline(false);
    const stored = async () => (await adminGet<{ data: Array<{ reference: string }> }>(`/api/get_donations.php?q=${reference}`)).body.data.length;
    await expect.poll(stored, { timeout: 30_000, interval: 1000 }).toBe(1);
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toMatch(/has now been sent/);
    guarded.expectClean();
  } finally {
    await guarded.close();
  }
});

test('a page visited before is read again offline; the login, the admin area and the API are never kept', async () => {
  const guarded = await openPage(browser, { viewport: 'phone' });
  const { page, context } = guarded;
  try {
    await visit(page, '/about');
    await controlled(page);
    // Opened before the worker was in control: the worker keeps it (and its files) as it starts.
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match(location.href))), { timeout: 10_000 }).toBe(true);
    const heading = await page.locator('h1').innerText();
    expect(await page.locator('.saved-copy').count()).toBe(0);
    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    expect(await page.locator('h1').innerText()).toBe(heading);
    expect(await page.locator('main').innerText()).toMatch(/\w/);
    // The kept copy says so, with when it was served.
    expect(await page.locator('.saved-copy').innerText()).toMatch(/^Saved copy from .+ You are offline or the network is slow/);
    await context.setOffline(false);

    await visit(page, '/login');
    await visit(page, '/programs');
    await visit(page, '/volunteer?sent=1');
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    const paths = kept.map((url) => new URL(url).pathname);
    expect(paths).toContain('/programs');
    expect(paths.filter((pathname) => /^\/(login|admin|api)\b/.test(pathname))).toEqual([]);
    // A form's page may be kept (it is this visitor's own), not the answer to a sent form (no-store).
    expect(kept.filter((url) => url.includes('sent=1'))).toEqual([]);
  } finally {
    await guarded.close();
  }
});

test('a post published after a visit shows on the next visit to /blog online; offline, or when the network is too slow, the kept page says it is a saved copy', async () => {
  const guarded = await openPage(browser);
  const { page, context } = guarded;
  try {
    await visit(page, '/hi/blog');
    await controlled(page);
    await visit(page, '/blog');
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match(location.href))), { timeout: 10_000 }).toBe(true);
    const post = await addPost({ title: `Pump repaired in Khunti ${runTag}`, content: 'Water flows again.' });
    posts.push(post.id);
    const newPost = page.getByRole('heading', { name: post.title });

    // Back by a link, and by the address: today's list, not the one kept at the last visit.
    await page.locator('header').getByRole('link', { name: 'About', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/about');
    await page.locator('header').getByRole('link', { name: 'Blog', exact: true }).first().click();
    await newPost.waitFor({ timeout: 10_000 });
    await page.goto('/blog', { waitUntil: 'load' });
    await newPost.waitFor({ timeout: 10_000 });
    expect(await page.locator('.saved-copy').count()).toBe(0);

    // A network that does not answer within 3 s: the kept copy, marked, at once.
    await context.route('**/blog', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6000));
      await route.continue().catch(() => undefined);
    });
    const askedAt = Date.now();
    await page.goto('/blog', { waitUntil: 'load' });
    expect(Date.now() - askedAt).toBeLessThan(5500);
    expect(await page.locator('.saved-copy').innerText()).toMatch(/^Saved copy from /);
    await context.unroute('**/blog');

    // Offline: the kept pages, marked in their language.
    await context.setOffline(true);
    await page.goto('/blog', { waitUntil: 'load' });
    expect(await page.locator('.saved-copy').innerText()).toMatch(/^Saved copy from /);
    await newPost.waitFor();
    await page.goto('/hi/blog', { waitUntil: 'load' });
    expect(await page.locator('.saved-copy').innerText()).toMatch(/की सहेजी गई प्रति।/);
    expect(await page.locator('.saved-copy').getAttribute('lang')).toBe('hi');
  } finally {
    await context.setOffline(false);
    await guarded.close();
  }
});

test('the worker is served at the site root, revalidated on every visit', async () => {
  const response = await fetch(new URL('/sw.js', e2e.baseUrl));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/javascript/);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.headers.get('content-security-policy')).toMatch(/worker-src 'self'/);
});
