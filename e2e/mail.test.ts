// Mail that arrives, read from the run's real SMTP server: "Forgot password?" driven from /login in
// Chromium through nginx, its link opened from the mail, working once; the notice of a contact
// message with Reply-To its sender; a volunteer welcomed in the language of their page.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { addUser, removeTagged } from './content';
import { api, e2e, json, launchBrowser, mailbox, openPage, visit } from './harness';
import { screenshot, seriousA11yViolations } from './screens';

const runTag = `mail${Date.now().toString(36)}`;
const account = { name: `Meena Devi ${runTag}`, email: `meena-${runTag}@example.org`, password: 'a first password here', next: 'the password from the link' };
const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: 15_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await addUser({ name: account.name, email: account.email, role: 'editor', password: account.password });
});
afterAll(async () => {
  await browser?.close();
  await removeTagged('/api/get_users.php', '/api/delete_user.php', account.email);
});

describe('forgot password', () => {
  test('from /login, the mailed link sets a new password once', async () => {
    const visitor = await openPage(browser, { viewport: 'phone' });
    const { page } = visitor;
    await visit(page, '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Forgot password?' }));
    expect(await seriousA11yViolations(page), 'forgot password').toEqual([]);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await visible(page.getByRole('status').getByText(/^If an account uses this address/));
    await screenshot(page, 'mail-forgot-password-phone');

    const mail = await mailbox.waitFor((caught) => caught.to.includes(account.email) && caught.subject === 'Set a new password');
    expect(mail.from).toBe('no-reply@ngo-e2e.example');
    const link = new RegExp(`${e2e.baseUrl.replace(/[.:/]/g, '\\$&')}/login/new-password#token=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();

    await page.goto(link!);
    await visible(page.getByRole('heading', { level: 1, name: 'Set a new password' }));
    await visible(page.getByText(account.email));
    // The token left the address as soon as the page read it.
    expect(new URL(page.url()).hash).toBe('');
    expect(await seriousA11yViolations(page), 'new password').toEqual([]);
    await page.getByLabel('New password').fill(account.next);
    await page.getByLabel('The same password again').fill(account.next);
    await page.getByRole('button', { name: 'Set the password' }).click();
    await visible(page.getByRole('status').getByText('Your password is set. You can log in with it now.'));

    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.next);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard', { timeout: 15_000 });
    visitor.expectClean();
    await visitor.close();

    // Once only: the same link, opened again, says so.
    const again = await openPage(browser, { viewport: 'desktop' });
    again.allowStatus(404, '/api/check_password_link.php');
    await again.page.goto(link!);
    await visible(again.page.getByRole('alert').getByText(/expired or was already used/));
    await visible(again.page.getByRole('link', { name: 'Ask for a new link' }));
    again.expectClean();
    await again.close();
    expect((await api('/api/login.php', json({ email: account.email, password: account.password }))).status).toBe(401);
  });
});

describe('notices and welcomes', () => {
  test('a contact message reaches the admins with Reply-To its sender; a volunteer is welcomed in Hindi', async () => {
    const subject = `Tree planting ${runTag}`;
    const sent = await api(
      '/api/contact_save.php',
      json({ name: 'Priya <b>Kumari</b>', email: `priya-${runTag}@example.org`, subject, message: 'Can we <i>join</i>?', elapsed_ms: 9000 }),
    );
    expect(sent.status).toBe(201);
    const notice = await mailbox.waitFor((mail) => mail.subject === `New message: ${subject}`);
    expect(notice.to).toContain(e2e.admin.email);
    expect(notice.replyTo).toEqual([`priya-${runTag}@example.org`]);
    expect(notice.html).toContain('Can we &lt;i&gt;join&lt;/i&gt;?');

    const volunteer = {
      name: `Sunita ${runTag}`,
      email: `sunita-${runTag}@example.org`,
      mobile: '+91 98765 43210',
      address: 'Lalpur, Ranchi',
      interest: 'social',
    };
    expect((await api('/api/volunteer_save.php?lang=hi', json(volunteer))).status).toBe(201);
    const welcome = await mailbox.waitFor((mail) => mail.to.includes(volunteer.email));
    expect(welcome.subject).toMatch(/के साथ स्वयंसेवा के लिए धन्यवाद$/);
    expect(welcome.text).toContain(`प्रिय ${volunteer.name},`);
    expect(welcome.text).toContain('सामाजिक कार्य');
    await mailbox.waitFor((mail) => mail.subject === `New volunteer: ${volunteer.name}`);
  });
});
