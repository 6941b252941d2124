// A visitor's journeys over every public route, in Chromium, through nginx and two backend
// instances. Every page: no console error, no failed request, no serious or critical axe
// violation, screenshots at phone and desktop widths. Halfway through, one backend instance is
// killed; the browser must not notice.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { addPhotos, addPost, adminGet, removePhotos, removePosts, sampleJpeg, type Blog, type GalleryItem } from './content';
import { backends, launchBrowser, openPage, visit, type GuardedPage, type ViewportName } from './harness';
import { screenshot, seriousA11yViolations } from './screens';

/** Unique per run, so a search finds exactly what this file made. */
const runTag = `e2e${Date.now().toString(36)}`;
const posts = {
  water: { title: `Clean wells for Khunti ${runTag}`, excerpt: 'Six villages now draw safe water all year.', category: 'health', author: 'Asha Oraon' },
  school: { title: `Evening school in Ormanjhi ${runTag}`, excerpt: 'Forty children read every evening.', category: 'education', author: 'Ravi Munda' },
  trees: { title: `Ten thousand saplings ${runTag}`, excerpt: 'Planted along the Subarnarekha.', category: 'reforestation', author: '' },
};
const galleryItems = {
  camp: { title: `Health camp ${runTag}`, category: 'health', caption: 'A blood donation camp in Ranchi.' },
  planting: { title: `Planting day ${runTag}`, category: 'reforestation', caption: '' },
};
const created: { blogs: Blog[]; gallery: GalleryItem[] } = { blogs: [], gallery: [] };

let browser: Browser;

/** A post whose content repeats its excerpt; empty fields are left out, as the admin form does. */
function addBlog(fields: Record<string, string>, image?: Buffer): Promise<Blog> {
  const nonEmpty = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
  return addPost({ ...nonEmpty, content: `${fields.excerpt}\n\nThe full story of ${fields.title}.`, image });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const photo = await sampleJpeg({ color: '#3b7d4f' });
  created.blogs.push(await addBlog(posts.water, photo));
  created.blogs.push(await addBlog(posts.school));
  created.blogs.push(await addBlog(posts.trees, await sampleJpeg({ color: '#7d5b3b' })));
  created.gallery.push(...(await addPhotos({ ...galleryItems.camp, image: photo })));
  created.gallery.push(...(await addPhotos({ ...galleryItems.planting, image: await sampleJpeg({ color: '#2d5f8a' }) })));
});

afterAll(async () => {
  // Leave both instances up for the test files that follow.
  for (const backend of await backends.list()) if (!backend.running) await backends.start(backend.number);
  await browser?.close();
  await removePosts(created.blogs.map((blog) => blog.id));
  await removePhotos(created.gallery.map((item) => item.id));
});

/** Opens a guarded page, runs the journey, then fails on anything the browser saw go wrong. */
async function journey(viewport: ViewportName, run: (guarded: GuardedPage) => Promise<void>): Promise<void> {
  const guarded = await openPage(browser, { viewport });
  try {
    await run(guarded);
    guarded.expectClean();
  } finally {
    await guarded.close();
  }
}

const visible = (locator: Locator, timeout = 10_000) => locator.first().waitFor({ state: 'visible', timeout });
const text = (page: Page, value: string | RegExp) => page.getByText(value, { exact: typeof value === 'string' });
const heading1 = (page: Page) => page.locator('h1');

async function expectOneH1(page: Page, name: string | RegExp) {
  await visible(heading1(page));
  // After a click the old page may show until the new one has loaded (a busy machine).
  await expect.poll(() => heading1(page).first().innerText(), { timeout: 10_000 }).toMatch(name);
  expect(await heading1(page).count()).toBe(1);
}

const publicPages: Array<{ name: string; path: () => string; h1: RegExp }> = [
  { name: 'home', path: () => '/', h1: /./ },
  { name: 'about', path: () => '/about', h1: /./ },
  { name: 'programs', path: () => '/programs', h1: /./ },
  { name: 'donate', path: () => '/donate', h1: /./ },
  { name: 'blog', path: () => '/blog', h1: /./ },
  { name: 'blog-post', path: () => `/blog/${created.blogs[0]!.id}`, h1: new RegExp(runTag) },
  { name: 'contact', path: () => '/contact', h1: /./ },
  { name: 'volunteer', path: () => '/volunteer', h1: /./ },
  { name: 'gallery', path: () => '/gallery', h1: /^Our Impact in Pictures$/ },
  { name: 'login', path: () => '/login', h1: /^Admin Login$/ },
  { name: 'not-found', path: () => '/no/such/page', h1: /Page Not Found|404/ },
];

describe('every public page', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    test(`has one h1, no serious or critical axe violation, and is captured at ${viewport} width`, async () => {
      const failures: string[] = [];
      await journey(viewport, async ({ page, allowStatus }) => {
        // The not-found page answers a real 404.
        allowStatus(404, '/no/such/page');
        for (const route of publicPages) {
          await visit(page, route.path());
          await expectOneH1(page, route.h1);
          failures.push(...(await seriousA11yViolations(page)).map((v) => `${route.name}: ${v}`));
          await screenshot(page, `${route.name}-${viewport}`);
        }
      });
      expect(failures, `axe found serious or critical violations:\n${failures.join('\n')}`).toEqual([]);
    });
  }
});

describe('layout', () => {
  test('the header links in the spec order, the active link is marked, and Donate Now leads to /donate', async () => {
    await journey('desktop', async ({ page }) => {
      await visit(page, '/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const labels = (await nav.getByRole('link').allInnerTexts()).map((label) => label.trim());
      expect(labels).toEqual(['Home', 'About', 'Programs', 'Blog', 'Contact', 'Gallery', 'Volunteer', 'Login', 'Donate Now']);
      for (const [label, pathname] of [
        ['About', '/about'],
        ['Programs', '/programs'],
        ['Blog', '/blog'],
        ['Contact', '/contact'],
        ['Gallery', '/gallery'],
        ['Volunteer', '/volunteer'],
        ['Login', '/login'],
        ['Home', '/'],
      ] as const) {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await page.waitForURL((url) => url.pathname === pathname);
        expect(await nav.getByRole('link', { name: label, exact: true }).getAttribute('aria-current')).toBe('page');
      }
      await nav.getByRole('link', { name: 'Donate Now' }).click();
      await page.waitForURL((url) => url.pathname === '/donate');
    });
  });

  test('on a phone the menu opens with its toggle and closes when a link is chosen', async () => {
    await journey('phone', async ({ page }) => {
      await visit(page, '/');
      const toggle = page.getByRole('button', { name: /menu/i });
      const aboutLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true });
      expect(await aboutLink.isVisible()).toBe(false);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await visible(aboutLink);
      await aboutLink.click();
      await page.waitForURL((url) => url.pathname === '/about');
      await aboutLink.waitFor({ state: 'hidden' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    });
  });

  test('the footer has the quick links, program anchors, tagline and this year', async () => {
    await journey('desktop', async ({ page }) => {
      await visit(page, '/');
      const footer = page.locator('footer');
      await visible(footer.getByText('Empowering communities through sustainable development and environmental conservation initiatives worldwide.'));
      for (const label of ['Home', 'About Us', 'Our Programs', 'Blog & News', 'Contact Us']) {
        await visible(footer.getByRole('link', { name: label, exact: true }));
      }
      for (const [label, hash] of [
        ['Clean Water Initiative', 'health'],
        ['Education for All', 'education'],
        ['Reforestation Project', 'reforestation'],
        ['Sustainable Farming', 'sustainable-farming'],
        ['Women Empowerment', 'women-empowerment'],
      ]) {
        expect(await footer.getByRole('link', { name: label }).getAttribute('href')).toBe(`/programs#${hash}`);
      }
      expect(await footer.innerText()).toContain(String(new Date().getFullYear()));
    });
  });
});

describe('home, about, programs', () => {
  test('the home page counts up to its impact figures and links to programs and ways to help', async () => {
    await journey('desktop', async ({ page }) => {
      await visit(page, '/');
      await visible(page.getByRole('link', { name: 'Donate Now' }));
      await visible(page.getByRole('link', { name: 'Our Programs' }));
      for (const label of ['People Impacted', 'Trees Planted', 'Clean Water Projects', 'States Reached']) await visible(text(page, label));
      await text(page, 'People Impacted').scrollIntoViewIfNeeded();
      // Counted up over 2.5 s: the end values appear, each with its plus.
      await page.waitForFunction(
        (values) => values.every((value) => document.querySelector('main')?.textContent?.replace(/\s+/g, '').includes(value)),
        ['120+', '90+', '5+', '4+'],
        { timeout: 6000 },
      );
      const programLinks = await page.locator('main a[href^="/programs#"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(programLinks.length).toBeGreaterThanOrEqual(3);
      for (const href of ['/donate', '/about#volunteer', '/contact']) {
        expect(await page.locator(`main a[href="${href}"]`).count(), href).toBeGreaterThan(0);
      }
    });
  });

  test('about has the team of three founders and a volunteer section linking to /volunteer', async () => {
    await journey('desktop', async ({ page }) => {
      await visit(page, '/about#team');
      await visible(page.locator('#team'));
      await visible(page.locator('#volunteer a[href="/volunteer"]'));
    });
  });

  test('a program deep link scrolls to that program', async () => {
    await journey('desktop', async ({ page }) => {
      await visit(page, '/programs#reforestation');
      for (const id of ['health', 'education', 'reforestation', 'sustainable-farming']) await visible(page.locator(`#${id}`));
      await page.waitForFunction(
        () => {
          const box = document.getElementById('reforestation')?.getBoundingClientRect();
          return box !== undefined && box.top >= -5 && box.top < window.innerHeight / 2;
        },
        undefined,
        { timeout: 5000 },
      );
      expect(await page.locator('main a[href="/donate"]').count()).toBeGreaterThan(0);
      expect(await page.locator('main a[href="/contact"]').count()).toBeGreaterThan(0);
    });
  });
});

describe('donate', () => {
  test('presets, Other with digits only, and the payment notice', async () => {
    await journey('desktop', async ({ page }) => {
      await visit(page, '/donate');
      for (const amount of ['500', '1000', '2000', '5000', '10000']) {
        await visible(page.getByRole('button', { name: new RegExp(`^\\D*${amount.replace(/(\d)(?=(\d{3})+$)/g, '$1,?')}$`) }));
      }
      for (const impact of [
        'clean water for a family for a month',
        'educational materials for 10 students',
        '50 trees',
        'micro-business for a woman entrepreneur',
        'rainwater harvesting system',
      ]) {
        await visible(page.getByText(impact, { exact: false }));
      }
      // The default amount, 50, is not a preset: the custom input shows it.
      const custom = page.getByRole('textbox', { name: /amount/i }).or(page.getByRole('spinbutton', { name: /amount/i }));
      expect(await custom.inputValue()).toBe('50');
      await page.getByRole('button', { name: /^\D*1,?000$/ }).click();
      expect(await custom.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Other' }).click();
      expect(await custom.inputValue()).toBe('');
      await custom.pressSequentially('12a5x0');
      expect(await custom.inputValue()).toBe('1250');
      const notice = new Promise<string>((resolve) =>
        page.once('dialog', async (dialog) => {
          resolve(dialog.message());
          await dialog.accept();
        }),
      );
      await page
        .getByRole('button', { name: /donate|pay/i })
        .last()
        .click();
      expect(await notice).toMatch(/real application/i);
    });
  });
});

describe('blog', () => {
  test('search, category filters, the empty state and a post page', async () => {
    await journey('desktop', async ({ page }) => {
      await visit(page, '/blog');
      const search = page.getByRole('searchbox').or(page.getByRole('textbox', { name: /search/i }));
      for (const post of Object.values(posts)) await visible(text(page, post.title));

      await search.fill(runTag.toUpperCase());
      for (const post of Object.values(posts)) await visible(text(page, post.title));
      await search.fill('forty children'); // matches an excerpt, case-insensitively
      await visible(text(page, posts.school.title));
      await text(page, posts.water.title).waitFor({ state: 'detached' });

      await search.fill(runTag);
      await page.getByRole('button', { name: /^reforestation$/i }).click();
      await visible(text(page, posts.trees.title));
      await text(page, posts.school.title).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^all$/i }).click();
      await visible(text(page, posts.school.title));

      await search.fill(`nothing matches ${runTag} zz`);
      await visible(text(page, 'No posts found'));
      await visible(page.getByText('Try adjusting the search term or category filter', { exact: false }));

      await search.fill(posts.water.title);
      await page
        .getByRole('link', { name: new RegExp(posts.water.title) })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === `/blog/${created.blogs[0]!.id}`);
      await expectOneH1(page, posts.water.title);
      await visible(text(page, /The full story of Clean wells/));
      await visible(text(page, posts.water.author));
      const image = page.locator('main img').first();
      await visible(image);
      expect(await image.getAttribute('alt')).toBeTruthy();
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    });
  });

  test('a post without an author shows Anonymous; an unknown post id does not break the page', async () => {
    await journey('desktop', async ({ page, allowStatus }) => {
      await visit(page, `/blog/${created.blogs[2]!.id}`);
      await visible(text(page, 'Anonymous'));
      allowStatus(404, '/api/get_blog.php');
      allowStatus(404, '/blog/65f1c0ffee0000000000abcd');
      const response = await page.goto('/blog/65f1c0ffee0000000000abcd', { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(404);
      await visible(heading1(page));
    });
  });
});

describe('with one backend instance killed mid-visit', () => {
  test('the browser sees no failed request and nginx retried on the live instance', async () => {
    // Only retries from now on count: earlier files may have left some in the access log.
    const retriedBefore = (await backends.retriedRequests()).length;
    await journey('desktop', async ({ page }) => {
      await visit(page, '/blog');
      // Kill while the next pages load: their API and image requests meet the dead instance.
      const killed = backends.kill(1);
      await visit(page, '/gallery');
      await killed;
      expect((await backends.list()).map((b) => b.running)).toEqual([false, true]);
      for (let round = 0; round < 3; round += 1) {
        for (const pathname of ['/blog', '/gallery', `/blog/${created.blogs[round]!.id}`]) {
          await visit(page, pathname);
          await visible(heading1(page));
        }
      }
    });
    const retried = (await backends.retriedRequests()).length - retriedBefore;
    expect(retried, 'no request met the dead instance: the kill was not tested').toBeGreaterThan(0);
  });
});

describe('gallery (one backend instance left)', () => {
  test('filters, fallbacks, the empty state and the closing links', async () => {
    await journey('desktop', async ({ page }) => {
      await visit(page, '/gallery');
      await expectOneH1(page, /^Our Impact in Pictures$/);
      for (const label of ['All Images', 'Health Care', 'Education', 'Reforestation', 'Sustainable Farming']) {
        await visible(page.getByRole('button', { name: label, exact: true }));
      }
      await visible(text(page, galleryItems.camp.title));
      await visible(text(page, galleryItems.planting.title));
      await visible(text(page, galleryItems.camp.caption));

      await page.getByRole('button', { name: 'Reforestation', exact: true }).click();
      await visible(text(page, galleryItems.planting.title));
      await text(page, galleryItems.camp.title).waitFor({ state: 'detached' });
      // Its caption was left empty.
      await visible(text(page, 'No description'));

      await page.getByRole('button', { name: 'Health Care', exact: true }).click();
      await visible(text(page, galleryItems.camp.title));
      const photo = page.locator('main img[src*="/api/image.php"]').first();
      await visible(photo);
      await photo.scrollIntoViewIfNeeded();
      await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await photo.elementHandle());

      await page.getByRole('button', { name: 'Sustainable Farming', exact: true }).click();
      // The filter is the server's: the health camp leaves once its answer is in.
      await text(page, galleryItems.camp.title).waitFor({ state: 'detached' });
      const farmingTitles = await page.getByText(runTag).count();
      expect(farmingTitles).toBe(0);

      await page.getByRole('button', { name: 'All Images', exact: true }).click();
      expect(await page.getByRole('link', { name: 'Make a Donation' }).getAttribute('href')).toBe('/donate');
      expect(await page.getByRole('link', { name: 'Get Involved' }).getAttribute('href')).toBe('/contact');
    });
  });
});

describe('contact', () => {
  test('the form needs every field, shows Message Sent, and Send Another Message starts over', async () => {
    await journey('desktop', async ({ page }) => {
      await visit(page, '/contact');
      const subject = page.getByLabel(/subject/i);
      const options = (await subject.locator('option').allInnerTexts()).map((o) => o.trim()).filter((o) => !/^select|choose/i.test(o));
      expect(options).toEqual([
        'General Inquiry',
        'Donation Question',
        'Volunteer Opportunity',
        'Partnership Proposal',
        'Press Inquiry',
        'Other',
        'Personal data request or complaint',
      ]);
      for (const hours of ['9:00 AM', '5:00 PM', '10:00 AM', '2:00 PM']) await visible(page.getByText(hours, { exact: false }));

      const apiCalls: string[] = [];
      page.on('request', (request) => request.url().includes('/api/') && apiCalls.push(request.url()));
      await page.getByRole('button', { name: /send/i }).click();
      expect(await page.getByText('Message Sent').count()).toBe(0);

      await page.getByLabel(/name/i).first().fill('Meera Tirkey');
      await page.getByLabel(/email/i).fill('meera@example.org');
      await subject.selectOption({ label: 'Partnership Proposal' });
      await page.getByLabel('Message', { exact: true }).fill('We would like to support the tree planting drive.');
      await page.getByLabel(/I have read the privacy notice/).check();
      // The server refuses a form sent faster than a person could fill it in.
      await page.waitForTimeout(3200);
      await page.getByRole('button', { name: /send/i }).click();
      await visible(text(page, 'Message Sent'));
      // The empty form sent nothing; the filled one was sent once, to be kept for the admin.
      expect(apiCalls.filter((url) => !url.includes('/api/track.php'))).toEqual([expect.stringMatching(/\/api\/contact_save\.php$/)]);
      await page.getByRole('button', { name: 'Send Another Message' }).click();
      expect(await page.getByLabel(/email/i).inputValue()).toBe('');
    });
  });
});

describe('volunteer', () => {
  test('a complete registration is saved by the server and the form is cleared', async () => {
    const email = `volunteer-${runTag}@example.org`;
    await journey('phone', async ({ page }) => {
      await visit(page, '/volunteer');
      // The fields by their names in the spec's payload (name, email, mobile, gender, ...).
      const field = (name: string) => page.locator(`form [name="${name}"]`);
      await field('name').fill('Sunita Kujur');
      await field('email').fill(email);
      await field('mobile').fill('+91 94311 00000');
      const female = page.getByRole('radio', { name: 'Female' });
      if ((await female.count()) > 0) await female.check();
      else await field('gender').selectOption('Female');
      await field('interest').selectOption('teaching');
      await field('start_date').fill('2030-01-15');
      await field('address').fill('Lalpur, Ranchi');
      await field('about').fill('I teach mathematics on weekends.');
      await field('date_of_birth').fill('1990-05-01');
      await field('notice_version').check();
      const alert = new Promise<string>((resolve) =>
        page.once('dialog', async (dialog) => {
          resolve(dialog.message());
          await dialog.accept();
        }),
      );
      await page.getByRole('button', { name: /register|submit|sign up/i }).click();
      expect(await alert).toBe('Volunteer registered successfully!');
      await page.waitForFunction(() => (document.querySelector('input[type="email"]') as HTMLInputElement | null)?.value === '');
    });
    const { body } = await adminGet<{ data: Array<{ email: string; name: string }> }>('/api/get_volunteers.php');
    expect(body.data.find((v) => v.email === email)?.name).toBe('Sunita Kujur');
  });
});

describe('login, not found and deep links', () => {
  test('the admin login screen shows the server message for a wrong password', async () => {
    await journey('desktop', async ({ page, allowStatus }) => {
      allowStatus(401, '/api/login.php');
      await visit(page, '/login');
      await expectOneH1(page, /^Admin Login$/);
      await page.getByLabel(/email/i).fill('nobody@example.org');
      await page.getByLabel(/password/i).fill('wrong password');
      await page.getByRole('button', { name: 'Login' }).click();
      await visible(page.getByRole('alert'));
      expect((await page.getByRole('alert').first().innerText()).trim().length).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });

  test('an unknown path shows 404, Page Not Found and a link home', async () => {
    await journey('phone', async ({ page, allowStatus }) => {
      allowStatus(404, '/this/page/does/not/exist');
      const response = await page.goto('/this/page/does/not/exist', { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(404);
      await visible(text(page, '404'));
      await visible(page.getByText('Page Not Found', { exact: true }));
      await page.locator('main').getByRole('link', { name: /home/i }).first().click();
      await page.waitForURL((url) => url.pathname === '/');
    });
  });

  test('deep links load directly, and an admin page without a session goes to /login', async () => {
    await journey('desktop', async ({ page }) => {
      for (const pathname of ['/about', '/programs', '/donate', '/blog', '/contact', '/gallery', '/volunteer', `/blog/${created.blogs[1]!.id}`]) {
        const response = await page.goto(pathname, { waitUntil: 'networkidle' });
        expect(response?.status(), pathname).toBe(200);
        await visible(heading1(page));
      }
      await page.goto('/admin/dashboard', { waitUntil: 'networkidle' });
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    });
  });
});
