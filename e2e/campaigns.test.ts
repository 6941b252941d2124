// Campaigns and monthly pledges through nginx and two backends: a campaign's page shows only
// confirmed money, within a second of a confirmation and without the script; a pledge made on
// /donate/monthly in both languages, with and without the script, is reminded once on its day with
// a QR code and a reference the next bank statement matches, and its stop link ends it; the totals
// per campaign and per program add up the received gifts.
import { MongoClient } from 'mongodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminToken, api, e2e, json, launchBrowser, mailbox, openPage, visit } from './harness';
import { seriousA11yViolations } from './screens';

const runTag = Date.now().toString(36);
const day = (fromToday: number) => new Date(Date.now() + 5.5 * 3600_000 + fromToday * 86400_000).toISOString().slice(0, 10);
const story = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Every tank keeps a family in water through the dry months.' }] }],
};
const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });
let browser: Browser;
let token: string;
let mongo: MongoClient;
const utr = (n: number) => `43${String(Date.now()).slice(-8)}${n}${n}`;
const admin = <T>(path: string, body?: unknown) => api<T>(path, body === undefined ? { token } : { ...json(body), token });

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  mongo = await MongoClient.connect(e2e.mongoUrl);
  expect((await admin('/api/update_settings.php', { upi_id: 'ngo@okaxis' })).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await mongo?.close();
});

/** A campaign page as a browser without the script has it: the server's HTML. */
async function pageHtml(path: string): Promise<string> {
  const res = await fetch(new URL(path, e2e.baseUrl));
  expect(res.status).toBe(200);
  return res.text();
}

describe('a campaign', () => {
  let campaign = '';
  let gifts: string[] = [];

  test('raises only what an admin confirmed: ₹2,500 from one donor within a second, without the script', { timeout: 90_000 }, async () => {
    const added = await admin<{ data: { id: string } }>('/api/add_campaign.php', {
      title: `200 rainwater tanks ${runTag}`,
      title_hi: `200 वर्षा जल टैंक ${runTag}`,
      story,
      goal: 10000,
      starts_on: day(-3),
      ends_on: day(27),
      program: 'health',
      status: 'published',
    });
    expect(added.status).toBe(201);
    campaign = added.body.data.id;
    // Two gifts reported for it: nothing is raised until the money is found in the bank.
    for (const [n, amount] of [2500, 4000].entries()) {
      const reported = await api('/api/donation_save.php', {
        ...json({
          name: `Donor ${n} ${runTag}`,
          email: `donor${n}-${runTag}@example.org`,
          amount,
          reference: utr(n),
          campaign_id: campaign,
          website: '',
          elapsed_ms: 5000,
        }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${40 + n}` },
      });
      expect(reported.status).toBe(201);
    }
    const listed = await admin<{ data: { id: string; amount: number; campaign_id: string | null }[] }>(`/api/get_donations.php?q=${runTag}&status=pending`);
    gifts = listed.body.data.filter((gift) => gift.campaign_id === campaign).map((gift) => gift.id);
    expect(gifts).toHaveLength(2);

    const visitor = await openPage(browser, { viewport: 'phone', javaScript: false });
    await visit(visitor.page, `/campaigns/${campaign}`);
    const bar = visitor.page.getByRole('progressbar', { name: '₹0 raised of ₹10,000' });
    expect(await bar.getAttribute('value')).toBe('0');
    await visible(visitor.page, '0 donors');
    await visible(visitor.page, '28 days left');

    const first = listed.body.data.find((gift) => gift.id === gifts[0] || gift.id === gifts[1]);
    const confirmedId = listed.body.data.find((gift) => gift.amount === 2500)!.id;
    expect(first).toBeDefined();
    expect((await admin('/api/update_donation.php', { id: confirmedId, status: 'received' })).status).toBe(200);
    const confirmedAt = Date.now();
    // Each read may reach either backend through nginx.
    for (;;) {
      const html = await pageHtml(`/campaigns/${campaign}`);
      if (html.includes('₹2,500 raised')) {
        expect(html).toContain('1 donor<');
        break;
      }
      expect(Date.now() - confirmedAt, 'the page shows the confirmed gift').toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await visitor.page.reload();
    expect(await visitor.page.getByRole('progressbar', { name: '₹2,500 raised of ₹10,000' }).getAttribute('value')).toBe('2500');
    visitor.expectClean();
    await visitor.close();
    const scripted = await openPage(browser, { viewport: 'phone' });
    await visit(scripted.page, `/hi/campaigns/${campaign}`);
    expect(await seriousA11yViolations(scripted.page)).toEqual([]);
    scripted.expectClean();
    await scripted.close();
    // In Hindi, and on /donate above the form, as a live campaign.
    expect(await pageHtml(`/hi/campaigns/${campaign}`)).toContain(`200 वर्षा जल टैंक ${runTag}`);
    expect(await pageHtml('/donate')).toContain(`href="/campaigns/${campaign}"`);
  });

  test('refuses a gift once it has ended', async () => {
    const ended = await admin<{ data: { id: string } }>('/api/add_campaign.php', {
      title: `Ended ${runTag}`,
      story,
      goal: 500,
      starts_on: day(-20),
      ends_on: day(-1),
      program: 'education',
    });
    const refused = await api<{ message: string }>(
      '/api/donation_save.php',
      json({ name: 'Late', email: 'late@example.org', amount: 100, reference: utr(7), campaign_id: ended.body.data.id, website: '', elapsed_ms: 5000 }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/has ended/);
    expect(await pageHtml(`/campaigns/${ended.body.data.id}`)).toContain('This campaign has ended and takes no more gifts');
  });
});

type Pledge = { id: string; email: string; lang: string; status: string; amount: number; months: { month: string; reference: string; state: string }[] };
const pledgers = {
  scripted: `monthly-en-${runTag}@example.org`,
  plain: `monthly-plain-${runTag}@example.org`,
  hindi: `monthly-hi-${runTag}@example.org`,
  hindiPlain: `monthly-hi-plain-${runTag}@example.org`,
};

async function pledgeOnPage(page: Page, email: string, hindi: boolean) {
  await page.getByLabel(hindi ? 'आपका नाम' : 'Your Name').fill(`Monthly ${runTag}`);
  await page.getByLabel(hindi ? 'ईमेल पता' : 'Email Address').fill(email);
  await page.getByLabel(hindi ? 'अनुस्मारक के लिए महीने का दिन' : 'Day of the month for the reminder').selectOption('12');
}

describe('a monthly pledge', () => {
  test('is made on /donate/monthly in English and Hindi, with and without the script, and listed for the admin', { timeout: 180_000 }, async () => {
    for (const [email, hindi, script] of [
      [pledgers.scripted, false, true],
      [pledgers.plain, false, false],
      [pledgers.hindi, true, true],
      [pledgers.hindiPlain, true, false],
    ] as const) {
      const visitor = await openPage(browser, { viewport: 'phone', javaScript: script });
      const { page } = visitor;
      await visit(page, hindi ? '/hi/donate' : '/donate');
      if (script) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByRole('link', { name: hindi ? 'हर महीने' : 'Monthly' }).click();
      await page.waitForURL(/\/donate\/monthly/);
      // The pledge's card, once the router has shown the page (with the script it is the script's).
      await page.locator('#pledge form').waitFor();
      if (script) {
        await page.getByRole('button', { name: '₹1,000' }).click();
        await visible(page, hindi ? /हर महीने ₹1,000/ : 'You are giving ₹1,000 every month.');
      } else await page.getByLabel(hindi ? 'अपनी राशि (₹)' : 'Custom amount (₹)').fill('1000');
      await pledgeOnPage(page, email, hindi);
      // axe runs in the page: only where the script runs.
      if (script) expect(await seriousA11yViolations(page), `${email}`).toEqual([]);
      // The server counts the time on the page from when it was served: a person takes a few seconds.
      if (!script) await page.waitForTimeout(3100);
      await page.locator('#pledge button[type="submit"]').click();
      await visible(page, hindi ? 'आपका मासिक संकल्प दर्ज हो गया है' : 'Your monthly pledge is made');
      visitor.expectClean();
      await visitor.close();
    }
    const list = await admin<{ data: Pledge[] }>(`/api/get_pledges.php?q=${runTag}`);
    const made = Object.values(pledgers).map((email) => list.body.data.find((pledge) => pledge.email === email));
    expect(made.map((pledge) => [pledge?.lang, pledge?.amount, pledge?.status])).toEqual([
      ['en', 1000, 'active'],
      ['en', 1000, 'active'],
      ['hi', 1000, 'active'],
      ['hi', 1000, 'active'],
    ]);
  });

  test('is reminded once on its day with a QR code and a reference the next bank statement matches; its stop link ends it', { timeout: 120_000 }, async () => {
    // Its day, as the clock would bring it: due since the 1st of this month, made last month.
    const pledges = mongo.db().collection('pledges');
    const lastMonth = new Date(Date.now() - 35 * 86400_000).toISOString().slice(0, 10);
    await pledges.updateOne({ email: pledgers.scripted }, { $set: { day: 1, startedOn: lastMonth } });
    const reminder = await mailbox.waitFor((mail) => mail.to.includes(pledgers.scripted) && mail.subject.startsWith('Your monthly gift for'), 30_000);
    const reference = /PLG\d{10}/.exec(reminder.text)![0];
    expect(reminder.subject).toMatch(/: ₹1,000$/);
    const qr = reminder.attachments.find((file) => file.contentType === 'image/png');
    expect(Buffer.from(qr!.content, 'base64').subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(reminder.html).toContain(`src="data:image/png;base64,${qr!.content}"`);
    expect(reminder.text).toContain(`tn=${reference}`);
    // Both backends keep looking every second: still one reminder.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect((await mailbox.all()).filter((mail) => mail.to.includes(pledgers.scripted) && mail.subject.startsWith('Your monthly gift for'))).toHaveLength(1);

    // The bank's statement: the money arrived by UPI, the note run together with the rest.
    const today = day(0).split('-').reverse().join('/');
    const csv = `Txn Date,Credit,Ref No,Narration\n${today},1000,,UPI/${utr(5)}/${reference}MONTHLY/payer@okicici\n`;
    const imported = await admin<{ matched: { donation: { id: string; source: string; reference: string } }[] }>('/api/import_bank_statement.php', {
      csv,
      mapping: { date: 'Txn Date', amount: 'Credit', reference: 'Ref No', description: 'Narration' },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.matched.map((match) => [match.donation.reference, match.donation.source])).toEqual([[reference, 'pledge']]);
    const after = await admin<{ data: Pledge[] }>(`/api/get_pledges.php?q=${pledgers.scripted}`);
    expect(after.body.data[0]!.months[0]).toMatchObject({ reference, state: 'paid' });

    // One click on the reminder's stop link: stopped, said on the page, confirmed by mail.
    const link = /https?:\/\/\S+\/api\/stop_pledge\.php\?token=[\w.-]+/.exec(reminder.text)![0];
    const visitor = await openPage(browser, { viewport: 'phone' });
    await visitor.page.goto(new URL(new URL(link).pathname + new URL(link).search, e2e.baseUrl).href, { waitUntil: 'networkidle' });
    expect(new URL(visitor.page.url()).pathname + new URL(visitor.page.url()).search).toBe('/donate/monthly?stopped=1');
    await visible(visitor.page, 'Your monthly pledge is stopped.');
    visitor.expectClean();
    await visitor.close();
    await mailbox.waitFor((mail) => mail.to.includes(pledgers.scripted) && mail.subject === 'Your monthly pledge is stopped');
    const stopped = await admin<{ data: Pledge[] }>(`/api/get_pledges.php?q=${pledgers.scripted}`);
    expect(stopped.body.data[0]!.status).toBe('stopped');
  });
});

test('the totals per campaign and per program add up the received gifts of the range', async () => {
  const range = `from=${day(-1)}&to=${day(1)}`;
  const totals = await admin<{
    data: { campaigns: { id: string; amount: number; count: number }[]; programs: { id: string; amount: number }[]; total: { amount: number } };
  }>(`/api/get_designation_totals.php?${range}`);
  type Gift = { id: string; amount: number; campaign_id: string | null; program: string; received_on: string };
  const received: Gift[] = [];
  for (let page = 1; ; page += 1) {
    const listed = await admin<{ data: Gift[] }>(`/api/get_donations.php?status=received&limit=100&page=${page}`);
    received.push(...listed.body.data);
    if (listed.body.data.length < 100) break;
  }
  const inRange = received.filter((gift) => gift.received_on >= day(-1) && gift.received_on <= day(1));
  const sum = (gifts: Gift[]) => gifts.reduce((total, gift) => total + gift.amount, 0);
  expect(totals.body.data.total.amount).toBe(sum(inRange));
  for (const row of totals.body.data.campaigns) expect(row.amount, row.id).toBe(sum(inRange.filter((gift) => gift.campaign_id === row.id)));
  for (const row of totals.body.data.programs) expect(row.amount, row.id).toBe(sum(inRange.filter((gift) => gift.program === row.id)));
  expect(totals.body.data.campaigns.some((row) => row.amount === 2500)).toBe(true);
  const csv = await fetch(new URL(`/api/export_designation_totals.php?${range}`, e2e.baseUrl), { headers: { authorization: `Bearer ${token}` } });
  expect(await csv.text()).toContain(`Total,,Total,`);
});
