// Messages and registrations in Chromium, through nginx and two backend instances on a real
// database: a visitor's contact message reaches the admin (in the sidebar's unread count and by
// e-mail), who reads it, answers it by e-mail and deletes it; an admin erases a registration.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminGet, postJson } from './content';
import { api, json, launchBrowser, loggedInAdmin, mailbox, openPage, visit, type GuardedPage } from './harness';
import { screenshot, seriousA11yViolations } from './screens';

const runTag = `msg${Date.now().toString(36)}`;
let browser: Browser;

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible' });

const loggedIn = (): Promise<GuardedPage> => loggedInAdmin(browser);

async function checkScreen(page: Page, name: string) {
  expect(await seriousA11yViolations(page), name).toEqual([]);
  await screenshot(page, `messages-${name}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const { body } = await adminGet<{ data: { id: string; subject: string; message: string }[] }>('/api/get_messages.php');
  for (const message of body.data.filter((m) => m.message.includes(runTag))) await postJson('/api/delete_message.php', { id: message.id });
});

describe('contact messages', () => {
  test('a visitor sends a message; the admin is told by mail, sees the unread count, reads it, replies and deletes it', async () => {
    const visitor = await openPage(browser, { viewport: 'phone' });
    try {
      const { page } = visitor;
      await visit(page, '/contact');
      await page.getByLabel('Your Name').fill('Priya Kumari');
      await page.getByLabel('Email Address').fill('priya@example.org');
      await page.getByLabel('Subject').selectOption('Partnership Proposal');
      await page.getByLabel('Message', { exact: true }).fill(`Our school would like to plant trees with you. ${runTag}`);
      await page.getByLabel(/I have read the privacy notice/).check();
      // The server refuses a form sent faster than a person could fill it in.
      await page.waitForTimeout(3200);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await visible(page.getByRole('heading', { name: 'Message Sent' }));
      await checkScreen(page, 'contact-sent');
      visitor.expectClean();
    } finally {
      await visitor.close();
    }

    // The admins are told by mail, and replying to that mail answers the visitor.
    const notice = await mailbox.waitFor((mail) => mail.subject === 'New message: Partnership Proposal' && mail.text.includes(runTag));
    expect(notice.replyTo).toEqual(['priya@example.org']);

    const { body: before } = await adminGet<{ unread: number }>('/api/get_messages.php');
    expect(before.unread).toBeGreaterThanOrEqual(1);

    const admin = await loggedIn();
    try {
      const { page } = admin;
      const messagesLink = page.getByRole('link', { name: /^Messages/ });
      await expect.poll(() => messagesLink.textContent()).toContain(`${before.unread} unread`);
      await messagesLink.click();
      await visible(page.getByRole('heading', { level: 1, name: 'Messages' }));
      const opener = page.getByRole('button', { name: 'Unread: Partnership Proposal from Priya Kumari' });
      await visible(opener);
      await checkScreen(page, 'list');
      await opener.first().click();
      await visible(page.getByText(`Our school would like to plant trees with you. ${runTag}`));
      // The answer is written here, mailed to the visitor and kept under the message.
      const answer = `We would love to plant trees with your school. ${runTag}`;
      await page.getByLabel(/^Reply to Priya Kumari by e-mail/).fill(answer);
      await page.getByRole('button', { name: 'Send reply' }).click();
      await visible(page.getByRole('list', { name: 'Replies to Priya Kumari' }).getByText(answer));
      const replied = await mailbox.waitFor((mail) => mail.to.includes('priya@example.org') && mail.text.includes(answer));
      expect(replied.subject).toBe('Re: Partnership Proposal');
      expect(replied.from).toBe('no-reply@ngo-e2e.example');
      // Opening marks it read: the sidebar's count goes down by one.
      const after = before.unread - 1;
      await expect.poll(() => messagesLink.textContent()).toBe(after > 0 ? `Messages${after} unread` : 'Messages');
      await checkScreen(page, 'open');
      await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await visible(page.locator('.toast-stack').getByText('Message deleted successfully'));
      const { body } = await adminGet<{ data: { message: string }[] }>('/api/get_messages.php');
      expect(body.data.some((m) => m.message.includes(runTag))).toBe(false);
      admin.expectClean();
    } finally {
      await admin.close();
    }
  });
});

describe('volunteers’ data', () => {
  test('an admin deletes one registration, and the log holds who and when', async () => {
    const email = `${runTag}@example.org`;
    const registration = { name: `Delete Me ${runTag}`, email, mobile: '+91 98765 43210', address: 'Lalpur, Ranchi' };
    const saved = await api('/api/volunteer_save.php', json(registration));
    expect(saved.status).toBe(201);

    const admin = await loggedIn();
    try {
      const { page } = admin;
      await page.getByRole('link', { name: 'Volunteers' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Volunteers' }));
      await page.getByRole('button', { name: `Delete the registration of ${registration.name}` }).click();
      await checkScreen(page, 'volunteer-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await visible(page.locator('.toast-stack').getByText('Registration deleted'));
      await expect.poll(() => page.getByText(registration.name).count()).toBe(0);
      const { body } = await adminGet<{ data: { email: string }[] }>('/api/get_volunteers.php');
      expect(body.data.some((v) => v.email === email)).toBe(false);
      // The Data log below shows the deletion with who did it, and no one's data.
      const log = page.getByRole('region', { name: 'Data log' });
      await visible(log.getByRole('row').nth(1).getByText('Deleted 1 registration', { exact: true }));
      await expect.poll(async () => (await log.getByRole('row').nth(1).textContent()) ?? '').toContain('admin');
      expect(await log.textContent()).not.toContain(email);
      await checkScreen(page, 'volunteer-data-log');
      admin.expectClean();
    } finally {
      await admin.close();
    }
  });
});
