// Nothing lost when a post is edited, in Chromium through nginx: what is typed is autosaved and
// comes back after a reload (which first warns that changes are unsaved), two people saving the
// same post do not overwrite each other, and a restored revision is what the public page shows.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { addPost, formData, removePosts, type Blog } from './content';
import { adminToken, api, launchBrowser, loggedInAdmin, visit } from './harness';

const runTag = `hist${Date.now().toString(36)}`;
const made: string[] = [];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await removePosts(made);
});

async function newPost(title: string, content: string): Promise<Blog> {
  const post = await addPost({ title: `${title} ${runTag}`, content });
  made.push(post.id);
  return post;
}

async function updatePost(fields: Record<string, string>) {
  return api<{ success: boolean; message: string; data: Blog }>('/api/update_blog.php', { method: 'POST', token: await adminToken(), body: formData(fields) });
}

const stored = async (id: string) => (await api<{ data: Blog }>(`/api/preview_blog.php?id=${id}`, { token: await adminToken() })).body.data;

describe('post history', () => {
  test('typed text is autosaved, a reload warns first, and the text comes back after it', async () => {
    const post = await newPost('Autosaved', 'As saved.');
    const admin = await loggedInAdmin(browser);
    const { page } = admin;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await visit(page, `/admin/blog?id=${post.id}`);
    const title = page.getByLabel('Title', { exact: true });
    await title.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' with more typed');
    await page
      .getByRole('status')
      .getByText(/^Draft saved at \d\d:\d\d$/)
      .waitFor({ timeout: 15_000 });
    // The post itself did not change: an autosave is kept apart.
    expect((await stored(post.id)).title).toBe(`Autosaved ${runTag}`);

    await page.reload({ waitUntil: 'networkidle' });
    expect(dialogs).toContain('beforeunload');
    await page.getByText(/^Unsaved changes from \d\d:\d\d were restored\.$/).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(`Autosaved ${runTag} with more typed`);

    // Discard goes back to the post as saved, and the slot is gone.
    await page.getByRole('button', { name: 'Discard' }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(`Autosaved ${runTag}`);
    await expect
      .poll(async () => (await api<{ data: unknown }>(`/api/get_blog_autosave.php?post=${post.id}`, { token: await adminToken() })).body.data)
      .toBeNull();
    admin.expectClean();
    await admin.close();
  });

  test('two people editing one post: the second save gets the conflict, nothing is overwritten', async () => {
    const post = await newPost('Edited twice', 'The first text.');
    const first = await loggedInAdmin(browser);
    const second = await loggedInAdmin(browser);
    second.allowStatus(409, '/api/update_blog.php');
    await visit(first.page, `/admin/blog?id=${post.id}`);
    await visit(second.page, `/admin/blog?id=${post.id}`);

    await first.page.getByLabel('Author', { exact: true }).fill('First editor');
    await first.page.getByRole('button', { name: 'Update Post' }).click();
    // Saved: the page goes back to the list of posts.
    await first.page.waitForURL(/\/admin\/dashboard\?section=blogs/);

    await second.page.getByLabel('Author', { exact: true }).fill('Second editor');
    await second.page.getByRole('button', { name: 'Update Post' }).click();
    const conflict = second.page.getByRole('alert').filter({ hasText: 'This post was changed by someone else since you opened it' });
    await conflict.waitFor();
    expect(await conflict.textContent()).toMatch(/saved it at \d\d:\d\d/);
    expect(await stored(post.id)).toMatchObject({ author: 'First editor', version: 2 });

    // "Load their version" drops the second person's typing and shows what the first saved.
    await conflict.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => second.page.getByLabel('Author', { exact: true }).inputValue()).toBe('First editor');
    expect(await stored(post.id)).toMatchObject({ author: 'First editor', version: 2 });
    first.expectClean();
    second.expectClean();
    await first.close();
    await second.close();
  });

  test('a restored revision is what the public page shows', async () => {
    const post = await newPost('Restored', 'The original words of the post.');
    const changed = await updatePost({ id: post.id, version: '1', content: 'Words that were a mistake.' });
    expect(changed.status).toBe(200);
    const admin = await loggedInAdmin(browser);
    const { page } = admin;
    await visit(page, `/admin/blog?id=${post.id}`);
    await page.getByRole('button', { name: 'Revisions' }).click();
    await page.getByRole('button', { name: 'Preview version 1' }).click();
    const preview = page.getByRole('dialog', { name: `Version 1: Restored ${runTag}` });
    await preview.locator('.post-body').getByText('The original words of the post.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore' }).click();
    await page.getByText("Version 1 was restored as the post's newest version").waitFor();
    expect(await stored(post.id)).toMatchObject({ content: 'The original words of the post.', version: 3 });

    const visitor = await browser.newPage();
    await visitor.goto(new URL(`/blog/${post.id}`, page.url()).href, { waitUntil: 'networkidle' });
    expect(await visitor.locator('.post-body').textContent()).toContain('The original words of the post.');
    expect(await visitor.content()).not.toContain('Words that were a mistake.');
    await visitor.close();
    admin.expectClean();
    await admin.close();
  });
});
