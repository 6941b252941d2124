// Server rendering through nginx and two backends: every public page arrives as HTML that holds its
// content (read here by a crawler without JavaScript), with its head (canonical, Open Graph,
// Twitter card, JSON-LD, the feed link); unknown pages are real 404s; the browser hydrates the
// HTML without a mismatch and navigates on the client after that; robots.txt, the sitemap and
// the feed parse and come compressed; a write shows on the very next page read.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addPost, removePosts, sampleJpeg, type Blog } from './content';
import { api, e2e, launchBrowser, readCrawlerXml } from './harness';

const runTag = `p${Date.now().toString(36)}`;
const crawlerAgent = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
let browser: Browser;

const post = {
  title: `Wells & "pumps" <for> Khunti ${runTag}`,
  excerpt: `Twelve wells dug before the summer ${runTag}.`,
  author: 'Sunita Oraon',
  category: 'health',
};
let created: Blog;
const removed: string[] = [];

/** A post whose content starts with its excerpt. */
const addStory = (fields: Record<string, string>, image?: Buffer): Promise<Blog> =>
  addPost({ ...fields, content: `${fields.excerpt}\n\nThe village committee keeps the keys.`, image });
const deletePost = (id: string) => removePosts([id]);

beforeAll(async () => {
  browser = await launchBrowser();
  created = await addStory(post, await sampleJpeg({ width: 1600, height: 900 }));
});

afterAll(async () => {
  await browser?.close();
  for (const id of [created?.id, ...removed]) if (id) await deletePost(id);
});

/** The page as a crawler that runs no script sees it: the browser with JavaScript off. */
async function withoutScript<T>(pathname: string, read: (page: Page, status: number) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, userAgent: crawlerAgent });
  try {
    const page = await context.newPage();
    const response = await page.goto(new URL(pathname, e2e.baseUrl).href);
    return await read(page, response?.status() ?? 0);
  } finally {
    await context.close();
  }
}

const publicPages = () => [
  // A shared list address, its parameters in the order the visitor's link has them, with a tracking tag.
  { path: `/blog?q=Khunti&category=health&utm_source=feed`, h1: /Blog & News/, text: /Khunti/ },
  { path: '/', h1: /./, text: /Clean Water|clean water/ },
  { path: '/about', h1: /./, text: /founder|Founder/ },
  { path: '/programs', h1: /./, text: /Women Empowerment/ },
  { path: '/blog', h1: /Blog & News/, text: new RegExp(post.title) },
  { path: `/blog/${created.id}`, h1: new RegExp(post.title), text: /The village committee keeps the keys/ },
  { path: '/gallery', h1: /Our Impact in Pictures/, text: /All/ },
  { path: '/donate', h1: /./, text: /₹|Donat/ },
  { path: '/contact', h1: /./, text: /Ranchi/ },
  { path: '/volunteer', h1: /./, text: /Volunteer|volunteer/ },
  { path: '/login', h1: /Admin Login/, text: /Email/ },
];

describe('HTML that holds the page', () => {
  test('every public URL shows its heading and text to a crawler that runs no script', async () => {
    for (const { path, h1, text } of publicPages()) {
      await withoutScript(path, async (page, status) => {
        expect(status, path).toBe(200);
        expect(await page.locator('h1').count(), path).toBe(1);
        expect(await page.locator('h1').innerText(), path).toMatch(h1);
        expect(await page.locator('main').innerText(), path).toMatch(text);
        const feed = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href');
        expect(feed, path).toBe(`${e2e.baseUrl}/feed.xml`);
        expect(await page.locator('html').getAttribute('lang'), path).toBe('en');
        const canonical = path.includes('utm_source') ? '/blog?category=health&q=Khunti' : path;
        if (path !== '/login') expect(await page.locator('link[rel="canonical"]').getAttribute('href'), path).toBe(`${e2e.baseUrl}${canonical}`);
      });
    }
  });

  test('the home page in both languages carries the real impact figures, not the 0 a count-up starts from', async () => {
    for (const lang of ['en', 'hi'] as const) {
      const { body } = await api<{ data: { content: { impact: { figures: { value: number; suffix: string }[] } } } }>(
        `/api/get_page.php?slug=home&lang=${lang}`,
      );
      const figures = body.data.content.impact.figures.map(({ value, suffix }) => `${value}${suffix}`);
      expect(figures.length).toBeGreaterThan(0);
      await withoutScript(lang === 'en' ? '/' : '/hi', async (page) => {
        expect(await page.locator('.counter-value').allInnerTexts(), lang).toEqual(figures);
      });
    }
  });

  test("a post's head has its Open Graph and Twitter card tags, with an absolute picture that answers, and a BlogPosting", async () => {
    const head = await withoutScript(`/blog/${created.id}`, async (page) => {
      const content = (selector: string) => page.locator(selector).getAttribute('content');
      return {
        title: await page.title(),
        ogTitle: await content('meta[property="og:title"]'),
        ogType: await content('meta[property="og:type"]'),
        ogImage: await content('meta[property="og:image"]'),
        ogDescription: await content('meta[property="og:description"]'),
        twitterCard: await content('meta[name="twitter:card"]'),
        jsonLd: JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null'),
      };
    });
    expect(head.title).toContain(post.title);
    expect(head.ogTitle).toBe(post.title);
    expect(head.ogType).toBe('article');
    expect(head.ogDescription).toBe(post.excerpt);
    expect(head.twitterCard).toBe('summary_large_image');
    expect(head.ogImage).toMatch(new RegExp(`^${e2e.baseUrl}/api/image\\.php\\?.*w=1280`));
    const picture = await fetch(head.ogImage!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(head.jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: post.title, author: { name: post.author }, image: head.ogImage });

    const home = await withoutScript('/', async (page) => JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null'));
    expect(home).toMatchObject({ '@context': 'https://schema.org', '@type': 'NGO', url: `${e2e.baseUrl}/` });
  });

  test("absolute URLs come from PUBLIC_URL, never from the request's Host header", async () => {
    const res = await fetch(`${e2e.baseUrl}/blog/${created.id}`, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${e2e.baseUrl}/blog/${created.id}"`);
    expect(html).not.toContain('evil.example');
  });

  test('unknown paths and unknown, deleted or draft post ids answer 404 with the not-found page', async () => {
    const gone = await addStory({ title: `Short-lived ${runTag}`, excerpt: 'Here a moment.' });
    await deletePost(gone.id);
    const draft = await addStory({ title: `Draft ${runTag}`, excerpt: 'Not yet.', status: 'draft' });
    removed.push(draft.id);
    const cases = [
      { path: '/no/such/page', h1: 'Page Not Found' },
      { path: '/blog/000000000000000000000000', h1: 'Post Not Found' },
      { path: '/blog/not-an-id', h1: 'Post Not Found' },
      { path: `/blog/${gone.id}`, h1: 'Post Not Found' },
      { path: `/blog/${draft.id}`, h1: 'Post Not Found' },
    ];
    for (const { path, h1 } of cases) {
      await withoutScript(path, async (page, status) => {
        expect(status, path).toBe(404);
        expect(await page.locator('h1').innerText(), path).toBe(h1);
        expect(await page.locator('meta[name="robots"]').getAttribute('content'), path).toBe('noindex');
      });
    }
    const html = await (await fetch(`${e2e.baseUrl}/blog/${draft.id}`)).text();
    expect(html).not.toContain('Not yet.');
  });

  test('a form sent before the script took over is posted, never put in the address, and sent back to its page', async () => {
    for (const path of ['/login', '/contact', '/volunteer']) {
      await withoutScript(path, async (page) => {
        expect(await page.locator('main form').first().getAttribute('method'), path).toBe('post');
      });
    }
    // What a browser sends when the login form is submitted before the page's script runs.
    const res = await fetch(`${e2e.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=admin%40example.org&password=secret-words',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
    expect(await res.text()).not.toContain('secret-words');
  });

  test('a write shows on the page through nginx within the 1 s bound', async () => {
    const blogHtml = async () => (await fetch(`${e2e.baseUrl}/blog`)).text();
    /** How long until the rendered /blog holds (or no longer holds) `text`, asked every 20 ms. */
    const timeUntil = async (holds: (html: string) => boolean) => {
      const started = Date.now();
      while (!holds(await blogHtml())) {
        expect(Date.now() - started, 'seen within 1 s').toBeLessThanOrEqual(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    expect(await blogHtml()).toContain(`Khunti ${runTag}`);
    const extra = await addStory({ title: `Just published ${runTag}`, excerpt: 'Fresh news.' });
    removed.push(extra.id);
    await timeUntil((html) => html.includes(`Just published ${runTag}`));
    await deletePost(extra.id);
    removed.pop();
    await timeUntil((html) => !html.includes(`Just published ${runTag}`));
  });

  test('a Hindi page is rendered in Hindi, with lang="hi" and the alternates of both languages', async () => {
    await withoutScript('/hi/about', async (page, status) => {
      expect(status).toBe(200);
      expect(await page.locator('html').getAttribute('lang')).toBe('hi');
      expect(await page.locator('main').innerText()).toMatch(/[\u0900-\u097F]/);
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
      expect(alternates).toEqual([
        ['en', `${e2e.baseUrl}/about`],
        ['hi', `${e2e.baseUrl}/hi/about`],
        ['x-default', `${e2e.baseUrl}/about`],
      ]);
      expect(await page.locator('meta[property="og:locale"]').getAttribute('content')).toBe('hi_IN');
    });
  });

  test('the admin area is not rendered for visitors: its address gets the bare app', async () => {
    const res = await fetch(`${e2e.baseUrl}/admin/dashboard`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('$_TSR');
  });
});

describe('in the browser', () => {
  test('each page hydrates the HTML it came with, with no mismatch or other console message, then navigates on the client', async () => {
    const context = await browser.newContext();
    try {
      for (const { path } of publicPages()) {
        const page = await context.newPage();
        const messages: string[] = [];
        page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
        page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
        // The server's <h1>, its elements and its markup, taken before any script ran.
        await page.addInitScript(() => {
          document.addEventListener('readystatechange', () => {
            if (document.readyState !== 'interactive') return;
            const root = document.getElementById('root')!;
            Object.assign(window, { serverH1: document.querySelector('h1'), serverElements: [...root.querySelectorAll('*')], serverHtml: root.innerHTML });
          });
        });
        await page.goto(new URL(path, e2e.baseUrl).href, { waitUntil: 'networkidle' });
        await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 10_000 });
        const after = await page.evaluate(() => {
          const { serverH1, serverElements, serverHtml } = window as unknown as { serverH1: Element | null; serverElements: Element[]; serverHtml: string };
          return {
            h1Kept: Boolean(serverH1) && serverH1 === document.querySelector('h1') && serverH1!.isConnected,
            replaced: serverElements
              .filter((element) => !element.isConnected && element.localName !== 'link')
              .map((element) => `<${element.localName} class="${element.className}">`),
            serverHtml,
            html: document.getElementById('root')!.innerHTML,
          };
        });
        expect(after.h1Kept, `${path}: the browser took over the server's elements (hydrate) instead of drawing anew`).toBe(true);
        expect(after.replaced, `${path}: elements of the server's HTML replaced while hydrating`).toEqual([]);
        // The browser's first render says exactly what the server's HTML says (a mismatch would be
        // patched over). Left out: React's markers between texts (comments), the preload hints
        // React's server renderer puts ahead of the page for a high-priority picture (read by the
        // browser before any script runs), and the impact figures below the screen, which the
        // script, once it runs, sets to count up from 0 when they scroll into view.
        const comparable = (html: string) =>
          html
            .replace(/<!--[\s\S]*?-->/g, '')
            .replace(/<link rel="preload"[^>]*>/g, '')
            .replace(/(<p class="counter-value">)[\s\S]*?(<\/p>)/g, '$1$2');
        expect(comparable(after.html), `${path}: hydrating changed the server's markup`).toBe(comparable(after.serverHtml));
        expect(messages, path).toEqual([]);
        await page.close();
      }

      const page = await context.newPage();
      await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle' });
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await page.locator('header').getByRole('link', { name: 'Blog', exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === '/blog');
      await page.locator('h1', { hasText: 'Blog & News' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    } finally {
      await context.close();
    }
  });
  test("each page's content rises into place in about 0.5 s from a visible start, and stays still under prefers-reduced-motion", async () => {
    const entrances = async (reducedMotion: 'reduce' | 'no-preference', path: string) => {
      const context = await browser.newContext({ reducedMotion });
      try {
        const page = await context.newPage();
        await page.goto(new URL(path, e2e.baseUrl).href, { waitUntil: 'commit' });
        await page.locator('h1').first().waitFor();
        return await page.evaluate(() =>
          document
            .getAnimations()
            .filter((animation): animation is CSSAnimation => 'animationName' in animation && (animation as CSSAnimation).animationName === 'enter-up')
            .map((animation) => {
              const effect = animation.effect as KeyframeEffect;
              return {
                inMain: Boolean((effect.target as Element | null)?.closest('main')),
                durationMs: Number(effect.getTiming().duration),
                startOpacity: Number(effect.getKeyframes()[0]?.opacity ?? 1),
              };
            }),
        );
      } finally {
        await context.close();
      }
    };
    for (const { path } of [...publicPages(), { path: `/no-such-page-${runTag}` }, { path: '/hi/programs' }]) {
      const moving = await entrances('no-preference', path);
      expect(moving.filter((entrance) => entrance.inMain).length, `${path}: entrance animations in <main>`).toBeGreaterThan(0);
      for (const entrance of moving) {
        expect(entrance.durationMs, path).toBeGreaterThanOrEqual(400);
        expect(entrance.durationMs, path).toBeLessThanOrEqual(600);
        // The page paints its server HTML at once: nothing starts transparent.
        expect(entrance.startOpacity, path).toBeGreaterThanOrEqual(0.3);
      }
      expect(await entrances('reduce', path), `${path} under prefers-reduced-motion`).toEqual([]);
    }
  });
});

describe('crawlers and feed readers', () => {
  test('robots.txt keeps crawlers out of /admin and /login and names the sitemap', async () => {
    const res = await fetch(`${e2e.baseUrl}/robots.txt`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const lines = (await res.text()).split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /admin', 'Disallow: /login', `Sitemap: ${e2e.baseUrl}/sitemap.xml`]));
  });

  test('the sitemap lists every public page and every published post, in English and in Hindi, with lastmod, and parses', async () => {
    const sitemap = await readCrawlerXml(browser, '/sitemap.xml');
    expect(sitemap).toMatchObject({ status: 200, parseError: null, root: 'urlset', contentEncoding: 'gzip' });
    expect(sitemap.contentType).toMatch(/xml/);
    const urls = sitemap.entries.map((entry) => entry.url);
    for (const path of ['/', '/about', '/programs', '/blog', '/gallery', '/donate', '/contact', '/volunteer', `/blog/${created.id}`]) {
      expect(urls, path).toContain(`${e2e.baseUrl}${path}`);
      expect(urls, path).toContain(`${e2e.baseUrl}${path === '/' ? '/hi' : `/hi${path}`}`);
    }
    expect(urls.some((url) => url.endsWith('/login') || url.includes('/admin'))).toBe(false);
    for (const entry of sitemap.entries) expect(Number.isNaN(Date.parse(entry.lastmod ?? '')), entry.url).toBe(false);
    const { body: published } = await api<{ id: string }[]>('/api/get_blogs.php');
    expect(sitemap.entries.filter((entry) => entry.url.includes('/blog/')).length).toBe(2 * published.length);
  });

  test('the RSS feed holds the latest 20 posts, newest first, and parses', async () => {
    const feed = await readCrawlerXml(browser, '/feed.xml');
    expect(feed).toMatchObject({ status: 200, parseError: null, root: 'rss', contentEncoding: 'gzip' });
    expect(feed.contentType).toMatch(/rss\+xml/);
    const { body: latest } = await api<{ id: string }[]>('/api/get_blogs.php?limit=20&page=1&fields=summary');
    expect(feed.entries.map((entry) => entry.url)).toEqual(latest.map((item) => `${e2e.baseUrl}/blog/${item.id}`));
    expect(feed.entries.find((entry) => entry.url.endsWith(created.id))?.title).toBe(post.title);
  });
});
