// @vitest-environment node
import { defaultSettings, type BlogSummary, type Lang, type ListPage, type PublicData, type Settings } from '@ngo-site/shared';
import { describe, expect, it } from 'vitest';
import { pagesData, seedCopy } from '../test/pages';
import { renderPage } from './entry-server';

const template =
  '<!doctype html><html lang="en"><head><title>x</title><meta name="description" content="x" /></head>' +
  '<body><div id="root"></div><script type="module" crossorigin src="/assets/index.js"></script></body></html>';

/** One visitor's request: its own organisation, language and posts. */
interface Visit {
  url: string;
  lang: Lang;
  settings: Settings;
  postId: string;
  postTitle: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function summary(id: string, title: string): BlogSummary {
  const day = '2025-03-05';
  return { id, title, excerpt: `About ${title}`, category: 'health', image_url: null, author: 'Asha', date: day, created_at: day, updated_at: day };
}

/** A content source that answers this visit's posts only, after `delayMs`, and fails on another language. */
function contentFor(visit: Visit, delayMs: number): PublicData {
  const page = async (lang: Lang): Promise<ListPage<BlogSummary>> => {
    await pause(delayMs);
    if (lang !== visit.lang) throw new Error(`asked for ${lang} while rendering ${visit.url}`);
    return { items: [summary(visit.postId, visit.postTitle)], total: 1 };
  };
  return {
    blogPage: (_search, lang) => page(lang),
    blogPost: async () => null,
    galleryPage: async () => ({ items: [], total: 0 }),
    eventPage: async () => ({ items: [], total: 0 }),
    event: async () => null,
    certificate: async () => null,
    documents: async () => [],
    ...pagesData(),
  };
}

const visits: Visit[] = [
  {
    url: '/blog',
    lang: 'en',
    settings: { ...defaultSettings, name: 'Asha Kiran Trust', email: 'asha@example.org' },
    postId: 'a'.repeat(24),
    postTitle: 'Wells for Khunti',
  },
  {
    url: '/hi/blog',
    lang: 'hi',
    settings: { ...defaultSettings, name: 'Seva Sangam', email: 'seva@example.org' },
    postId: 'b'.repeat(24),
    postTitle: 'Seeds for Gumla',
  },
];

describe('server rendering', () => {
  it('keeps concurrent requests apart: each page has its own settings, language and content', async () => {
    // Forty renders at once, the two visits alternating, each waiting a different time for its
    // content so that their steps interleave (a later request often finishes first).
    const runs = Array.from({ length: 40 }, (_, index) => {
      const visit = visits[index % 2]!;
      const delayMs = (index * 7) % 23;
      return renderPage({ url: visit.url, origin: 'https://example.org', settings: visit.settings, data: contentFor(visit, delayMs), template }).then(
        (page) => ({ visit, page }),
      );
    });
    for (const { visit, page } of await Promise.all(runs)) {
      const other = visits.find((candidate) => candidate !== visit)!;
      expect(page.status).toBe(200);
      expect(page.html).toContain(`<html lang="${visit.lang}" data-search="`);
      // The header, the footer, the title and the state the browser hydrates from name this visit's organisation only.
      expect(page.html).toContain(`| ${visit.settings.name}</title>`);
      expect(page.html).toContain(visit.settings.email);
      expect(page.html).toContain(visit.postTitle);
      for (const foreign of [other.settings.name, other.settings.email, other.postTitle]) expect(page.html).not.toContain(foreign);
    }
  });
});

describe('the language segment', () => {
  const empty: PublicData = {
    blogPage: async () => ({ items: [], total: 0 }),
    blogPost: async () => null,
    galleryPage: async () => ({ items: [], total: 0 }),
    eventPage: async () => ({ items: [], total: 0 }),
    event: async () => null,
    certificate: async () => null,
    documents: async () => [],
    ...pagesData(),
  };
  const render = (url: string) => renderPage({ url, origin: 'https://example.org', settings: defaultSettings, data: empty, template });

  it('takes nothing but hi: /en/about and /xy/about are no page', async () => {
    for (const url of ['/en/about', '/xy/about', '/en', '/hi/en/about']) {
      const page = await render(url);
      expect(page.status, url).toBe(404);
      expect(page.html, url).toContain('<p class="not-found-code">404</p>');
    }
  });

  it('serves /about in English and /hi/about in Hindi from the one route', async () => {
    const [english, hindi] = await Promise.all([render('/about'), render('/hi/about')]);
    expect(english.status).toBe(200);
    expect(english.html).toContain('<html lang="en" data-search="');
    expect(hindi.status).toBe(200);
    expect(hindi.html).toContain('<html lang="hi" data-search="">');
  });
});

describe('the editable pages, rendered', () => {
  const content = seedCopy();
  content.home.hero.title = { en: 'Water first', hi: 'पहले पानी' };
  content.programs.items[0]!.name = { en: 'Safe Water for All', hi: 'सबके लिए साफ़ पानी' };
  const data: PublicData = {
    blogPage: async () => ({ items: [], total: 0 }),
    blogPost: async () => null,
    galleryPage: async () => ({ items: [], total: 0 }),
    eventPage: async () => ({ items: [], total: 0 }),
    event: async () => null,
    certificate: async () => null,
    documents: async () => [],
    ...pagesData(content),
  };
  const render = (url: string) => renderPage({ url, origin: 'https://example.org', settings: defaultSettings, data, template });

  it('carry the content in the page and in the state the browser takes over, each language its own', async () => {
    const [english, hindi] = await Promise.all([render('/'), render('/hi')]);
    expect(english.html).toContain('<h1>Water first</h1>');
    expect(hindi.html).toContain('<h1>पहले पानी</h1>');
    expect(english.html).not.toContain('पहले पानी');
    // The programs' names: in the footer and, for the browser's first render, in the router's state.
    expect(english.html).toContain('href="/programs#health">Safe Water for All</a>');
    expect(hindi.html).toContain('href="/hi/programs#health">सबके लिए साफ़ पानी</a>');
    const state = english.html.slice(english.html.indexOf('$_TSR'));
    expect(state).toContain('Safe Water for All');
    expect(state).toContain('Water first');
  });

  it('put a long text in as the paragraphs the server rendered, where the page had them', async () => {
    const { html } = await render('/about');
    expect(html).toMatch(
      /<h2 id="story-heading">Our Story<\/h2><div class="page-text"><p>It began with a blocked hand pump[^<]*<\/p><p>Since then we have grown[^<]*<\/p><\/div><\/div>/,
    );
  });
});
