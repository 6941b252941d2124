// An admin's journeys in Chromium, through nginx and two backend instances on a real database:
// log in, run the blog and gallery life cycles (seeing the results on the public pages), crop and
// download, upload several images at once, log out, and lose an expired session. Every admin
// screen is checked with axe and captured at phone and desktop widths.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, e2e, launchBrowser, openPage, signAdminToken, visit, type GuardedPage, type ViewportName } from './harness';
import { screenshot, seriousA11yViolations } from './screens';
import { addPhotos, adminGet, removePhotos, removePosts, sampleJpeg, type Blog, type GalleryItem } from './content';

/** Unique per run, so this file finds (and deletes) exactly what it made. */
const runTag = `adm${Date.now().toString(36)}`;
const post = { title: `Seed bank opens in Bero ${runTag}`, author: 'Sunita Lakra', excerpt: 'Farmers now share seeds.' };
const galleryTitle = `Planting drive ${runTag}`;
const batchTitle = `School garden ${runTag}`;

let browser: Browser;

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible' });
const pathnameIs = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname, { timeout: 10_000 });
const toast = (page: Page, text: string) => visible(page.locator('.toast-stack').getByText(text, { exact: true }));

/** A page signed in through the login screen, as an admin would. */
async function loggedIn(viewport: ViewportName = 'desktop'): Promise<GuardedPage> {
  const guarded = await openPage(browser, { viewport });
  const { page } = guarded;
  await visit(page, '/login');
  await page.getByLabel('Email').fill(e2e.admin.email);
  await page.getByLabel('Password').fill(e2e.admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await pathnameIs(page, '/admin/dashboard');
  await visible(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }));
  return guarded;
}

async function journey(run: (guarded: GuardedPage) => Promise<void>, viewport: ViewportName = 'desktop') {
  const guarded = await loggedIn(viewport);
  try {
    await run(guarded);
    guarded.expectClean();
  } finally {
    await guarded.close();
  }
}

async function checkScreen(page: Page, name: string) {
  expect(await seriousA11yViolations(page), name).toEqual([]);
  await screenshot(page, `admin-${name}`);
}

async function listBlogs(): Promise<Blog[]> {
  return (await api<Blog[]>('/api/get_blogs.php')).body;
}

async function listGallery(): Promise<GalleryItem[]> {
  return (await api<{ data: GalleryItem[] }>('/api/get_gallery_images.php')).body.data;
}

const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await removePosts((await listBlogs()).filter((b) => b.title.includes(runTag)).map((b) => b.id));
  await removePhotos((await listGallery()).filter((g) => g.title.includes(runTag)).map((g) => g.id));
});

describe('logging in', () => {
  test('the login screen opens the dashboard, whose cards show the real figures', async () => {
    await journey(async ({ page }) => {
      const { body } = await adminGet<{ data: { blogs: number; gallery_images: number; admins: number } }>('/api/get_stats.php');
      const card = (label: string) => page.locator('.stat-card', { has: page.getByText(label, { exact: true }) });
      await expect.poll(() => card('Total Blog Posts').locator('.stat-value').textContent()).toBe(String(body.data.blogs));
      expect(await card('Active Users').locator('.stat-value').textContent()).toBe(String(body.data.admins));
      // The site's own page-view counts of the last 30 days.
      await expect.poll(() => card('Page Views').locator('.stat-value').textContent()).toMatch(/^[\d,]+$/);
      expect(await card('Page Views').locator('.stat-note').textContent()).toMatch(/^Last 30 days/);
      await visible(page.getByText('Welcome back, Admin'));
      expect(await page.getByRole('contentinfo').textContent()).toContain(String(new Date().getFullYear()));
    });
  });
});

describe('blog life cycle', () => {
  test('add a post with an image, see it on /blog and its page, edit it, delete it', async () => {
    await journey(async ({ page }) => {
      await page.getByRole('link', { name: 'Manage Blogs' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Manage Blogs' }));
      await page.getByRole('button', { name: 'Add New Post' }).click();
      const form = page.getByRole('dialog', { name: 'Add New Post' });
      await form.getByLabel('Title', { exact: true }).fill(post.title);
      await form.getByLabel('Author').fill(post.author);
      await form.getByLabel('Date').fill('2025-03-05');
      await form.getByLabel('Category').selectOption('sustainable-farming');
      await form.getByLabel('Excerpt', { exact: true }).fill(post.excerpt);
      await form.getByLabel('Content', { exact: true }).fill('Forty farmers brought their seeds.\n\nThe bank lends them out each season.');
      await form
        .getByLabel('Image', { exact: true })
        .and(form.locator('input[type="file"]'))
        .setInputFiles({ name: 'seeds.jpg', mimeType: 'image/jpeg', buffer: await sampleJpeg({ color: '#6b8e23' }) });
      await visible(form.getByRole('img', { name: 'The chosen image' }));
      await form.getByRole('button', { name: 'Save Post' }).click();
      await form.waitFor({ state: 'detached' });
      const row = page.getByRole('row', { name: new RegExp(post.title) });
      await visible(row);
      expect(await row.getByRole('cell').allTextContents()).toEqual(['Sustainable Farming', '5 March 2025', post.author, 'Published', '']);
      const saved = (await listBlogs()).find((b) => b.title === post.title);
      expect(saved).toBeDefined();

      // The public pages show it, with its image.
      const visitor = await page.context().newPage();
      await visit(visitor, '/blog');
      await visitor
        .getByRole('searchbox')
        .or(visitor.getByRole('textbox', { name: /search/i }))
        .fill(runTag);
      await visitor
        .getByRole('link', { name: new RegExp(post.title) })
        .first()
        .click();
      await pathnameIs(visitor, `/blog/${saved!.id}`);
      await visible(visitor.getByRole('heading', { level: 1, name: post.title }));
      await visible(visitor.getByText(post.author));
      const image = visitor.locator('main img[src*="/api/image.php"]').first();
      await visible(image);
      await visitor.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await image.elementHandle());
      await visitor.close();

      // View, then edit.
      await row.getByRole('button', { name: `View ${post.title}`, exact: true }).click();
      const view = page.getByRole('dialog', { name: post.title });
      await visible(view.getByText('Forty farmers brought their seeds.', { exact: false }));
      await checkScreen(page, 'blog-view-desktop');
      await page.keyboard.press('Escape');
      await view.waitFor({ state: 'detached' });

      await row.getByRole('button', { name: `Edit ${post.title}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Post' });
      expect(await edit.getByLabel('Title', { exact: true }).inputValue()).toBe(post.title);
      await visible(edit.getByRole('img', { name: "The post's current image" }));
      await checkScreen(page, 'blog-edit-desktop');
      await edit.getByLabel('Title', { exact: true }).fill(`${post.title} (updated)`);
      await edit.getByRole('button', { name: 'Update Post' }).click();
      await edit.waitFor({ state: 'detached' });
      await visible(page.getByRole('rowheader', { name: `${post.title} (updated)` }));
      const updated = await api<{ data: Blog }>(`/api/get_blog.php?id=${saved!.id}`);
      expect(updated.body.data.title).toBe(`${post.title} (updated)`);

      // The confirmation starts on its safe action; Escape cancels and gives focus back.
      const deleteButton = page.getByRole('button', { name: `Delete ${post.title} (updated)` });
      await deleteButton.click();
      const confirm = page.getByRole('dialog', { name: 'Delete this blog?' });
      await visible(confirm);
      // Portalled outside the admin frame, the dialog still wears the admin look (not serif titles and pill buttons).
      const computed = (locator: Locator, property: string) => locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
      expect(await computed(confirm.getByRole('heading'), 'font-family')).toBe(await computed(page.locator('h1'), 'font-family'));
      expect(await computed(confirm.getByRole('button', { name: 'Cancel' }), 'border-radius')).not.toBe('999px');
      await expect.poll(() => hasFocus(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => hasFocus(deleteButton)).toBe(true);

      // Delete, after the confirmation.
      await page.keyboard.press('Enter');
      await visible(confirm);
      await checkScreen(page, 'blog-delete-desktop');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('rowheader', { name: `${post.title} (updated)` }).waitFor({ state: 'detached' });
      await expect.poll(() => hasFocus(page.getByRole('heading', { level: 2, name: /^Blog posts/ }))).toBe(true);
      expect((await listBlogs()).some((b) => b.id === saved!.id)).toBe(false);
    });
  });

  test('/admin/blog is the same form as a page', async () => {
    await journey(async ({ page }) => {
      await visit(page, '/admin/blog');
      await visible(page.getByRole('heading', { level: 1, name: 'Add New Post' }));
      await checkScreen(page, 'blog-page-phone');
      await page.getByLabel('Title', { exact: true }).fill(`Page form ${runTag}`);
      await page.getByRole('button', { name: 'Save Post' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Manage Blogs' }));
      await visible(page.getByRole('rowheader', { name: `Page form ${runTag}` }));
    }, 'phone');
  });
});

describe('gallery', () => {
  test('upload an image and find it on /gallery under its filter', async () => {
    await journey(async ({ page }) => {
      await page.getByRole('link', { name: 'Upload to Gallery' }).click();
      const form = page.getByRole('dialog', { name: 'Upload Images' });
      await form.getByRole('button', { name: 'Upload Image' }).click();
      await visible(form.getByText('Please fill all required fields and select an image'));
      await form.getByLabel(/^Title/).fill(galleryTitle);
      await form.getByLabel(/^Category/).selectOption({ label: 'Reforestation' });
      await form.getByLabel('Caption (optional)', { exact: true }).fill('Saplings along the Subarnarekha.');
      await form
        .getByLabel(/^Image/)
        .setInputFiles({ name: 'planting.jpg', mimeType: 'image/jpeg', buffer: await sampleJpeg({ width: 1200, height: 800, color: '#2f7d4a' }) });
      await checkScreen(page, 'gallery-upload-desktop');
      await form.getByRole('button', { name: 'Upload Image' }).click();
      await toast(page, 'Image added successfully!');
      await visible(page.getByRole('heading', { level: 3, name: galleryTitle }));

      const visitor = await page.context().newPage();
      await visit(visitor, '/gallery');
      await visitor.getByRole('button', { name: 'Reforestation', exact: true }).click();
      await visible(visitor.getByText(galleryTitle));
      await visitor.getByRole('button', { name: 'Education', exact: true }).click();
      await visitor.getByText(galleryTitle).waitFor({ state: 'detached' });
      await visitor.close();
    });
  });

  test('a file that is not an image is refused with a sentence naming it, and nothing is saved', async () => {
    await journey(async ({ page, allowStatus }) => {
      allowStatus(415, '/api/add_gallery_image.php');
      await visit(page, '/admin/dashboard?section=gallery&open=upload-image');
      const form = page.getByRole('dialog', { name: 'Upload Images' });
      await form.getByLabel(/^Title/).fill(`Not a photo ${runTag}`);
      await form.getByLabel(/^Category/).selectOption('health');
      await form.getByLabel(/^Image/).setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a JPEG') });
      await form.getByRole('button', { name: 'Upload Image' }).click();
      await visible(page.locator('.toast-stack').getByText(/notes\.jpg .*not an image/));
      await visible(form.getByRole('button', { name: 'Upload Image' }));
      expect((await listGallery()).some((g) => g.title === `Not a photo ${runTag}`)).toBe(false);
    });
  });

  test('the actions show on keyboard focus; Preview and Crop downloads cropped-image.jpg and can replace the image', async () => {
    await journey(async ({ page }) => {
      await visit(page, '/admin/dashboard?section=gallery');
      const card = page.locator('.gallery-admin-card', { has: page.getByRole('heading', { name: galleryTitle }) });
      const crop = card.getByRole('button', { name: `Preview and crop ${galleryTitle}` });
      await crop.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => card.locator('.gallery-admin-actions').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: 'Preview and Crop' });
      const picture = dialog.locator('.crop-area img');
      await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await picture.elementHandle());
      await dialog.getByRole('slider', { name: 'Zoom' }).fill('2');
      await checkScreen(page, 'gallery-crop-desktop');

      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Crop & Save' }).click()]);
      expect(download.suggestedFilename()).toBe('cropped-image.jpg');
      const meta = await sharp(readFileSync(await download.path())).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width! / meta.height!).toBeCloseTo(4 / 3, 1);
      await visible(dialog.getByText('Cropped Preview'));

      const before = (await listGallery()).find((g) => g.title === galleryTitle)!;
      await dialog.getByRole('button', { name: 'Apply to image' }).click();
      await toast(page, 'Image updated successfully!');
      await dialog.waitFor({ state: 'detached' });
      const after = (await listGallery()).find((g) => g.title === galleryTitle)!;
      expect(after.image_url).not.toBe(before.image_url);
      const stored = await fetch(new URL(after.image_url!, e2e.baseUrl));
      const storedMeta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
      expect(storedMeta.width! / storedMeta.height!).toBeCloseTo(4 / 3, 1);
    });
  });

  test('edit and delete an image', async () => {
    await journey(async ({ page }) => {
      await visit(page, '/admin/dashboard?section=gallery');
      await page.getByRole('button', { name: `Edit ${galleryTitle}` }).click();
      const form = page.getByRole('dialog', { name: 'Edit Image' });
      await form.getByLabel(/^Category/).selectOption('education');
      await form.getByRole('button', { name: 'Update Image' }).click();
      await toast(page, 'Image updated successfully!');
      expect((await listGallery()).find((g) => g.title === galleryTitle)?.category).toBe('education');

      await page.getByRole('button', { name: `Delete ${galleryTitle}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this image?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Image deleted successfully!');
      await page.getByRole('heading', { level: 3, name: galleryTitle }).waitFor({ state: 'detached' });
      await expect.poll(() => hasFocus(page.getByRole('heading', { level: 2, name: /^Gallery images/ }))).toBe(true);
      expect((await listGallery()).some((g) => g.title === galleryTitle)).toBe(false);
    });
  });

  test('/admin/gallery uploads several images at once, listing the chosen files', async () => {
    await journey(async ({ page }) => {
      await visit(page, '/admin/gallery');
      await page.getByRole('button', { name: 'Upload Images' }).click();
      await visible(page.getByText('Title, category, and at least one image are required'));
      await page.getByLabel(/^Title/).fill(batchTitle);
      await page.getByLabel(/^Category/).selectOption('education');
      await page.getByLabel(/^Images/).setInputFiles([
        { name: 'garden-1.jpg', mimeType: 'image/jpeg', buffer: await sampleJpeg({ color: '#4a7d2f' }) },
        { name: 'garden-2.jpg', mimeType: 'image/jpeg', buffer: await sampleJpeg({ color: '#7d6a2f' }) },
      ]);
      const chosen = page.getByRole('list', { name: '2 images selected' });
      await visible(chosen.getByText('garden-1.jpg'));
      await visible(chosen.getByText('garden-2.jpg'));
      await checkScreen(page, 'gallery-multi-phone');
      await page.getByRole('button', { name: 'Upload Images' }).click();
      await toast(page, 'Images added successfully!');
      expect((await listGallery()).filter((g) => g.title === batchTitle)).toHaveLength(2);
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Manage Gallery' }));
      await expect.poll(() => page.getByRole('heading', { level: 3, name: batchTitle }).count()).toBe(2);
    }, 'phone');
  });
});

describe('every admin screen', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    test(`has no serious or critical axe violation and is captured at ${viewport} width`, async () => {
      await journey(async ({ page }) => {
        for (const section of ['dashboard', 'blogs', 'gallery', 'volunteers', 'users', 'analytics', 'settings']) {
          await visit(page, `/admin/dashboard?section=${section}`);
          await visible(page.getByRole('heading', { level: 1 }));
          await checkScreen(page, `${section}-${viewport}`);
        }
        await visit(page, '/admin/dashboard?section=blogs&open=add-blog');
        await visible(page.getByRole('dialog', { name: 'Add New Post' }));
        await checkScreen(page, `blog-add-${viewport}`);
        await visit(page, '/admin/gallery');
        await checkScreen(page, `gallery-page-${viewport}`);
        if (viewport === 'phone') {
          await visit(page, '/admin/dashboard');
          await page.getByRole('button', { name: 'Open menu' }).click();
          await visible(page.getByRole('link', { name: 'Manage Gallery' }));
          await checkScreen(page, 'menu-phone');
          await page.keyboard.press('Escape');
        }
      }, viewport);
    });
  }
});

describe('leaving', () => {
  test('Logout returns to /login, and the admin pages redirect there again', async () => {
    await journey(async ({ page }) => {
      await page.getByRole('button', { name: 'Logout' }).click();
      await pathnameIs(page, '/login');
      expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userRole')])).toEqual([null, null]);
      for (const pathname of ['/admin/dashboard', '/admin/blog', '/admin/gallery']) {
        await visit(page, pathname);
        await pathnameIs(page, '/login');
      }
    });
  });

  test('an expired token, signed by the server, sends the admin to /login', async () => {
    // The token is real: the server accepts it while it lasts.
    const fresh = await signAdminToken({ expiresIn: 3600 });
    expect((await api('/api/get_stats.php', { token: fresh })).status).toBe(200);
    const expired = await signAdminToken({ expiresIn: -60 });
    expect((await api('/api/get_stats.php', { token: expired })).status).toBe(401);

    const guarded = await openPage(browser, { viewport: 'desktop', storage: { token: expired, userRole: 'admin' } });
    await visit(guarded.page, '/admin/dashboard');
    await pathnameIs(guarded.page, '/login');
    expect(await guarded.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    guarded.expectClean();
    await guarded.close();
  });

  test('a session that expires while the admin works ends at the next call the server refuses', async () => {
    const title = `Kept after expiry ${runTag}`;
    const item = (await addPhotos({ title, category: 'health', image: await sampleJpeg() }))[0]!;
    const guarded = await openPage(browser, { viewport: 'desktop' });
    const { page } = guarded;
    // Only the first page load gets the token (the harness's `storage` would set it again on /login).
    await visit(page, '/login');
    // Long enough for the gallery to load with it on a busy machine.
    const shortLived = await signAdminToken({ expiresIn: 8 });
    await page.evaluate((value) => {
      localStorage.setItem('token', value);
      localStorage.setItem('userRole', 'admin');
    }, shortLived);
    await visit(page, '/admin/dashboard?section=gallery');
    await visible(page.getByRole('heading', { level: 3, name: title }));
    // Until the server itself refuses the token: its clock, not this one, ends the session.
    await expect.poll(async () => (await api('/api/get_stats.php', { token: shortLived })).status, { timeout: 15_000, interval: 250 }).toBe(401);
    guarded.allowStatus(401, '/api/gallery_delete.php');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('dialog', { name: 'Are you sure you want to delete this image?' }).getByRole('button', { name: 'Delete' }).click();
    await pathnameIs(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await listGallery()).some((g) => g.id === item.id)).toBe(true);
    guarded.expectClean();
    await guarded.close();
  });
});
