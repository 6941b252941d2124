// Running the site from the admin area, in Chromium through nginx and two backends: Settings show
// on a page the other instance serves; an invited editor sets a password from the mailed link, can
// post but not reach Users or Settings, and loses the session on a reset; the admin changes their own.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, backends, json, e2e, launchBrowser, mailbox, openPage, visit, type GuardedPage } from './harness';
import { seriousA11yViolations } from './screens';

/** Unique per run, so this file finds (and removes) exactly what it made. */
const runTag = `usr${Date.now().toString(36)}`;
const organisation = { name: `Asha Trust ${runTag}`, phone: '+91 651 555 0142' };
const editor = { name: `Ravi Oraon ${runTag}`, email: `ravi-${runTag}@example.org`, password: 'an editor first password', reset: 'a reset editor password' };
const post = `Editor's note ${runTag}`;
const adminNewPassword = 'a brand new admin password';

let browser: Browser;
/** The admin's password as it is now (this file changes it and puts it back). */
let adminPassword = e2e.admin.password;
let originalSettings: Record<string, unknown>;

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible' });
const pathnameIs = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
const toast = (page: Page, text: string) => visible(page.locator('.toast-stack').getByText(text, { exact: true }));
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** A token through the API's login, or the status it was refused with. */
async function apiLogin(email: string, password: string): Promise<{ status: number; token?: string }> {
  const { status, body } = await api<{ token?: string }>('/api/login.php', json({ email, password }));
  return { status, token: body.token };
}

async function adminApiToken(): Promise<string> {
  const { status, token } = await apiLogin(e2e.admin.email, adminPassword);
  if (!token) throw new Error(`the admin could not log in: ${status}`);
  return token;
}

/** A page signed in through the login screen. */
async function loggedIn(email: string, password: string, greeting: string): Promise<GuardedPage> {
  const guarded = await openPage(browser, { viewport: 'desktop' });
  const { page } = guarded;
  await visit(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await pathnameIs(page, '/admin/dashboard');
  await visible(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }));
  await visible(page.getByText(`Welcome back, ${greeting}`));
  return guarded;
}

const asAdmin = () => loggedIn(e2e.admin.email, adminPassword, 'Admin');

async function openSection(page: Page, label: 'Settings' | 'Users' | 'Manage Blogs' | 'Dashboard', heading: string) {
  await sidebar(page).getByRole('link', { name: label, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: heading }));
}

async function withPage(guarded: GuardedPage, run: (page: Page) => Promise<void>) {
  try {
    await run(guarded.page);
    guarded.expectClean();
  } finally {
    await guarded.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  originalSettings = (await api<{ data: Record<string, unknown> }>('/api/get_settings.php')).body.data;
});

afterAll(async () => {
  await browser?.close();
  await backends.start(1);
  await backends.start(2);
  // Put the admin's password back first: the files after this one sign in with it.
  if (adminPassword !== e2e.admin.password) {
    const token = await adminApiToken();
    const changed = await api('/api/change_password.php', { ...json({ current_password: adminPassword, new_password: e2e.admin.password }), token });
    if (changed.status === 200) adminPassword = e2e.admin.password;
  }
  const token = await adminApiToken();
  await api('/api/update_settings.php', { ...json(originalSettings), token });
  const users = (await api<{ data: Array<{ id: string; email: string }> }>('/api/get_users.php', { token })).body.data ?? [];
  for (const user of users.filter((u) => u.email.includes(runTag))) await api('/api/delete_user.php', { ...json({ id: user.id }), token });
  for (const blog of (await api<Array<{ id: string; title: string }>>('/api/get_blogs.php')).body.filter((b) => b.title.includes(runTag))) {
    await api('/api/delete_blog.php', { ...json({ id: blog.id }), token });
  }
});

describe('settings', () => {
  test("the organisation's name and phone saved in Settings show on a fresh visitor page served by the other instance", async () => {
    // Only instance 1 runs while the admin saves, only instance 2 while the visitor reads.
    await backends.kill(2);
    try {
      await withPage(await asAdmin(), async (page) => {
        await openSection(page, 'Settings', 'Settings');
        const form = page.getByRole('region', { name: 'Organisation details' });
        await visible(form.getByLabel('Organisation name'));
        expect(await seriousA11yViolations(page), 'settings').toEqual([]);
        await form.getByLabel('Organisation name').fill(organisation.name);
        await form.getByLabel('Phone 1', { exact: true }).fill(organisation.phone);
        await form.getByRole('button', { name: 'Save settings' }).click();
        await toast(page, 'Settings saved');
      });
    } finally {
      await backends.start(2);
    }
    await backends.kill(1);
    try {
      await withPage(await openPage(browser, { viewport: 'desktop' }), async (page) => {
        await visit(page, '/contact');
        await visible(page.getByRole('banner').getByText(organisation.name, { exact: true }));
        await visible(page.getByRole('main').getByRole('link', { name: organisation.phone }));
        await expect.poll(() => page.title()).toContain(organisation.name);
        const read = await api<{ data: { name: string; phones: string[] } }>('/api/get_settings.php');
        expect(read.body.data.name).toBe(organisation.name);
        expect(read.body.data.phones[0]).toBe(organisation.phone);
      });
    } finally {
      await backends.start(1);
    }
    // Two instance restarts and two sign-ins: about 30 s here, with room for a busy machine.
  }, 180_000);
});

describe('users and roles', () => {
  test('the admin invites an editor, who chooses a password from the mail, can add a post, but is refused Users and Settings', async () => {
    await withPage(await asAdmin(), async (page) => {
      await openSection(page, 'Users', 'Users');
      const form = page.getByRole('region', { name: 'Invite someone' });
      await form.getByLabel(/^Name/).fill(editor.name);
      await form.getByLabel(/^E-mail/).fill(editor.email);
      await form.getByLabel(/^Role/).selectOption('editor');
      expect(await seriousA11yViolations(page), 'users').toEqual([]);
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await toast(page, `Invitation sent to ${editor.email}`);
      const row = page.getByRole('row', { name: new RegExp(editor.email) });
      await visible(row);
      expect(await row.getByRole('combobox', { name: `Role of ${editor.name}` }).inputValue()).toBe('editor');
      await visible(row.getByText('Invited, has not chosen a password yet'));
    });

    // Nobody typed the editor's password: they choose it from the invitation's link.
    const invitation = await mailbox.waitFor((mail) => mail.to.includes(editor.email));
    const link = /\S+\/login\/new-password#token=[A-Za-z0-9_-]{43}/.exec(invitation.text)?.[0];
    expect(link, invitation.text).toBeDefined();
    await withPage(await openPage(browser, { viewport: 'desktop' }), async (page) => {
      await page.goto(link!);
      await visible(page.getByRole('heading', { level: 1, name: `Welcome, ${editor.name}` }));
      expect(await seriousA11yViolations(page), 'invitation').toEqual([]);
      await page.getByLabel('New password').fill(editor.password);
      await page.getByLabel('The same password again').fill(editor.password);
      await page.getByRole('button', { name: 'Set the password' }).click();
      await visible(page.getByText('Your password is set. You can log in with it now.'));
    });

    const guarded = await loggedIn(editor.email, editor.password, editor.name);
    guarded.allowStatus(403, '/api/get_users.php');
    guarded.allowStatus(403, '/api/update_settings.php');
    await withPage(guarded, async (page) => {
      expect(await sidebar(page).getByRole('link').allTextContents()).toEqual([
        'Dashboard',
        'Manage Blogs',
        'Manage Gallery',
        'Media',
        'Pages',
        'Events',
        'Newsletter',
      ]);

      await openSection(page, 'Manage Blogs', 'Manage Blogs');
      await page.getByRole('button', { name: 'Add New Post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Post' });
      await dialog.getByLabel(/^Title/).fill(post);
      await dialog.getByRole('button', { name: 'Save Post' }).click();
      await dialog.waitFor({ state: 'detached' });
      await visible(page.getByRole('rowheader', { name: post }));
      expect((await api<Array<{ title: string }>>('/api/get_blogs.php')).body.some((b) => b.title === post)).toBe(true);

      for (const section of ['users', 'settings']) {
        await visit(page, `/admin/dashboard?section=${section}`);
        await visible(page.getByText('You need an admin account to see this section.'));
      }
      // The server refuses them too, in words.
      const token = (await storedToken(page))!;
      for (const [path, init] of [
        ['/api/get_users.php', {}],
        ['/api/update_settings.php', json({ name: 'Taken over' })],
      ] as const) {
        const refused = await api<{ message: string }>(path, { ...init, token });
        expect(refused.status, path).toBe(403);
        expect(refused.body.message).toBe('You need an admin account to do this');
      }
    });
  });

  test("resetting the editor's password refuses the editor's open session at its next request", async () => {
    const editorPage = await loggedIn(editor.email, editor.password, editor.name);
    const oldToken = (await storedToken(editorPage.page))!;
    await withPage(await asAdmin(), async (page) => {
      await openSection(page, 'Users', 'Users');
      const row = page.getByRole('row', { name: new RegExp(editor.email) });
      await row.getByRole('button', { name: `Reset password of ${editor.name}` }).click();
      await row.getByLabel(`New password for ${editor.name}`).fill(editor.reset);
      await row.getByRole('button', { name: 'Set password' }).click();
      await toast(page, 'Account saved');
    });

    editorPage.allowStatus(401, '/api/get_all_blogs.php');
    await withPage(editorPage, async (page) => {
      // The editor's next request: Manage Blogs reads every post, drafts included, with the token.
      await sidebar(page).getByRole('link', { name: 'Manage Blogs', exact: true }).click();
      await pathnameIs(page, '/login');
      expect(await storedToken(page)).toBeNull();
    });
    expect((await api('/api/get_stats.php', { token: oldToken })).status).toBe(401);
    expect((await apiLogin(editor.email, editor.password)).status).toBe(401);
    await withPage(await loggedIn(editor.email, editor.reset, editor.name), async () => {});
  });

  test('the admin changes their own password and logs in with the new one', async () => {
    await withPage(await asAdmin(), async (page) => {
      await openSection(page, 'Users', 'Users');
      const form = page.getByRole('region', { name: 'Change your password' });
      await form.getByLabel(/^Current password/).fill(adminPassword);
      await form.getByLabel(/^New password/).fill(adminNewPassword);
      await form.getByRole('button', { name: 'Change password' }).click();
      await toast(page, 'Password changed');
      adminPassword = adminNewPassword;
      // This session goes on with the token it was given.
      await openSection(page, 'Dashboard', 'Dashboard Overview');
      await visible(page.locator('.stat-card', { hasText: 'Active Users' }));
      await page.getByRole('button', { name: 'Logout' }).click();
      await pathnameIs(page, '/login');
    });
    expect((await apiLogin(e2e.admin.email, e2e.admin.password)).status).toBe(401);
    await withPage(await asAdmin(), async (page) => {
      await openSection(page, 'Users', 'Users');
      await visible(page.getByRole('row', { name: new RegExp(e2e.admin.email) }));
    });
  });
});
