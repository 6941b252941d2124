// A cheap phone on a slow network (docs/forms.md, the form model): Chromium with its CPU four times
// slower and a 1.6 Mbit/s, 150 ms network opens each public form and the login card, fills them
// in before the page's script takes over (typing, or every field at once as autofill does), then
// types into another field once it has. Every value stays, and what the server stores is what
// was typed. The page's scripts are held until the first fields are filled, so "before" is
// certain, and `<html data-hydrated>` says when the script holds the page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminGet, removePosts, removeTagged } from './content';
import { adminToken, e2e, launchBrowser, mailbox, openPage, type GuardedPage } from './harness';

const runTag = `slow${Date.now().toString(36)}`;
let browser: Browser;
const posts: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await removePosts(posts);
  await removeTagged('/api/get_volunteers.php', '/api/delete_volunteer.php', runTag);
  await removeTagged('/api/get_messages.php', '/api/delete_message.php', runTag);
});

/** How a field is filled before the script runs: key by key, or every field at once (autofill). */
type Filling = 'typing' | 'autofill';

interface SlowPage {
  guarded: GuardedPage;
  page: Page;
  /** Lets the page's scripts load; resolves once the script holds the page. */
  takeOver: () => Promise<void>;
}

/** The phone: its CPU four times slower, its network 1.6 Mbit/s down with 150 ms of latency. */
async function likeAPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/**
 * `path` on a throttled phone, from an address of its own. The HTML arrives; its scripts wait
 * until `takeOver()`, as on a phone where they come seconds later.
 */
async function openSlowly(path: string, address: string): Promise<SlowPage> {
  const guarded = await openPage(browser, { viewport: 'phone' });
  const { page, context } = guarded;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  await likeAPhone(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return {
    guarded,
    page,
    takeOver: async () => {
      expect(await isTakenOver(page), `${path}: the script held the page before the fields were filled`).toBe(false);
      release();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    },
  };
}

const isTakenOver = (page: Page) => page.evaluate(() => 'hydrated' in document.documentElement.dataset);

/** Fills `values` (control id → value) as a person would, key by key, or all in one go as autofill does. */
async function fill(page: Page, values: Record<string, string>, how: Filling) {
  for (const id of Object.keys(values)) await page.locator(`#${id}`).waitFor();
  if (how === 'autofill') {
    await page.evaluate((all) => {
      for (const [id, value] of Object.entries(all)) {
        const control = document.getElementById(id) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
        control.value = value;
        control.dispatchEvent(new Event('input', { bubbles: true }));
        control.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }, values);
    return;
  }
  for (const [id, value] of Object.entries(values)) {
    const control = page.locator(`#${id}`);
    const kind = await control.evaluate((element) => (element instanceof HTMLInputElement ? element.type : element.localName));
    if (kind === 'select') await control.selectOption(value);
    // A date is picked, not typed key by key.
    else if (kind === 'date') await control.fill(value);
    else {
      await control.fill('');
      await control.pressSequentially(value);
    }
  }
}

/** Every control still holds what was put there. */
async function expectHeld(page: Page, values: Record<string, string>) {
  for (const [id, value] of Object.entries(values)) expect(await page.inputValue(`#${id}`), `#${id}`).toBe(value);
}

const languages = [
  { lang: 'en', prefix: '', filling: 'typing' as Filling },
  { lang: 'hi', prefix: '/hi', filling: 'autofill' as Filling },
];
let lastAddress = 40;
const nextAddress = () => `192.0.2.${lastAddress++}`;

test.each(languages)('volunteer ($lang, $filling): what was filled before the script is registered', async ({ lang, prefix, filling }) => {
  const { guarded, page, takeOver } = await openSlowly(`${prefix}/volunteer`, nextAddress());
  const email = `sunita.${lang}.${runTag}@example.org`;
  const before = {
    'volunteer-name': `Sunita Devi ${runTag}`,
    'volunteer-email': email,
    'volunteer-mobile': '+91 98765 43210',
    'volunteer-gender': 'Female',
    'volunteer-interest': 'teaching',
    'volunteer-start': '2026-12-01',
    'volunteer-address': 'Lalpur, Ranchi',
    'volunteer-birth': '1962-04-12',
  };
  await fill(page, before, filling);
  await takeOver();
  await page.locator('#volunteer-about').pressSequentially('Retired teacher.');
  await expectHeld(page, { ...before, 'volunteer-about': 'Retired teacher.' });
  page.once('dialog', (dialog) => void dialog.accept());
  await page.check('#volunteer-notice');
  await page.locator('#volunteer-form button[type="submit"]').click();
  await page.locator('#volunteer-form .form-success').waitFor({ timeout: 30_000 });
  const { body } = await adminGet<{ data: Record<string, string>[] }>(`/api/get_volunteers.php?q=${encodeURIComponent(email)}`);
  expect(body.data).toEqual([
    expect.objectContaining({
      name: `Sunita Devi ${runTag}`,
      email,
      mobile: '+91 98765 43210',
      gender: 'Female',
      interest: 'teaching',
      start_date: '2026-12-01',
      address: 'Lalpur, Ranchi',
      about: 'Retired teacher.',
    }),
  ]);
  guarded.expectClean();
  await guarded.close();
});

test.each(languages)('contact ($lang, $filling): the message holds what was typed before and after the script', async ({ lang, prefix, filling }) => {
  const { guarded, page, takeOver } = await openSlowly(`${prefix}/contact`, nextAddress());
  const email = `asha.${lang}.${runTag}@example.org`;
  const before = { 'contact-name': 'Asha Kumari', 'contact-email': email, 'contact-subject': 'General Inquiry', 'contact-message': 'When is the next' };
  await fill(page, before, filling);
  await takeOver();
  await page.locator('#contact-message').press('End');
  await page.locator('#contact-message').pressSequentially(' health camp?');
  await expectHeld(page, { ...before, 'contact-message': 'When is the next health camp?' });
  await page.check('#contact-notice');
  await page.locator('#contact-form button[type="submit"]').click();
  await page.locator('.contact-sent').waitFor({ timeout: 30_000 });
  const { body } = await adminGet<{ data: Record<string, string>[] }>(`/api/get_messages.php?q=${encodeURIComponent(email)}`);
  expect(body.data).toEqual([expect.objectContaining({ name: 'Asha Kumari', email, subject: 'General Inquiry', message: 'When is the next health camp?' })]);
  guarded.expectClean();
  await guarded.close();
});

test.each(languages)(
  'donate ($lang, $filling): an amount typed before the script, then the payment report, are what is stored',
  async ({ lang, prefix, filling }) => {
    const { guarded, page, takeOver } = await openSlowly(`${prefix}/donate`, nextAddress());
    await fill(page, { 'custom-amount': '750' }, filling);
    await takeOver();
    await expectHeld(page, { 'custom-amount': '750' });
    // The page reads the amount from the field: the summary and the report start from it.
    // (The card may be taken over a moment after the page: its parts hydrate one by one.)
    await expect.poll(() => page.locator('.donation-summary').textContent(), { timeout: 15_000 }).toMatch(lang === 'en' ? /₹750/ : /₹७५०|₹750/);
    await page.locator(`#paid button[type="submit"]`).click();
    await expectHeld(page, { 'paid-amount': '750' });
    await guarded.close();

    // The report itself, open from the start (?paid=1), filled before the script.
    const report = await openSlowly(`${prefix}/donate?paid=1`, nextAddress());
    const reference = `UTR${lang}${Date.now()}`;
    const filled = {
      'paid-name': `Asha Kumari ${runTag}`,
      'paid-email': `donor.${lang}.${runTag}@example.org`,
      'paid-reference': reference,
      'paid-mode': 'bank',
    };
    await fill(report.page, { ...filled, 'paid-amount': '2000' }, filling);
    await report.takeOver();
    await report.page.locator('#paid-mobile').pressSequentially('+91 98765 43210');
    await expectHeld(report.page, { ...filled, 'paid-amount': '2000', 'paid-mobile': '+91 98765 43210' });
    await report.page.check('#paid-notice');
    await report.page.locator('#paid button[type="submit"]').click();
    await report.page.locator('.paid-done').waitFor({ timeout: 30_000 });
    const { body } = await adminGet<{ data: Record<string, unknown>[] }>(`/api/get_donations.php?q=${reference}`);
    expect(body.data).toEqual([
      expect.objectContaining({ name: `Asha Kumari ${runTag}`, amount: 2000, mode: 'bank', mobile: '+91 98765 43210', lang, status: 'pending' }),
    ]);
    report.guarded.expectClean();
    await report.guarded.close();
  },
);

test.each(languages)(
  'monthly pledge ($lang, $filling): the amount and the donor filled before the script are what is pledged',
  async ({ lang, prefix, filling }) => {
    const { guarded, page, takeOver } = await openSlowly(`${prefix}/donate/monthly`, nextAddress());
    const email = `pledge.${lang}.${runTag}@example.org`;
    const before = { 'pledge-amount': '1200', 'pledge-name': `Ravi Oraon ${runTag}`, 'pledge-email': email, 'pledge-day': '12' };
    await fill(page, before, filling);
    await takeOver();
    await page.locator('#pledge-mobile').pressSequentially('+91 98765 43210');
    await expectHeld(page, { ...before, 'pledge-mobile': '+91 98765 43210' });
    await page.locator('#pledge button[type="submit"]').click();
    await page.locator('#pledge .paid-done').waitFor({ timeout: 30_000 });
    const { body } = await adminGet<{ data: Record<string, unknown>[] }>(`/api/get_pledges.php?q=${encodeURIComponent(email)}`);
    expect(body.data).toEqual([expect.objectContaining({ email, amount: 1200, day: 12, mobile: '+91 98765 43210', lang, status: 'active' })]);
    guarded.expectClean();
    await guarded.close();
  },
);

test('the login card: the address typed before the script logs in with the password typed after', async () => {
  const { guarded, page, takeOver } = await openSlowly('/login', nextAddress());
  await fill(page, { 'login-email': e2e.admin.email }, 'typing');
  await takeOver();
  await page.locator('#login-password').pressSequentially(e2e.admin.password);
  await expectHeld(page, { 'login-email': e2e.admin.email });
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).first().waitFor({ timeout: 30_000 });
  guarded.expectClean();
  await guarded.close();
});

test('"Forgot password?": an address autofilled before the script, finished after, gets the link', async () => {
  const { guarded, page, takeOver } = await openSlowly('/login/forgot-password', nextAddress());
  const [user, domain] = e2e.admin.email.split('@');
  const askedAt = new Date().toISOString();
  await fill(page, { 'forgot-email': `${user}@` }, 'autofill');
  await takeOver();
  await page.locator('#forgot-email').press('End');
  await page.locator('#forgot-email').pressSequentially(domain!);
  await expectHeld(page, { 'forgot-email': e2e.admin.email });
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.locator('.form-success').waitFor({ timeout: 30_000 });
  await mailbox.waitFor((mail) => mail.to.includes(e2e.admin.email) && mail.subject === 'Set a new password' && mail.receivedAt > askedAt);
  guarded.expectClean();
  await guarded.close();
});

test('the impact figures: real in the page before the script; scrolled to before it takes over, the page stays there and a figure seen never shows less', async () => {
  const { guarded, page, takeOver } = await openSlowly('/', nextAddress());
  const figures = page.locator('.counter-value');
  await figures.first().waitFor();
  const real = await figures.allInnerTexts();
  expect(real.every((figure) => /^[1-9]/.test(figure))).toBe(true);
  // Seen: scrolled to before the script arrives.
  await figures.first().scrollIntoViewIfNeeded();
  const scrolledTo = await page.evaluate(() => scrollY);
  expect(scrolledTo).toBeGreaterThan(0);
  await takeOver();
  // Taking the page over leaves the visitor where they scrolled to.
  expect(await page.evaluate(() => scrollY)).toBe(scrolledTo);
  const shown = () => figures.evaluateAll((all) => all.map((figure) => (figure.querySelector('[aria-hidden="true"]') ?? figure).textContent));
  const seenSince: string[][] = [];
  for (let i = 0; i < 5; i++) seenSince.push(await shown());
  expect(seenSince).toEqual(Array(5).fill(real));
  guarded.expectClean();
  await guarded.close();
});

test("the post editor: a title typed as soon as its field shows, while the admin's other parts still load, is the title saved", async () => {
  const guarded = await openPage(browser, { viewport: 'phone', storage: { token: await adminToken(), userRole: 'admin' } });
  const { page } = guarded;
  await likeAPhone(page);
  await page.goto('/admin/blog', { waitUntil: 'commit' });
  const title = page.getByLabel('Title', { exact: true });
  const typed = `Well repaired in Khunti ${runTag}`;
  await title.pressSequentially(typed);
  // Then the rest arrives (the text editor, the programs of the category list, the autosave check).
  await page.locator('.editor-loading').first().waitFor({ state: 'detached', timeout: 60_000 });
  await page.getByLabel('Author').pressSequentially('Ravi Munda');
  expect(await title.inputValue()).toBe(typed);
  await page.getByRole('button', { name: 'Save Post' }).click();
  const saved = async () => (await adminGet<{ id: string; title: string; author: string }[]>(`/api/get_blogs.php?q=${runTag}`)).body;
  await expect.poll(async () => (await saved()).length, { timeout: 30_000 }).toBe(1);
  const [post] = await saved();
  posts.push(post!.id);
  expect(post).toMatchObject({ title: typed, author: 'Ravi Munda' });
  guarded.expectClean();
  await guarded.close();
});
