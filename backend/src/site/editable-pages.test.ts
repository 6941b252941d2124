// The editable pages as the server renders them: their content read in-process per content
// version (publicPageData's page and programs), a publish shown on the very next render, a draft
// only through the page's preview link (uncached, not indexed). A small renderer stands in for
// the frontend's build (the e2e tests run the real one).
import type { PageContents } from '@ngo-site/shared';
import { pageSeed } from '@ngo-site/shared/page-seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { standInBuild } from '../../test/site-build.js';
import { issuePreviewToken } from '../features/blogs/preview-token.js';

const pagesDir = standInBuild(
  'editable-pages',
  `export async function renderPage({ url, data }) {
  const pathname = url.split('?')[0];
  const lang = pathname === '/hi' || pathname.startsWith('/hi/') ? 'hi' : 'en';
  const slug = pathname.replace(/^\\/hi(?=\\/|$)/, '').slice(1) || 'home';
  if (!['home', 'about', 'programs', 'donate', 'volunteer', 'contact'].includes(slug)) return { status: 404, html: '<!doctype html><p>Not found</p>' };
  const page = await data.page(slug, lang);
  const programs = await data.programs(lang);
  return { status: 200, html: '<!doctype html><h1>' + page.hero.title + '</h1><ul>' + programs.map((p) => '<li>' + p.name + '</li>').join('') + '</ul>' };
}
`,
);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PAGES_DIR: pagesDir } });
});
afterAll(() => t?.stop());

const admin = () => `Bearer ${t.adminToken()}`;
const heading = async (address: string) => /<h1>(.*?)<\/h1>/.exec((await t.request.get(address)).text)?.[1];
const programNames = async (address: string) => [...(await t.request.get(address)).text.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1]);
const editOf = async <S extends keyof PageContents>(slug: S) =>
  (await t.request.get(`/api/get_page.php?slug=${slug}&lang=both`).set('Authorization', admin())).body.data as { version: number; content: PageContents[S] };
const save = (body: Record<string, unknown>) => t.request.post('/api/update_page.php').set('Authorization', admin()).send(body);
const previewLink = async (slug: string, lang = 'en') =>
  (await t.request.get(`/api/get_page_preview_link.php?slug=${slug}&lang=${lang}`).set('Authorization', admin())).body.data.url as string;

describe('an editable page rendered on the server', () => {
  it('shows the seed in each language, and the programs named by the programs page', async () => {
    expect(await heading('/')).toBe(pageSeed.home.hero.title.en);
    expect(await heading('/hi')).toBe(pageSeed.home.hero.title.hi);
    expect(await heading('/hi/donate')).toBe(pageSeed.donate.hero.title.hi);
    expect(await programNames('/about')).toEqual(pageSeed.programs.items.map((item) => item.name.en));
  });

  it('shows a publish on the next render, in the language it was written in', async () => {
    expect(await heading('/')).toBe(pageSeed.home.hero.title.en); // rendered and kept for this version
    const publishedFrom = Date.now();
    const home = await editOf('home');
    home.content.hero.title = { en: 'Water for every village', hi: 'हर गाँव के लिए पानी' };
    expect((await save({ slug: 'home', version: home.version, content: home.content })).status).toBe(200);
    expect(await heading('/')).toBe('Water for every village');
    expect(await heading('/hi')).toBe('हर गाँव के लिए पानी');

    const programs = await editOf('programs');
    programs.content.items.push({ ...structuredClone(programs.content.items[0]!), id: 'clean-air', name: { en: 'Clean Air', hi: '' } });
    expect((await save({ slug: 'programs', version: programs.version, content: programs.content })).status).toBe(200);
    expect((await programNames('/contact')).at(-1)).toBe('Clean Air');
    expect((await programNames('/hi/contact')).at(-1)).toBe('Clean Air');

    // The sitemap says when each page last changed: a publish, or the build for a page never edited.
    const sitemap = (await t.request.get('/sitemap.xml')).text;
    const lastmod = (loc: string) => Date.parse(new RegExp(`<loc>[^<]*${loc}</loc><lastmod>([^<]+)</lastmod>`).exec(sitemap)![1]!);
    expect(lastmod('/hi/programs')).toBeGreaterThanOrEqual(publishedFrom);
    expect(lastmod('/programs')).toBeGreaterThanOrEqual(publishedFrom);
    expect(lastmod('/donate')).toBeLessThan(publishedFrom);
  });

  it("keeps a draft out of the public page; the page's preview link shows it, uncached and not indexed", async () => {
    const about = await editOf('about');
    const published = about.content.hero.title.en;
    about.content.hero.title = { en: 'Our story, rewritten', hi: 'हमारी कहानी, नए सिरे से' };
    expect((await save({ slug: 'about', version: about.version, publish: false, content: about.content })).status).toBe(200);
    expect(await heading('/about')).toBe(published);

    for (const [lang, title] of [
      ['en', 'Our story, rewritten'],
      ['hi', 'हमारी कहानी, नए सिरे से'],
    ] as const) {
      const url = await previewLink('about', lang);
      const page = await t.request.get(url);
      expect(page.status).toBe(200);
      expect(/<h1>(.*?)<\/h1>/.exec(page.text)?.[1]).toBe(title);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers['x-robots-tag']).toBe('noindex');
    }
    // The public page is still the published one, and the link opens only its own page.
    expect(await heading('/about')).toBe(published);
    const token = (await previewLink('about')).split('?preview=')[1]!;
    const other = await t.request.get(`/donate?preview=${token}`);
    expect(other.headers['x-robots-tag']).toBeUndefined();
    expect(/<h1>(.*?)<\/h1>/.exec(other.text)?.[1]).toBe(pageSeed.donate.hero.title.en);
    // A bad or expired token is the public page.
    const expired = issuePreviewToken(t.config.jwtSecret, 'about', Date.now() - 16 * 60_000, 'page').token;
    for (const bad of [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, expired, 'x']) {
      const page = await t.request.get(`/about?preview=${bad}`);
      expect(page.headers['x-robots-tag'], bad).toBeUndefined();
      expect(/<h1>(.*?)<\/h1>/.exec(page.text)?.[1]).toBe(published);
    }
    // A post's token does not open a page, nor a page's token a post.
    const postToken = issuePreviewToken(t.config.jwtSecret, 'about', Date.now()).token;
    expect((await t.request.get(`/about?preview=${postToken}`)).headers['x-robots-tag']).toBeUndefined();
  });

  it('shows the published content in the preview of a page without a draft', async () => {
    const page = await t.request.get(await previewLink('volunteer'));
    expect(/<h1>(.*?)<\/h1>/.exec(page.text)?.[1]).toBe(pageSeed.volunteer.hero.title.en);
    expect(page.headers['cache-control']).toBe('private, no-store');
  });
});
