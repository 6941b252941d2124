// The media library in Chromium through nginx: a photo in a post's text is in the library and
// found by its alt text; a new alt text there reaches the post's server-rendered page; deleting
// the photo while the post shows it warns with the post's title; and a photo chosen from the
// library in the post editor lands in a new post.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminGet, formData, postJson, removePosts, sampleJpeg, type Blog } from './content';
import { adminToken, api, e2e, launchBrowser, loggedInAdmin, visit } from './harness';
import { seriousA11yViolations } from './screens';

const runTag = `ml${Date.now().toString(36)}`;
let browser: Browser;
const posts: string[] = [];
const photos: string[] = [];

type Photo = { id: string; alt: string; width: number; height: number };

async function uploadPhoto(alt: string, name: string): Promise<Photo> {
  const form = formData({ alt });
  form.append('image', new Blob([new Uint8Array(await sampleJpeg({ width: 1200, height: 900, color: '#4a6f2f' }))], { type: 'image/jpeg' }), name);
  const { status, body } = await api<{ data: Photo; message: string }>('/api/upload_media.php', { method: 'POST', token: await adminToken(), body: form });
  if (status !== 201) throw new Error(`upload_media.php answered ${status}: ${body.message}`);
  photos.push(body.data.id);
  return body.data;
}

/** The server-rendered page of a post, as a crawler gets it. */
const renderedPost = async (id: string) => (await fetch(new URL(`/blog/${id}`, e2e.baseUrl))).text();

async function searchLibrary(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search the media library' }).fill(text);
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await removePosts(posts);
  for (const id of photos) await postJson('/api/delete_media.php', { id, force: true });
});

describe('the media library', () => {
  test('a photo in a post: found by its alt text, its new alt text on the post’s page, its deletion warned with the post’s title', async () => {
    // The photo is uploaded from the post editor's Image panel, as an editor does.
    const title = `Seed bank opens ${runTag}`;
    const alt = `Women at the seed bank ${runTag}`;
    const writer = await loggedInAdmin(browser);
    await visit(writer.page, '/admin/dashboard?section=blogs&open=add-blog');
    const form = writer.page.getByRole('dialog', { name: 'Add New Post' });
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByRole('textbox', { name: 'Content', exact: true }).click();
    await form.getByRole('toolbar', { name: 'Content formatting', exact: true }).getByRole('button', { name: 'Image', exact: true }).click();
    const panel = form.getByRole('group', { name: 'Image' });
    await panel
      .getByLabel('Photo')
      .setInputFiles({ name: `seed-bank-${runTag}.jpg`, mimeType: 'image/jpeg', buffer: await sampleJpeg({ width: 1200, height: 900 }) });
    await panel.getByLabel('Alt text').fill(alt);
    await panel.getByRole('button', { name: 'Insert' }).click();
    await form.getByRole('textbox', { name: 'Content', exact: true }).locator(`img[alt="${alt}"]`).waitFor();
    await form.getByRole('button', { name: 'Save Post' }).click();
    await form.waitFor({ state: 'detached' });
    writer.expectClean();
    await writer.close();
    const post = (await api<Blog[]>('/api/get_blogs.php')).body.find((saved) => saved.title === title)!;
    posts.push(post.id);
    const shown = post.body?.content.find((block) => block.type === 'image');
    const photo = { id: shown?.type === 'image' ? shown.attrs.id : '', alt };
    photos.push(photo.id);
    expect(await renderedPost(post.id)).toContain(`alt="${alt}"`);

    const admin = await loggedInAdmin(browser);
    const { page } = admin;
    await visit(page, '/admin/dashboard');
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Media' }).click();
    await page.getByRole('heading', { level: 1, name: 'Media Library' }).waitFor();
    await searchLibrary(page, runTag);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: photo.alt }) });
    await card.waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 3 }).count()).toBe(1);
    expect(await card.getByRole('img', { name: photo.alt, exact: true }).getAttribute('src')).toBe(`/api/image.php?id=${photo.id}&w=640`);
    expect(await card.getByRole('list', { name: `Where ${photo.alt} is used` }).textContent()).toBe(`In the text of the post “${title}”`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A new alt text, by keyboard: the post's page says it at once.
    await card.getByRole('button', { name: `Edit ${photo.alt}` }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit image details' });
    const newAlt = `Seed keepers of Hesal ${runTag}`;
    await edit.getByLabel('Alt text').fill(newAlt);
    await edit.getByLabel('Caption (optional)').fill('Hesal, March');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 3, name: newAlt }).waitFor();
    const html = await renderedPost(post.id);
    expect(html).toContain(`alt="${newAlt}"`);
    expect(html).toContain('<figcaption>Hesal, March</figcaption>');
    expect(html).not.toContain(photo.alt);

    // Deleting it while the post shows it: the dialog names the post; cancelled, nothing goes.
    await page.getByRole('button', { name: `Delete ${newAlt}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
    expect(await confirm.getByRole('alert').textContent()).toContain(`In the text of the post “${title}”`);
    expect(await confirm.getByRole('button', { name: 'Delete everywhere' }).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await fetch(new URL(`/api/image.php?id=${photo.id}&w=320`, e2e.baseUrl))).status).toBe(200);

    // Confirmed: the photo and its variants go, and the post's page still renders, without it.
    await page.getByRole('button', { name: `Delete ${newAlt}` }).click();
    await confirm.getByRole('button', { name: 'Delete everywhere' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText('Image deleted').waitFor();
    // (nginx keeps a served variant up to ten minutes: the original was never asked for.)
    expect((await fetch(new URL(`/api/image.php?id=${photo.id}`, e2e.baseUrl))).status).toBe(404);
    const library = await adminGet<{ data: { id: string }[] }>(`/api/get_media.php?q=${runTag}`);
    expect(library.body.data.map((image) => image.id)).not.toContain(photo.id);
    const after = await fetch(new URL(`/blog/${post.id}`, e2e.baseUrl));
    expect(after.status).toBe(200);
    const afterHtml = await after.text();
    expect(afterHtml).toContain(title);
    expect(afterHtml).not.toContain(photo.id);
    admin.expectClean();
    await admin.close();
  });

  test('a photo chosen from the library in the post editor lands in a new post with its alt text and size', async () => {
    const photo = await uploadPhoto(`Children at the new hand pump ${runTag}`, `pump-${runTag}.jpg`);
    const title = `Pump report ${runTag}`;
    const admin = await loggedInAdmin(browser);
    const { page } = admin;
    await visit(page, '/admin/dashboard?section=blogs&open=add-blog');
    const form = page.getByRole('dialog', { name: 'Add New Post' });
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByRole('textbox', { name: 'Content', exact: true }).click();
    await form.getByRole('toolbar', { name: 'Content formatting', exact: true }).getByRole('button', { name: 'Image', exact: true }).click();
    await form.getByRole('group', { name: 'Image' }).getByRole('button', { name: 'Choose from library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose from the media library' });
    await picker.getByRole('searchbox', { name: 'Search the media library' }).fill(`hand pump ${runTag}`);
    await page.keyboard.press('Enter');
    const choice = picker.getByRole('button', { name: `Choose ${photo.alt}` });
    await choice.waitFor();
    await expect.poll(() => picker.getByRole('button', { name: /^Choose / }).count()).toBe(1);
    // Enter in the search box neither saved the post nor closed its dialog.
    expect(await form.isVisible()).toBe(true);
    await choice.focus();
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await form.getByRole('textbox', { name: 'Content', exact: true }).locator(`img[alt="${photo.alt}"]`).waitFor();
    await form.getByRole('button', { name: 'Save Post' }).click();
    await form.waitFor({ state: 'detached' });
    admin.expectClean();
    await admin.close();

    const { body } = await api<Blog[]>('/api/get_blogs.php');
    const saved = body.find((post) => post.title === title)!;
    posts.push(saved.id);
    expect(saved.body?.content.find((block) => block.type === 'image')).toEqual({
      type: 'image',
      attrs: { id: photo.id, alt: photo.alt, width: 1200, height: 900 },
    });
    expect(await renderedPost(saved.id)).toMatch(
      new RegExp(`<img src="/api/image\\.php\\?id=${photo.id}&amp;w=640"[^>]* width="1200" height="900" alt="${photo.alt}"`),
    );
  });
});
