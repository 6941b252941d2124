// The Hindi site in Chromium at phone width, through nginx and two backend instances:
// every Hindi page is in Devanagari with lang="hi", axe-clean, screenshotted, and its switch leads
// to the same English page (path, search and anchor). A post with Hindi text shows it; one
// without shows the English with the "(English)" mark.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addPhotos, addPost, removePhotos, removePosts, sampleJpeg, type Blog, type GalleryItem } from './content';
import { launchBrowser, openPage, visit } from './harness';
import { screenshot, seriousA11yViolations } from './screens';

const runTag = `hi${Date.now().toString(36)}`;
const created: { blogs: Blog[]; gallery: GalleryItem[] } = { blogs: [], gallery: [] };
let browser: Browser;
let translated: Blog;
let untranslated: Blog;

beforeAll(async () => {
  browser = await launchBrowser();
  translated = await addPost({
    title: `Rain for the seed bank ${runTag}`,
    excerpt: 'How a village kept its seeds.',
    content: 'The whole story.',
    category: 'sustainable-farming',
    title_hi: `बीज बैंक के लिए बारिश ${runTag}`,
    excerpt_hi: 'एक गाँव ने अपने बीज कैसे बचाए।',
    content_hi: 'पूरी कहानी।',
  });
  untranslated = await addPost({ title: `Solar lamps for Bero ${runTag}`, excerpt: 'Light to study by.', category: 'education' });
  created.blogs.push(translated, untranslated);
  const [picture] = await addPhotos({
    title: `Water test ${runTag}`,
    category: 'health',
    caption: 'Testing the pump.',
    title_hi: `पानी की जाँच ${runTag}`,
    caption_hi: 'चापाकल के पानी की जाँच।',
    image: await sampleJpeg({ color: '#2d5f8a' }),
  });
  created.gallery.push(picture!);
});

afterAll(async () => {
  await browser?.close();
  await removePosts(created.blogs.map((blog) => blog.id));
  await removePhotos(created.gallery.map((item) => item.id));
});

/** The share of the letters in the page's main content that are Devanagari. */
const devanagariShare = (page: Page) =>
  page.evaluate(() => {
    const text = document.querySelector('main')?.textContent ?? '';
    const letters = text.match(/\p{L}/gu) ?? [];
    return letters.filter((letter) => /[\u0900-\u097F]/.test(letter)).length / Math.max(letters.length, 1);
  });

const pages = () => [
  { name: 'home', hindi: '/hi', h1: 'मिलकर बनाएँ हरे-भरे, स्वस्थ गाँव', english: '/', englishH1: 'Growing greener, healthier communities together' },
  { name: 'about', hindi: '/hi/about', h1: 'हमारे बारे में', english: '/about', englishH1: 'About Us' },
  { name: 'programs', hindi: '/hi/programs#reforestation', h1: 'हमारे कार्यक्रम', english: '/programs#reforestation', englishH1: 'Our Programs' },
  { name: 'blog', hindi: `/hi/blog?q=${runTag}`, h1: 'ब्लॉग और समाचार', english: `/blog?q=${runTag}`, englishH1: 'Blog & News' },
  { name: 'post', hindi: `/hi/blog/${translated.id}`, h1: `बीज बैंक के लिए बारिश ${runTag}`, english: `/blog/${translated.id}`, englishH1: translated.title },
  { name: 'gallery', hindi: '/hi/gallery', h1: 'तस्वीरों में हमारा काम', english: '/gallery', englishH1: 'Our Impact in Pictures' },
  { name: 'donate', hindi: '/hi/donate', h1: 'दान करें', english: '/donate', englishH1: 'Make a Donation' },
  { name: 'contact', hindi: '/hi/contact', h1: 'संपर्क करें', english: '/contact', englishH1: 'Contact Us' },
  { name: 'volunteer', hindi: '/hi/volunteer', h1: 'स्वयंसेवक बनें', english: '/volunteer', englishH1: 'Become a Volunteer' },
  { name: 'not-found', hindi: '/hi/no-such-page', h1: 'पेज नहीं मिला', english: '/no-such-page', englishH1: 'Page Not Found' },
];

test('every Hindi page at phone width: Devanagari, lang="hi", axe clean, and the switch to the same English page', async () => {
  const guarded = await openPage(browser, { viewport: 'phone' });
  const { page } = guarded;
  // The not-found page answers 404, in Hindi as in English.
  guarded.allowStatus(404, '/hi/no-such-page');
  expect(page.viewportSize()!.width).toBeGreaterThanOrEqual(360);
  expect(page.viewportSize()!.width).toBeLessThanOrEqual(412);
  for (const entry of pages()) {
    await visit(page, entry.hindi);
    await expect.poll(() => page.locator('h1').first().textContent(), { message: entry.hindi }).toBe(entry.h1);
    expect(await page.evaluate(() => document.documentElement.lang), entry.hindi).toBe('hi');
    expect(await devanagariShare(page), entry.hindi).toBeGreaterThan(0.6);
    const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
      links.map((link) => `${link.getAttribute('hreflang')} ${new URL((link as HTMLLinkElement).href).pathname}`),
    );
    if (entry.name !== 'not-found')
      expect(alternates.sort(), entry.hindi).toEqual(
        [`en ${entry.english.replace(/[?#].*/, '')}`, `hi ${entry.hindi.replace(/[?#].*/, '')}`, `x-default ${entry.english.replace(/[?#].*/, '')}`].sort(),
      );
    expect(await seriousA11yViolations(page), entry.hindi).toEqual([]);
    await screenshot(page, `hindi-${entry.name}-phone`);

    // The switch is in the bar itself at phone width (no menu to open).
    await page.getByRole('link', { name: 'English', exact: true }).click();
    await expect.poll(() => page.locator('h1').first().textContent(), { message: `${entry.hindi} → English` }).toBe(entry.englishH1);
    const url = new URL(page.url());
    expect(url.pathname + url.search + url.hash).toBe(entry.english);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('site-language'))).toBe('en');
  }
  guarded.expectClean();
  await guarded.close();
});

test('a post without Hindi text shows in English with the (English) mark, in the list and on its page', async () => {
  const guarded = await openPage(browser, { viewport: 'phone' });
  const { page } = guarded;
  await visit(page, `/hi/blog/${untranslated.id}`);
  const heading = page.locator('h1');
  await expect.poll(() => heading.textContent()).toBe(`${untranslated.title} (English)`);
  expect(await heading.getAttribute('lang')).toBe('en');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, 'hindi-post-in-english-phone');

  await visit(page, `/hi/blog?q=${runTag}`);
  const cards = page.locator('.blog-card h2');
  await expect.poll(() => cards.allTextContents()).toEqual(expect.arrayContaining([`${untranslated.title} (English)`, `बीज बैंक के लिए बारिश ${runTag}`]));
  expect(await page.getByText('(English)').count()).toBe(1);
  await visit(page, `/hi/gallery?q=${runTag}`);
  await expect.poll(() => page.locator('.gallery-card h2').allTextContents()).toEqual([`पानी की जाँच ${runTag}`]);
  guarded.expectClean();
  await guarded.close();
});

test('the English pages offer Hindi for the same page, keeping search and anchor', async () => {
  const guarded = await openPage(browser, { viewport: 'phone' });
  const { page } = guarded;
  await visit(page, `/programs#education`);
  await page.getByRole('link', { name: 'हिन्दी', exact: true }).click();
  await expect.poll(() => page.locator('h1').first().textContent()).toBe('हमारे कार्यक्रम');
  expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/hi/programs#education');
  expect(await page.evaluate(() => localStorage.getItem('site-language'))).toBe('hi');
  guarded.expectClean();
  await guarded.close();
});

/** The JavaScript a public page may load to hydrate, gzip as sent (docs/performance.md). */
const firstLoadBudgetBytes = 100 * 1024;

test('the first load of /hi: its JavaScript, next to that of /', async () => {
  const scriptBytes = async (path: string) => {
    const guarded = await openPage(browser, { viewport: 'phone' });
    await visit(guarded.page, path);
    await guarded.page.locator('h1').first().waitFor();
    // Hydrated: everything the page loads to take its HTML over has come.
    await guarded.page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 10_000 });
    const bytes = await guarded.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'))
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
    );
    guarded.expectClean();
    await guarded.close();
    return bytes;
  };
  const english = await scriptBytes('/');
  const hindi = await scriptBytes('/hi');
  console.log(
    `first-load JS as sent (gzip by nginx): / ${(english / 1024).toFixed(1)} KiB, /hi ${(hindi / 1024).toFixed(1)} KiB (${(hindi / english).toFixed(2)}x); budget ${firstLoadBudgetBytes / 1024} KiB each`,
  );
  // /hi loads what / loads (English texts included) plus one chunk: Lingui's runtime and the
  // compiled Hindi (10 KiB). React and the router alone are about the 100 KiB budget, so this
  // holds the Hindi pages' own share: no more than 12% over /.
  expect(hindi).toBeGreaterThan(english);
  expect(hindi / english).toBeLessThanOrEqual(1.12);
  expect(english).toBeLessThanOrEqual(firstLoadBudgetBytes);
  expect(hindi).toBeLessThanOrEqual(firstLoadBudgetBytes);
});

/** What a Hindi page does about type in `browser`: its font downloads and the face its Devanagari is drawn in. */
async function devanagariType(on: Browser, pathname: string) {
  const guarded = await openPage(on, { viewport: 'phone' });
  const downloads: string[] = [];
  guarded.page.on('request', (request) => {
    if (request.resourceType() === 'font') downloads.push(path.basename(new URL(request.url()).pathname));
  });
  await visit(guarded.page, pathname);
  await guarded.page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 10_000 });
  const face = await guarded.page.evaluate(async () => {
    const own = await document.fonts.load('1em "Site Devanagari"', '\u0915').then(
      (faces) => faces.length > 0,
      () => false,
    );
    if (own) return 'own';
    await document.fonts.ready;
    return document.fonts.check('1em "Site Devanagari Web"', '\u0915') ? 'self-hosted' : 'none';
  });
  const marked = await guarded.page.evaluate(() => document.documentElement.classList.contains('fonts-ready'));
  guarded.expectClean();
  await guarded.close();
  return { face, marked, downloads };
}

test("Devanagari is drawn in the device's own face where it has one, and in the self-hosted subset where it has none", async () => {
  // This browser has the machine's fonts: CI installs Noto Sans Devanagari, as every Android phone has it.
  const own = await devanagariType(browser, '/hi');
  if (own.face === 'own') {
    // The page neither downloads a font nor restyles itself to bring one in.
    expect(own).toEqual({ face: 'own', marked: false, downloads: [] });
  } else {
    expect(own.face).toBe('self-hosted');
  }
  // A browser that finds no Devanagari face at all (its fontconfig knows only the Latin fonts).
  const fontDir = mkdtempSync(path.join(tmpdir(), 'no-devanagari-'));
  const config = path.join(fontDir, 'fonts.conf');
  writeFileSync(
    config,
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><dir>/usr/share/fonts/truetype/liberation</dir><cachedir>${fontDir}/cache</cachedir></fontconfig>`,
  );
  const bare = await launchBrowser({ env: { FONTCONFIG_FILE: config } });
  try {
    const without = await devanagariType(bare, '/hi/about');
    expect(without.face).toBe('self-hosted');
    expect(without.marked).toBe(true);
    expect(without.downloads.some((file) => file.startsWith('noto-sans-devanagari-devanagari-'))).toBe(true);
    // An English page brings no font in, even there (the switch's हिन्दी uses what the system has).
    const english = await devanagariType(bare, '/about');
    expect(english.marked).toBe(false);
    expect(english.downloads).toEqual([]);
  } finally {
    await bare.close();
    rmSync(fontDir, { recursive: true, force: true });
  }
});
