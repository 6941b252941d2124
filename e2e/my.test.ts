// A supporter's own page through nginx and two backends: the link asked for at /my (one mail; the
// same answer and no mail for an unknown address), opened once in Chromium, listing the
// registration and the donation; a second use refused; the mobile corrected there as the admin
// sees it; hours certified in English and Hindi and checked at /verify/<code>, then revoked; and
// "Erase me", after which no collection holds the person but the donation records the law keeps.
import { MongoClient } from 'mongodb';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '../backend/test/pdf';
import { adminToken, api, e2e, json, launchBrowser, mailbox, openPage, visit } from './harness';
import { seriousA11yViolations } from './screens';

const runTag = Date.now().toString(36);
/** The event's own mark: the event is not the person's, so "Erase me" leaves it. */
const eventTag = Math.random().toString(16).slice(2, 8);
const unknownAddress = `nobody-${Math.random().toString(16).slice(2)}@example.net`;
const person = { name: `Priya Kumari ${runTag}`, email: `priya-${runTag}@example.org`, mobile: '9123409876', address: `Village Murhu ${runTag}, Khunti` };
const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: 15_000 });
const withToken = (body: unknown, token: string) => ({ ...json(body), token });

let browser: Browser;
let token: string;
let volunteerId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  expect((await api('/api/volunteer_save.php', json({ ...person, interest: 'teaching' }))).status).toBe(201);
  const { body } = await api<{ data: { id: string; email: string }[] }>(`/api/get_volunteers.php?q=${runTag}`, { token });
  volunteerId = body.data[0]!.id;
  const donation = await api(
    '/api/donation_save.php',
    json({ name: person.name, email: person.email, amount: 1500, reference: `42${String(Date.now()).slice(-10)}`, elapsed_ms: 5000 }),
  );
  expect(donation.status).toBe(201);
  // A sign-up for an event and a monthly pledge: the page lists them with their mails' links.
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const event = await api<{ data: { id: string } }>(
    '/api/add_event.php',
    withToken(
      {
        title: `Tree planting ${eventTag}`,
        title_hi: `वृक्षारोपण ${eventTag}`,
        starts_at: `${day}T09:00:00+05:30`,
        ends_at: `${day}T13:00:00+05:30`,
        venue: 'Lalpur',
        capacity: 50,
        status: 'published',
      },
      token,
    ),
  );
  expect(event.status).toBe(201);
  const rsvp = await api('/api/rsvp_save.php', json({ event_id: event.body.data.id, name: person.name, email: person.email, website: '', elapsed_ms: 5000 }));
  expect(rsvp.status).toBe(201);
  const pledge = await api('/api/pledge_save.php', json({ name: person.name, email: person.email, amount: 700, day: 9, website: '', elapsed_ms: 5000 }));
  expect(pledge.status).toBe(201);
  const subscribed = await api('/api/add_subscriber.php', withToken({ email: person.email, name: person.name, reason: 'Signed the list at the camp' }, token));
  expect(subscribed.status).toBe(201);
});
afterAll(() => browser?.close());

const linkMails = async (email: string) => (await mailbox.all()).filter((mail) => mail.to.includes(email) && /Your page at/.test(mail.subject));
const tokenOf = (text: string) => /\/my#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
const sessionOf = (page: Page) => page.evaluate(() => (JSON.parse(sessionStorage.getItem('my-session') ?? '{}') as { session?: string }).session ?? '');

describe('one’s own page', () => {
  let page: Page;
  let link = '';

  test('the link is asked for at /my: one mail for a known address; the same answer and none for an unknown one', async () => {
    const visitor = await openPage(browser, { viewport: 'phone' });
    page = visitor.page;
    await visit(page, '/my');
    await page.getByLabel('Email Address').fill(person.email);
    expect(await seriousA11yViolations(page), '/my').toEqual([]);
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await visible(page.getByRole('status').getByText(/a link to your page is on its way/));
    const unknown = await api<{ message: string }>('/api/request_my_link.php', json({ email: unknownAddress, elapsed_ms: 5000 }));
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toMatch(/^If we hold anything of this address/);
    await expect.poll(async () => (await linkMails(person.email)).length, { timeout: 20_000 }).toBe(1);
    link = tokenOf((await linkMails(person.email))[0]!.text);
    expect(link).not.toBe('');
    expect((await mailbox.all()).some((mail) => mail.to.includes(unknownAddress))).toBe(false);
    visitor.expectClean();
    await visitor.close();
  });

  test('opens the page once, listing the registration, the donation, the sign-up and the pledge; a second use is refused', async () => {
    // Opened from the mail: a new tab.
    page = (await openPage(browser, { viewport: 'phone' })).page;
    await visit(page, `/my#token=${link}`);
    await visible(page.getByText(`Signed in as ${person.email}`));
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('');
    await expect.poll(() => page.getByLabel('Full Name').first().inputValue()).toBe(person.name);
    await visible(page.getByText(/₹1,500/));
    await visible(page.getByText(`Tree planting ${eventTag}`));
    expect(await page.getByRole('link', { name: 'Cancel my place' }).getAttribute('href')).toMatch(/\/events\?cancel=[0-9a-f]{24}\.[\w-]+#cancel-form$/);
    expect(await page.getByRole('link', { name: 'Stop this pledge' }).getAttribute('href')).toMatch(/\/api\/stop_pledge\.php\?token=/);
    expect(await seriousA11yViolations(page), 'my page').toEqual([]);
    const again = await openPage(browser, { viewport: 'phone' });
    again.allowStatus(404, '/api/open_my_session.php');
    await visit(again.page, `/my#token=${link}`);
    await visible(again.page.getByRole('alert').getByText(/expired or was already used/));
    await again.close();
  });

  test('a corrected mobile is what the admin sees', async () => {
    await page.getByLabel('Mobile Number').first().fill('+91 90000 22222');
    await page.getByRole('button', { name: 'Save corrections' }).click();
    await visible(page.getByText('Your registration is corrected.'));
    const { body } = await api<{ data: { mobile: string }[] }>(`/api/get_volunteers.php?q=${runTag}`, { token });
    expect(body.data[0]!.mobile).toBe('+91 90000 22222');
  });

  test('the newsletter is switched to Hindi there, as the admin sees it', async () => {
    const newsletter = page.getByRole('region', { name: 'Newsletter' });
    await visible(newsletter.getByText('Subscribed · In English'));
    await newsletter.getByRole('button', { name: 'Send it to me in Hindi' }).click();
    await visible(newsletter.getByText('Your newsletter will come in Hindi.'));
    await visible(newsletter.getByText('Subscribed · In Hindi'));
    const { body } = await api<{ data: { email: string; language: string }[] }>(`/api/get_subscribers.php?q=${encodeURIComponent(person.email)}`, { token });
    expect(body.data.find((subscriber) => subscriber.email === person.email)?.language).toBe('hi');
    // The same page in Hindi (the session is the tab's): the records' texts come with them.
    await visit(page, '/hi/my');
    const hindi = page.getByRole('region', { name: 'न्यूज़लेटर' });
    await visible(hindi.getByRole('button', { name: 'मुझे अंग्रेज़ी में भेजें' }));
    await visible(page.getByRole('heading', { name: 'आपकी सहमति' }));
    await visit(page, '/my');
    await visible(page.getByText(`Signed in as ${person.email}`));
  });

  test('five hours are certified in English and Hindi, checked at /verify/<code>, and revoked', async () => {
    // Two hours recorded by an admin, and three of an event (recorded the same way until check-ins come).
    for (const [hours, date] of [
      [2, '2026-04-12'],
      [3, '2026-05-03'],
    ] as const) {
      expect((await api('/api/add_volunteer_hours.php', withToken({ volunteer_id: volunteerId, hours, date }, token))).status).toBe(201);
    }
    const session = await sessionOf(page);
    const codes: string[] = [];
    for (const lang of ['en', 'hi']) {
      const res = await fetch(new URL(`/api/get_my_certificate.php?lang=${lang}`, e2e.baseUrl), { headers: { 'X-My-Session': session } });
      expect(res.status).toBe(200);
      const { text } = await pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toContain(person.name);
      expect(text).toMatch(lang === 'en' ? /gave 5 hours/ : /5 घंटे/);
      codes.push(res.headers.get('x-certificate-code')!);
    }
    const checker = await openPage(browser, { viewport: 'phone' });
    await visit(checker.page, `/verify/${codes[0]}`);
    await visible(checker.page.getByText('This certificate is valid.'));
    await visible(checker.page.getByText(person.name));
    expect(await checker.page.locator('.verify-facts').textContent()).toContain('5');
    expect(await seriousA11yViolations(checker.page), '/verify').toEqual([]);
    expect((await api('/api/revoke_certificate.php', withToken({ code: codes[0], reason: 'Issued by mistake' }, token))).status).toBe(200);
    await expect
      .poll(async () => {
        await visit(checker.page, `/verify/${codes[0]}`);
        return checker.page.getByText(/was revoked on/).count();
      })
      .toBe(1);
    checker.expectClean();
    await checker.close();
  });

  test('Erase me leaves the person only in the donation records the law keeps, and the page names them', async () => {
    await page.reload();
    await visible(page.getByText(`Signed in as ${person.email}`));
    await visible(page.getByText(/1 donation records/));
    await page.getByLabel('I understand: erase my data').check();
    await page.getByRole('button', { name: 'Erase me' }).click();
    await visible(page.getByRole('heading', { name: /Everything we held about you is erased/ }));
    await visible(page.getByText(/Income-tax Act/));
    const client = await MongoClient.connect(e2e.mongoUrl);
    try {
      const db = client.db();
      const traces = [new RegExp(runTag), /9123409876/, /90000 22222/];
      const holding = new Set<string>();
      for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        for (const document of await db.collection(name).find({}).toArray()) {
          if (traces.some((trace) => trace.test(JSON.stringify(document)))) holding.add(name);
        }
      }
      expect([...holding]).toEqual(['donations']);
    } finally {
      await client.close();
    }
  });
});
