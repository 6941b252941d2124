// The volunteer, contact, "I have paid" and "Forgot password?" forms in Chromium without JavaScript, through nginx and two backends
// (docs/forms.md): the form posted to its own page is stored once and the page says so, a refusal
// keeps what was typed with the focus on its summary, the Hindi pages answer in Hindi, a post from
// another site gets 403, and nginx's own 413 and 429 are pages in the page's language that Back
// leaves the typed form behind.
// Each test speaks from an address of its own (X-Forwarded-For), as a TLS proxy in front would.
import { readFileSync } from 'node:fs';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminGet, removeTagged } from './content';
import { e2e, launchBrowser, mailbox, openPage, type GuardedPage } from './harness';

const runTag = `plain${Date.now().toString(36)}`;
const hindi = JSON.parse(readFileSync(new URL('../frontend/src/i18n/catalogs/hi.json', import.meta.url), 'utf8')) as Record<string, string>;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await removeTagged('/api/get_volunteers.php', '/api/delete_volunteer.php', runTag);
  await removeTagged('/api/get_messages.php', '/api/delete_message.php', runTag);
});

/** A browser without the page's script, speaking from `address`. */
async function withoutScript(address: string): Promise<GuardedPage> {
  const guarded = await openPage(browser, { javaScript: false });
  await guarded.context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return guarded;
}

/** Waits out the forms' minimum time on the page, counted from the signed time the page carries. */
async function waitOutMinimum(page: Page): Promise<void> {
  const issuedAt = Number((await page.locator('input[name="form_token"]').first().inputValue()).split('.')[0]);
  expect(issuedAt).toBeGreaterThan(0);
  const rest = issuedAt + 3200 - Date.now();
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}

/** Sends the form with its submit button; the answer the browser ended on. */
async function submit(page: Page, button: string): Promise<Response> {
  const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: button }).click()]);
  return response!;
}

async function fillVolunteer(page: Page, email: string, { name = `Sunita Devi ${runTag}` } = {}) {
  await page.fill('#volunteer-name', name);
  await page.fill('#volunteer-email', email);
  await page.fill('#volunteer-mobile', '+91 98765 43210');
  await page.selectOption('#volunteer-gender', 'Female');
  await page.selectOption('#volunteer-interest', 'teaching');
  await page.fill('#volunteer-start', '2026-12-01');
  await page.fill('#volunteer-address', 'Lalpur, Ranchi');
  await page.fill('#volunteer-about', 'Retired teacher.');
  await page.fill('#volunteer-birth', '1962-04-12');
  await page.check('#volunteer-notice');
}

const registrations = async (email: string) =>
  (await adminGet<{ data: { email: string }[] }>(`/api/get_volunteers.php?q=${encodeURIComponent(email)}`)).body.data.filter((row) => row.email === email)
    .length;
const messages = async (email: string) =>
  (await adminGet<{ data: { email: string }[] }>('/api/get_messages.php')).body.data.filter((row) => row.email === email).length;

test('a volunteer registration is stored once, the page says so, and a reload sends nothing', async () => {
  const guarded = await withoutScript('192.0.2.21');
  const { page } = guarded;
  await page.goto('/volunteer');
  const email = `sunita.${runTag}@example.org`;
  await fillVolunteer(page, email);
  await waitOutMinimum(page);
  const answer = await submit(page, 'Register as Volunteer');
  expect(answer.status()).toBe(200);
  expect(new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash).toBe('/volunteer?sent=1');
  expect(await page.locator('.form-success').textContent()).toBe('Volunteer registered successfully!');
  // The answer opens at the confirmation, which has the focus (no script needed), not at the top of the page.
  expect(await page.locator('.form-success:focus').count()).toBe(1);
  expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
  expect(await page.inputValue('#volunteer-name')).toBe('');
  expect(await registrations(email)).toBe(1);

  await page.reload();
  expect(await page.locator('.form-success').textContent()).toBe('Volunteer registered successfully!');
  expect(await registrations(email)).toBe(1);
  guarded.expectClean();
  await guarded.close();
});

/** The page's sentence in its language: the English text, or its Hindi from the catalogue. */
const inLanguage = (page: string) => (text: string) => (page.startsWith('/hi/') ? hindi[text]! : text);

test.each(['/volunteer', '/hi/volunteer'])(
  '%s: a missing field says "Please fill all required fields" in its language, keeps every typed value, links to the field, stores nothing; mended, it goes',
  async (pagePath) => {
    const say = inLanguage(pagePath);
    const guarded = await withoutScript(pagePath === '/volunteer' ? '192.0.2.22' : '192.0.2.24');
    guarded.allowStatus(400, pagePath);
    const { page } = guarded;
    await page.goto(pagePath);
    const email = `missing.${pagePath.length}.${runTag}@example.org`;
    await fillVolunteer(page, email, { name: '' });
    await waitOutMinimum(page);
    const answer = await submit(page, say('Register as Volunteer'));
    expect(answer.status()).toBe(400);
    // No fragment in the address: it would keep the browser from focusing the summary.
    expect(new URL(page.url()).hash).toBe('');
    const summary = page.locator('.error-summary[role="alert"]');
    expect(await summary.textContent()).toContain(say('Please fill all required fields'));
    expect(await summary.locator('a').getAttribute('href')).toBe('#volunteer-name');
    // The summary has the focus, without any script, so a screen reader reads it first.
    expect(await page.locator('.error-summary:focus').count()).toBe(1);
    // The field it names is marked invalid and points at the summary's sentence; the others are not.
    expect(await page.getAttribute('#volunteer-name', 'aria-invalid')).toBe('true');
    const describedBy = (await page.getAttribute('#volunteer-name', 'aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(say('Please fill all required fields'));
    expect(await page.getAttribute('#volunteer-email', 'aria-invalid')).toBeNull();
    expect(await page.inputValue('#volunteer-email')).toBe(email);
    expect(await page.inputValue('#volunteer-mobile')).toBe('+91 98765 43210');
    expect(await page.inputValue('#volunteer-gender')).toBe('Female');
    expect(await page.inputValue('#volunteer-interest')).toBe('teaching');
    expect(await page.inputValue('#volunteer-start')).toBe('2026-12-01');
    expect(await page.inputValue('#volunteer-address')).toBe('Lalpur, Ranchi');
    expect(await page.inputValue('#volunteer-about')).toBe('Retired teacher.');
    expect(await registrations(email)).toBe(0);

    // Mended on the page it came back to, it goes (the time already spent there counts).
    await page.fill('#volunteer-name', `सुनीता देवी ${runTag}`);
    expect((await submit(page, say('Register as Volunteer'))).status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(pagePath);
    expect(await page.locator('.form-success').textContent()).toBe(say('Volunteer registered successfully!'));
    expect(await registrations(email)).toBe(1);
    guarded.expectClean();
    await guarded.close();
  },
);

test('a contact message is kept and the page says Message Sent, with Send Another Message back to the form', async () => {
  const guarded = await withoutScript('192.0.2.23');
  const { page } = guarded;
  await page.goto('/contact');
  const email = `asha.${runTag}@example.org`;
  await page.fill('#contact-name', 'Asha Kumari');
  await page.fill('#contact-email', email);
  await page.selectOption('#contact-subject', 'General Inquiry');
  await page.fill('#contact-message', 'When is the next health camp?');
  await page.check('#contact-notice');
  await waitOutMinimum(page);
  expect((await submit(page, 'Send Message')).status()).toBe(200);
  expect(new URL(page.url()).search).toBe('?sent=1');
  expect(await page.getByRole('heading', { name: 'Message Sent' }).count()).toBe(1);
  expect(await messages(email)).toBe(1);
  await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Send Another Message' }).click()]);
  expect(new URL(page.url()).pathname).toBe('/contact');
  expect(await page.inputValue('#contact-name')).toBe('');
  guarded.expectClean();
  await guarded.close();
});

test('"I have paid" opens, is kept as a pending donation and says so, without the script', async () => {
  const guarded = await withoutScript('192.0.2.27');
  const { page } = guarded;
  await page.goto('/donate');
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'I have paid' }).click()]);
  expect(new URL(page.url()).search).toBe('?paid=1');
  const reference = `UTR${Date.now()}`;
  await page.fill('#paid-name', `Asha Kumari ${runTag}`);
  await page.fill('#paid-email', `donor.${runTag}@example.org`);
  await page.fill('#paid-amount', '2000');
  await page.fill('#paid-reference', reference);
  await page.check('#paid-notice');
  await waitOutMinimum(page);
  expect((await submit(page, 'Send payment details')).status()).toBe(200);
  expect(new URL(page.url()).search).toBe('?sent=1');
  expect(await page.getByRole('status').textContent()).toContain('Once we find the payment in our bank account');
  const { body } = await adminGet<{ data: { amount: number; status: string }[] }>(`/api/get_donations.php?q=${reference}`);
  expect(body.data).toEqual([expect.objectContaining({ amount: 2000, status: 'pending' })]);
  guarded.expectClean();
  await guarded.close();
});

test('"Forgot password?" without the script: a blank address is refused with a link to the field, then the link is mailed', async () => {
  const guarded = await withoutScript('192.0.2.28');
  guarded.allowStatus(400, '/login/forgot-password');
  const { page } = guarded;
  const askedAt = new Date().toISOString();
  await page.goto('/login/forgot-password');
  await waitOutMinimum(page);
  expect((await submit(page, 'Send the link')).status()).toBe(400);
  const summary = page.locator('.error-summary');
  expect(await summary.getByRole('heading').textContent()).toBe('Please enter your e-mail address');
  expect(await summary.locator('a').getAttribute('href')).toBe('#forgot-email');
  await page.fill('#forgot-email', e2e.admin.email);
  expect((await submit(page, 'Send the link')).status()).toBe(200);
  expect(new URL(page.url()).search).toBe('?sent=1');
  expect(await page.getByRole('status').textContent()).toMatch(/^If an account uses this address, a link to set a new password is on its way/);
  const mail = await mailbox.waitFor((caught) => caught.to.includes(e2e.admin.email) && caught.subject === 'Set a new password' && caught.receivedAt > askedAt);
  expect(mail.text).toMatch(/\/login\/new-password#token=/);
  guarded.expectClean();
  await guarded.close();
});

test('a post another site makes the browser send is refused with 403 and stores nothing', async () => {
  const guarded = await withoutScript('192.0.2.25');
  const { page } = guarded;
  const email = `cross.${runTag}@example.org`;
  // A page of another site whose form posts to our volunteer page.
  await page.route('http://elsewhere.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><form method="post" action="${e2e.baseUrl}/volunteer">
        <input name="name" value="Mallory"><input name="email" value="${email}"><input name="mobile" value="+91 98765 43210">
        <input name="address" value="Elsewhere"><button>Win a prize</button></form>`,
    }),
  );
  await page.goto('http://elsewhere.example/');
  const answer = await submit(page, 'Win a prize');
  expect(answer.status()).toBe(403);
  expect(await page.locator('.error-summary').textContent()).toContain('This form can only be sent from its own page on this site.');
  expect(await registrations(email)).toBe(0);
  await guarded.close();
});

test('with the script, a page a refused post came back to is taken over with what was typed', async () => {
  const guarded = await openPage(browser);
  await guarded.context.setExtraHTTPHeaders({ 'x-forwarded-for': '192.0.2.26' });
  guarded.allowStatus(400, '/volunteer');
  const { page } = guarded;
  // A page of this site whose plain form posts a registration without a name.
  await page.route(`${e2e.baseUrl}/plain-form-probe`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><form method="post" action="/volunteer"><input name="email" value="probe.${runTag}@example.org"><button>Send</button></form>`,
    }),
  );
  await page.goto('/plain-form-probe');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle' }), page.getByRole('button', { name: 'Send' }).click()]);
  expect(await page.locator('.error-summary').count()).toBe(1);
  // Taken over, the page puts the focus on the summary, so a screen reader reads it first.
  await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
  // Once React holds the page, its own check answers and the server's summary goes.
  await page.getByRole('button', { name: 'Register as Volunteer' }).click();
  await page.locator('.form-error', { hasText: 'Please fill all required fields' }).waitFor();
  expect(await page.locator('.error-summary').count()).toBe(0);
  expect(await page.inputValue('#volunteer-email')).toBe(`probe.${runTag}@example.org`);
  guarded.expectClean();
  await guarded.close();
});

/** What a page's form holds now, by control id. */
const typedIn = (page: Page, ids: string[]) => Promise.all(ids.map((id) => page.inputValue(`#${id}`)));

test("nginx's own refusals of a page's post are pages in its language, and Back finds the form as it was typed", async () => {
  // Too large (over 64 KB), from the Hindi page: nginx refuses it before any backend reads it.
  const guarded = await withoutScript('192.0.2.30');
  guarded.allowStatus(413, '/hi/contact');
  const { page } = guarded;
  await page.goto('/hi/contact');
  const typed = { 'contact-name': 'आशा कुमारी', 'contact-email': `large.${runTag}@example.org`, 'contact-message': 'x'.repeat(70 * 1024) };
  for (const [id, value] of Object.entries(typed)) await page.fill(`#${id}`, value);
  await page.selectOption('#contact-subject', 'General Inquiry');
  await page.check('#contact-notice');
  const large = await submit(page, hindi['Send Message']!);
  expect(large.status()).toBe(413);
  expect(large.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(await page.locator('html').getAttribute('lang')).toBe('hi');
  expect(await page.locator('body').innerText()).toContain('फ़ॉर्म बहुत बड़ा है।');
  await page.goBack();
  expect(await typedIn(page, Object.keys(typed))).toEqual(Object.values(typed));
  expect(await page.inputValue('#contact-subject')).toBe('General Inquiry');
  await guarded.close();

  // Too many from one address: ten posts, then the one this visitor sends.
  const address = '192.0.2.31';
  for (let i = 0; i < 10; i++) {
    await fetch(new URL('/contact', e2e.baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: 'name=&email=',
    });
  }
  const limited = await withoutScript(address);
  limited.allowStatus(429, '/contact');
  await limited.page.goto('/contact');
  const words = { 'contact-name': 'Asha Kumari', 'contact-email': `many.${runTag}@example.org`, 'contact-message': 'When is the next health camp?' };
  for (const [id, value] of Object.entries(words)) await limited.page.fill(`#${id}`, value);
  await limited.page.selectOption('#contact-subject', 'Donation Question');
  await limited.page.check('#contact-notice');
  const many = await submit(limited.page, 'Send Message');
  expect(many.status()).toBe(429);
  expect(many.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(await limited.page.locator('html').getAttribute('lang')).toBe('en');
  expect(await limited.page.locator('body').innerText()).toMatch(
    /Too many forms sent from your connection\. Please wait a minute and try again\.\s+What you typed is still in the form/,
  );
  await limited.page.goBack();
  expect(await typedIn(limited.page, Object.keys(words))).toEqual(Object.values(words));
  expect(await limited.page.inputValue('#contact-subject')).toBe('Donation Question');
  await limited.close();
});
