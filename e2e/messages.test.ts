// Issue 12 in Chromium, through nginx and two backend instances on a real database: a visitor's
// contact message reaches the admin (with the unread count in the sidebar), who reads and deletes
// it; an admin erases a volunteer registration. Screens are checked with axe.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminToken, api, launchBrowser, loggedInAdmin, openPage, screenshot, seriousA11yViolations, visit, type GuardedPage } from './harness';

const runTag = `msg${Date.now().toString(36)}`;
let browser: Browser;
let token: string;

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible' });
const json = (body: unknown) => ({ method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const loggedIn = (): Promise<GuardedPage> => loggedInAdmin(browser);

async function checkScreen(page: Page, name: string) {
  expect(await seriousA11yViolations(page), name).toEqual([]);
  await screenshot(page, `messages-${name}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
});

afterAll(async () => {
  await browser?.close();
  const { body } = await api<{ data: { id: string; subject: string; message: string }[] }>('/api/get_messages.php', { token });
  for (const message of body.data.filter((m) => m.message.includes(runTag))) await api('/api/delete_message.php', json({ id: message.id }));
});

describe('contact messages', () => {
  test('a visitor sends a message; the admin sees the unread count, reads it and deletes it', async () => {
    const visitor = await openPage(browser, { viewport: 'phone' });
    try {
      const { page } = visitor;
      await visit(page, '/contact');
      await page.getByLabel('Your Name').fill('Priya Kumari');
      await page.getByLabel('Email Address').fill('priya@example.org');
      await page.getByLabel('Subject').selectOption('Partnership Proposal');
      await page.getByLabel('Message', { exact: true }).fill(`Our school would like to plant trees with you. ${runTag}`);
      // The server refuses a form sent faster than a person could fill it in.
      await page.waitForTimeout(3200);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await visible(page.getByRole('heading', { name: 'Message Sent' }));
      await checkScreen(page, 'contact-sent');
      visitor.expectClean();
    } finally {
      await visitor.close();
    }

    const { body: before } = await api<{ unread: number }>('/api/get_messages.php', { token });
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
      expect(await page.getByRole('link', { name: 'Reply' }).first().getAttribute('href')).toMatch(/^mailto:priya@example\.org\?subject=Re%3A%20Partnership/);
      // Opening marks it read: the sidebar's count goes down by one.
      const after = before.unread - 1;
      await expect.poll(() => messagesLink.textContent()).toBe(after > 0 ? `Messages${after} unread` : 'Messages');
      await checkScreen(page, 'open');
      await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await visible(page.locator('.toast-stack').getByText('Message deleted successfully'));
      const { body } = await api<{ data: { message: string }[] }>('/api/get_messages.php', { token });
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
    const saved = await api('/api/volunteer_save.php', { ...json(registration), token: undefined });
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
      const { body } = await api<{ data: { email: string }[] }>('/api/get_volunteers.php', { token });
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
