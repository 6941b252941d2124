// A donation from "I have paid" to its 80G receipt, through nginx and two backends: the donor's
// report in Chromium, pending in the admin's list, confirmed there with a receipt number, its PDF
// read back, the receipt mail with its private link, Form 10BD, and 20 confirmations at once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { pdfText } from '../backend/test/pdf';
import { adminToken, api, e2e, launchBrowser, mailbox, openPage, visit } from './harness';
import { seriousA11yViolations } from './screens';

const runTag = Date.now().toString(36);
const reference = `41${String(Date.now()).slice(-10)}`;
const donor = { name: `Asha Kumari ${runTag}`, email: `asha-${runTag}@example.org`, pan: 'ABCPT1234F', address: 'House 12, Lalpur, Ranchi 834001' };
const organisation = { pan: 'AAATA1234C', registration_80g: 'AAATA1234CF20214', registration_80g_date: '2021-05-28' };
const json = (body: unknown, token?: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), token });
const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: 15_000 });

let browser: Browser;
let token: string;
let settingsBefore: Record<string, string>;

async function fetchBytes(pathname: string, auth?: string) {
  const res = await fetch(new URL(pathname, e2e.baseUrl), { headers: auth ? { authorization: `Bearer ${auth}` } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const { body } = await api<{ data: Record<string, string> }>('/api/get_settings.php');
  settingsBefore = body.data;
  expect((await api('/api/update_settings.php', json(organisation, token))).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  const { pan = '', registration_80g = '', registration_80g_date = '' } = settingsBefore ?? {};
  await api('/api/update_settings.php', json({ pan, registration_80g, registration_80g_date }, token));
});

describe('a donation', () => {
  let receiptNumber = '';
  let receiptId = '';

  test('is reported on the Donate page and confirmed in the admin', async () => {
    const visitor = await openPage(browser, { viewport: 'phone' });
    const { page } = visitor;
    await visit(page, '/donate');
    await page.getByRole('button', { name: '₹2,000' }).click();
    await page.getByRole('button', { name: 'I have paid' }).click();
    await visible(page.getByRole('heading', { name: 'Tell us about your payment' }));
    await page.getByLabel('Your Name').fill(donor.name);
    await page.getByLabel('Email Address').fill(donor.email);
    await page.getByLabel('Transaction reference (UTR)').fill(reference);
    await page.getByLabel('PAN (for an 80G receipt)').fill(donor.pan);
    await page.getByLabel('Postal address (needed with a PAN)').fill(donor.address);
    await page.getByLabel(/I have read the privacy notice/).check();
    expect(await seriousA11yViolations(page), 'I have paid').toEqual([]);
    await page.getByRole('button', { name: 'Send payment details' }).click();
    await visible(page.getByRole('status').getByText(/Once we find the payment in our bank account/));
    visitor.expectClean();
    await visitor.close();

    const admin = await openPage(browser, { viewport: 'desktop', storage: { token, userRole: 'admin' } });
    await visit(admin.page, `/admin/dashboard?section=donations`);
    const confirm = admin.page.getByRole('button', { name: `Confirm ₹2,000 from ${donor.name}` });
    await visible(confirm);
    await visible(admin.page.getByText('ABCPT••••F'));
    expect(await seriousA11yViolations(admin.page), 'donations').toEqual([]);
    await confirm.click();
    await visible(admin.page.getByText(/^Donation confirmed; receipt \d{4}-\d{2}\/\d{4} issued$/));
    admin.expectClean();
    await admin.close();

    const { body } = await api<{ data: { status: string; receipt: { id: string; number: string } }[] }>(`/api/get_donations.php?q=${reference}`, { token });
    expect(body.data[0]!.status).toBe('received');
    ({ number: receiptNumber, id: receiptId } = body.data[0]!.receipt);
  });

  test('has a PDF with the number, the donor, the PAN, the amount in words and the 80G registration', async () => {
    const { status, headers, bytes } = await fetchBytes(`/api/get_receipt.php?id=${receiptId}`, token);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    const { text } = await pdfText(bytes);
    for (const expected of [receiptNumber, donor.name, donor.pan, 'Rupees Two Thousand Only', 'AAATA1234CF20214 dated 28-05-2021', reference]) {
      expect(text).toContain(expected);
    }
  });

  test('is mailed to the donor with a private link that opens the receipt', async () => {
    const mail = await mailbox.waitFor((caught) => caught.to.includes(donor.email) && caught.subject === `Your donation receipt ${receiptNumber}`);
    expect(mail.text).not.toContain(donor.pan);
    const link = /https?:\/\/\S+\/api\/download_receipt\.php\?token=\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    const opened = await fetchBytes(new URL(link!).pathname + new URL(link!).search);
    expect(opened.status).toBe(200);
    expect((await pdfText(opened.bytes)).text).toContain(receiptNumber);
  });

  test('is listed in Form 10BD of its year', async () => {
    const fy = receiptNumber.split('/')[0]!;
    const { status, bytes } = await fetchBytes(`/api/get_form10bd.php?fy=${fy}`, token);
    expect(status).toBe(200);
    const row = bytes
      .toString('utf8')
      .split('\r\n')
      .find((line) => line.includes(donor.name));
    expect(row).toMatch(new RegExp(`^\\d+,,1,${donor.pan},Section 80G,AAATA1234CF20214,28-05-2021,${donor.name},"${donor.address}",Others,Electronic modes`));
  });
});

describe('the report', () => {
  const report = (fields: Record<string, unknown>) =>
    api<{ message: string }>(
      '/api/donation_save.php',
      json({ name: 'Ravi', email: 'ravi@example.org', amount: 100, reference: `R${runTag}X1`, elapsed_ms: 9000, ...fields }),
    );

  test('refuses a bad PAN and a zero amount (400), and a repeated reference (409)', async () => {
    expect((await report({ pan: 'ABC1234567', address: 'Ranchi' })).status).toBe(400);
    expect((await report({ amount: 0 })).status).toBe(400);
    const repeated = await report({ reference: reference.replace(/^(\d{4})/, '$1 ') });
    expect(repeated.status).toBe(409);
    expect(repeated.body.message).toMatch(/already been reported/);
  });
});

describe('receipt numbers', () => {
  test('are consecutive for 20 confirmations at once through both backends', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 20; index++) {
      const added = await api<{ data: { id: string } }>(
        '/api/add_donation.php',
        json({ name: `Donor ${index} ${runTag}`, amount: 500 + index, reference: `BULK${runTag}${index}`, received_on: '2026-06-01' }, token),
      );
      expect(added.status).toBe(201);
      ids.push(added.body.data.id);
    }
    const answers = await Promise.all(
      ids.map((id) => api<{ data: { receipt: { number: string } } }>('/api/update_donation.php', json({ id, status: 'received' }, token))),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const seqs = answers.map((answer) => Number(answer.body.data.receipt.number.split('/')[1])).sort((a, b) => a - b);
    expect(seqs.at(-1)! - seqs[0]!).toBe(19);
    expect(new Set(seqs).size).toBe(20);
  });
});
