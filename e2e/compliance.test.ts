// What Indian law asks of the site, through nginx and two backends: a foreign citizen's gift
// refused before any payment without an FCRA registration, and with one kept apart (the FC
// ledger, no 80G receipt, not in Form 10BD); a ZIP of Form 10BE certificates mailing each donor
// once with their certificate attached; /transparency in both languages; a volunteer under 18
// stored only once a guardian confirms by the mailed link.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { form10bePdf, zipOf } from '../backend/test/form10be';
import { pdfText } from '../backend/test/pdf';
import { adminToken, api, e2e, launchBrowser, mailbox, openPage, visit } from './harness';
import { seriousA11yViolations } from './screens';

const runTag = Date.now().toString(36);
const digits = String(Date.now()).slice(-4);
const json = (body: unknown, token?: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), token });
const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: 15_000 });
const foreignCitizen = /Foreign citizen, OCI or PIO card holder/;

const changedSettings = ['fcra_registration', 'fcra_account', 'upi_id', 'pan', 'registration_12a', 'darpan_id'] as const;
let browser: Browser;
let token: string;
let settingsBefore: Record<string, string>;

const settings = async (values: Record<string, string>) => expect((await api('/api/update_settings.php', json(values, token))).status).toBe(200);
async function fetchText(pathname: string) {
  const res = await fetch(new URL(pathname, e2e.baseUrl), { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
/** A multipart POST with the admin's token. */
async function upload(pathname: string, fields: Record<string, string>, files: [name: string, bytes: Buffer, filename: string, type: string][]) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, bytes, filename, type] of files) body.append(name, new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(new URL(pathname, e2e.baseUrl), { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const donationsOf = async (reference: string) =>
  (await api<{ data: { id: string; status: string; receipt: unknown; citizenship: string }[] }>(`/api/get_donations.php?q=${reference}`, { token })).body.data;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  settingsBefore = (await api<{ data: Record<string, string> }>('/api/get_settings.php')).body.data;
});
afterAll(async () => {
  await browser?.close();
  if (settingsBefore) await api('/api/update_settings.php', json(Object.fromEntries(changedSettings.map((name) => [name, settingsBefore[name] ?? ''])), token));
});

describe('a gift from a foreign citizen', () => {
  test('is refused before any payment while no FCRA number is set: no UPI, nothing kept', async () => {
    await settings({ fcra_registration: '', upi_id: 'ngo@sbi' });
    const visitor = await openPage(browser, { viewport: 'phone' });
    const { page } = visitor;
    await visit(page, '/donate');
    await visible(page.getByText(/UPI app/));
    await page.getByRole('radio', { name: foreignCitizen }).check();
    await visible(page.getByRole('status').getByText(/we cannot accept gifts from a foreign source yet/));
    expect(await page.getByRole('button', { name: /Proceed to Payment/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'I have paid' }).count()).toBe(0);
    expect(await page.getByText(/UPI app/).count()).toBe(0);
    expect(await seriousA11yViolations(page), 'the refusal').toEqual([]);
    visitor.expectClean();
    await visitor.close();

    const reference = `FC${digits}R${runTag}`.toUpperCase();
    const report = {
      name: 'Anna Weber',
      email: `anna-${runTag}@example.de`,
      amount: 5000,
      reference,
      citizenship: 'foreign',
      country: 'Germany',
      passport_number: 'C01X00T47',
      elapsed_ms: 5000,
    };
    const refused = await api<{ message: string }>('/api/donation_save.php', json(report));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^We are sorry: we cannot accept gifts from a foreign source yet/);
    expect(await donationsOf(reference)).toEqual([]);
  });

  test('with one, is paid into the FCRA account, lands in the FC ledger and in no 80G receipt or Form 10BD', async () => {
    await settings({ fcra_registration: '094421156', fcra_account: 'FCRA account 40123456789\nState Bank of India, New Delhi Main Branch' });
    const reference = `SBIN${digits}${runTag}`.toUpperCase();
    const visitor = await openPage(browser, { viewport: 'phone' });
    const { page } = visitor;
    await visit(page, '/donate');
    await page.getByRole('radio', { name: foreignCitizen }).check();
    await visible(page.getByRole('heading', { name: 'Our FCRA account' }));
    await visible(page.getByText('FCRA account 40123456789'));
    expect(await page.getByRole('button', { name: /Proceed to Payment/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'I have paid' }).click();
    await visible(page.getByLabel('Passport number'));
    await page.getByLabel('Your Name').fill(`Anna Weber ${runTag}`);
    await page.getByLabel('Email Address').fill(`anna-${runTag}@example.de`);
    await page.getByLabel('Amount paid (₹)').fill('5000');
    await page.getByLabel('Transaction reference (UTR)').fill(reference);
    await page.getByLabel('Country of citizenship').fill('Germany');
    await page.getByLabel('Passport number').fill('C01X00T47');
    await page.getByLabel(/I have read the privacy notice/).check();
    expect(await seriousA11yViolations(page), 'the report of a foreign gift').toEqual([]);
    await page.getByRole('button', { name: 'Send payment details' }).click();
    await visible(page.getByText(/Once we find the payment in our bank account/));
    visitor.expectClean();
    await visitor.close();

    const [donation] = await donationsOf(reference);
    expect(donation).toMatchObject({ status: 'pending', citizenship: 'foreign' });
    const confirmed = await api<{ data: { receipt: unknown; fy: string } }>('/api/update_donation.php', json({ id: donation!.id, status: 'received' }, token));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.receipt).toBeNull();
    const { fy } = confirmed.body.data;
    const ledger = await fetchText(`/api/get_fc_ledger.php?fy=${fy}`);
    expect(ledger.status).toBe(200);
    expect(ledger.text).toContain(`Anna Weber ${runTag},Germany,C01X00T47,5000,${reference}`);
    const form10bd = await fetchText(`/api/get_form10bd.php?fy=${fy}`);
    expect(form10bd.status).toBe(200);
    expect(form10bd.text).not.toContain(`Anna Weber ${runTag}`);
  });
});

describe('Form 10BE', () => {
  test('a ZIP of certificates: each matching donor mailed once with theirs attached, the rest listed; imported again, nothing more', async () => {
    await settings({ pan: 'AAATJ4321K' });
    const donors = [0, 1].map((index) => ({
      name: `Donor ${index} ${runTag}`,
      email: `tenbe-${index}-${runTag}@example.org`,
      pan: `ZQ${'ABCDEFGHIJ'[Number(digits[index])]!}PT${digits}${'KLMN'[index]!}`,
    }));
    for (const [index, donor] of donors.entries()) {
      const reference = `TENBE${index}${digits}${runTag}`.toUpperCase();
      const added = await api<{ data: { id: string } }>(
        '/api/add_donation.php',
        json({ ...donor, amount: 2500 + index, reference, address: 'Lalpur, Ranchi 834001', received_on: '2025-09-01' }, token),
      );
      expect(added.status).toBe(201);
      expect((await api('/api/update_donation.php', json({ id: added.body.data.id, status: 'received', received_on: '2025-09-01' }, token))).status).toBe(200);
    }
    const zip = zipOf({
      ...Object.fromEntries(
        await Promise.all(
          donors.map(async (donor) => [`${donor.pan}.pdf`, await form10bePdf({ donorName: donor.name, pan: donor.pan, fy: '2025-26' })] as const),
        ),
      ),
      'unknown.pdf': await form10bePdf({ donorName: 'Nobody', pan: 'QQQPQ1111Q', fy: '2025-26' }),
    });

    const admin = await openPage(browser, { viewport: 'desktop', storage: { token, userRole: 'admin' } });
    await visit(admin.page, '/admin/dashboard?section=compliance');
    await admin.page.setInputFiles('#form10be-files', { name: '10be-2025-26.zip', mimeType: 'application/zip', buffer: zip });
    const [answer] = await Promise.all([
      admin.page.waitForResponse((response) => response.url().includes('/api/import_form10be.php')),
      admin.page.getByRole('button', { name: 'Import and mail' }).click(),
    ]);
    expect((await answer.json()).message).toBe('2 certificates matched; 1 to assign by hand');
    await visible(admin.page.getByText('2 certificates matched; 1 to assign by hand'));
    await visible(admin.page.getByText('10be-2025-26.zip/unknown.pdf'));
    expect(await seriousA11yViolations(admin.page), 'compliance').toEqual([]);
    admin.expectClean();
    await admin.close();

    for (const donor of donors) {
      const mail = await mailbox.waitFor((caught) => caught.to.includes(donor.email) && caught.subject.includes('10BE'));
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]).toMatchObject({ filename: 'form-10be-2025-26.pdf', contentType: 'application/pdf' });
      expect((await pdfText(Buffer.from(mail.attachments[0]!.content, 'base64'))).text).toContain(donor.pan);
    }

    const again = await upload('/api/import_form10be.php', {}, [['files', zip, '10be-2025-26.zip', 'application/zip']]);
    expect(again.status).toBe(200);
    expect((again.body.matched as { already_imported: boolean }[]).map((one) => one.already_imported)).toEqual([true, true]);
    const outbox = await api<{ data: { kind: string; to: string[] }[] }>('/api/get_outbox.php', { token });
    for (const donor of donors) expect(outbox.body.data.filter((mail) => mail.kind === 'form10be' && mail.to.includes(donor.email))).toHaveLength(1);
  });
});

describe('/transparency', () => {
  test('shows the registrations, the board and the documents by year, in English and in Hindi', async () => {
    await settings({ registration_12a: `AAATJ4321KE2021${digits}`, darpan_id: 'JH/2021/0291234' });
    const pdf = await form10bePdf({ donorName: 'Annual report', pan: 'ABCPT1234F', fy: '2024-25' });
    const added = await upload(
      '/api/add_document.php',
      { title: `Annual report 2024-25 ${runTag}`, title_hi: `वार्षिक रिपोर्ट 2024-25 ${runTag}`, kind: 'annual-report', fy: '2024-25' },
      [['file', pdf, 'report.pdf', 'application/pdf']],
    );
    expect(added.status).toBe(201);
    const document = added.body.data as { id: string; url: string };
    try {
      const visitor = await openPage(browser, { viewport: 'phone' });
      const { page } = visitor;
      await visit(page, '/transparency');
      await visible(page.getByRole('heading', { level: 1, name: 'Transparency' }));
      await visible(page.getByText(`AAATJ4321KE2021${digits}`));
      await visible(page.getByRole('rowheader', { name: 'Dr. Anjali Verma' }));
      await visible(page.getByRole('heading', { name: 'Financial year 2024-25' }));
      const link = page.getByRole('link', { name: `Annual report 2024-25 ${runTag}` });
      await visible(link);
      expect(await link.getAttribute('href')).toBe(document.url);
      expect(await seriousA11yViolations(page), '/transparency').toEqual([]);

      await visit(page, '/hi/transparency');
      await visible(page.getByRole('heading', { level: 1, name: 'पारदर्शिता' }));
      await visible(page.getByRole('heading', { name: 'वित्तीय वर्ष 2024-25' }));
      await visible(page.getByRole('link', { name: `वार्षिक रिपोर्ट 2024-25 ${runTag}` }));
      await visible(page.getByRole('rowheader', { name: 'डॉ. अंजलि वर्मा' }));
      expect(await seriousA11yViolations(page), '/hi/transparency').toEqual([]);
      visitor.expectClean();
      await visitor.close();

      const file = await fetch(new URL(document.url, e2e.baseUrl));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toBe(`inline; filename="annual-report-2024-25-${runTag}.pdf"`);
    } finally {
      await api('/api/delete_document.php', json({ id: document.id }, token));
    }
  });
});

describe('a volunteer under 18', () => {
  test('is stored only after a parent or guardian confirms by the mailed link', async () => {
    const email = `minor-${runTag}@example.org`;
    const guardian = `guardian-${runTag}@example.org`;
    const born = `${new Date().getFullYear() - 15}-03-10`;
    const registered = async () =>
      (await api<{ data: { email: string }[] }>(`/api/get_volunteers.php?q=${encodeURIComponent(email)}`, { token })).body.data.filter(
        (row) => row.email === email,
      );

    const visitor = await openPage(browser, { viewport: 'phone' });
    const { page } = visitor;
    page.on('dialog', (dialog) => void dialog.accept());
    await visit(page, '/volunteer');
    await page.getByLabel('Full Name').fill(`Priya Kumari ${runTag}`);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Mobile Number').fill('+91 98765 43210');
    await page.getByLabel('Area of Interest').selectOption('teaching');
    await page.getByLabel('Available From').fill('2030-06-01');
    await page.getByLabel(/^Address/).fill('Lalpur, Ranchi');
    await page.getByLabel('Tell us about yourself').fill('I would like to teach younger children.');
    await page.getByLabel('Date of birth').fill(born);
    await page.getByLabel(/Name of a parent or guardian/).fill('Sunil Kumar');
    await page.getByLabel(/E-mail of a parent or guardian/).fill(guardian);
    await page.getByLabel(/I have read the privacy notice/).check();
    await page.getByRole('button', { name: 'Register as Volunteer' }).click();
    await visible(page.getByRole('status').getByText(/We have e-mailed your parent or guardian/));
    expect(await registered()).toEqual([]);
    visitor.expectClean();

    const mail = await mailbox.waitFor((caught) => caught.to.includes(guardian));
    expect(mail.subject).toBe(`Please confirm Priya Kumari ${runTag}'s registration as a volunteer`);
    const link = /https?:\/\/\S+\/guardian-consent\?token=[^\s"<]+/.exec(mail.text)![0];
    await visit(page, new URL(link).pathname + new URL(link).search);
    await visible(page.getByRole('heading', { level: 1, name: 'Confirm a volunteer under 18' }));
    expect(await seriousA11yViolations(page), '/guardian-consent').toEqual([]);
    await page.getByRole('button', { name: 'I agree: confirm the registration' }).click();
    await visible(page.getByRole('status').getByText('Thank you! The registration as a volunteer is confirmed.'));
    expect(await registered()).toHaveLength(1);
    visitor.expectClean();
    await visitor.close();
  });
});
