// What crawlers and feed readers read: /robots.txt, /sitemap.xml and the RSS 2.0 feed of the
// latest posts (/feed.xml, linked from every page's head). Built from published content only,
// kept per content version like the public answers, and sent compressed.
import { CampaignService } from '../features/campaigns/service.js';
import { documentFromText, renderDocument } from '@ngo-site/shared';
import type { Middleware } from 'koa';
import type { Schemas } from '../contract.js';
import { CompressedText } from '../http/compressed.js';
import { loadSiteBuild } from './pages.js';
import type { Services } from '../services.js';
import { BlogService } from '../features/blogs/service.js';
import { EventService } from '../features/events/service.js';
import { EventSignups } from '../features/events/signups.js';
import { PageService } from '../features/pages/service.js';
import { currentSettings } from '../features/settings/service.js';

/** The public pages (posts are listed one by one). */
export const publicPagePaths = [
  '/',
  '/about',
  '/programs',
  '/blog',
  '/events',
  '/gallery',
  '/donate',
  '/contact',
  '/volunteer',
  '/my',
  '/newsletter',
  '/transparency',
  '/privacy/volunteer',
  '/privacy/contact',
  '/privacy/donate',
];
export const feedPath = '/feed.xml';
const feedSize = 20;

/** Characters XML 1.0 does not allow at all (control characters other than tab and line breaks). */
const isXmlChar = (char: string) => {
  const code = char.charCodeAt(0);
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
};

const xmlText = (text: string) =>
  [...text].filter(isXmlChar).join('').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /login', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** A post as the public list gives it (openapi.yaml's `BlogSummary`). */
type PostEntry = Schemas['BlogSummary'];

const newest = (dates: (string | Date)[]) => new Date(Math.max(...dates.map((date) => new Date(date).getTime())));

/** A public page's address in English and in Hindi (/about, /hi/about; / and /hi). */
const bothLanguages = (path: string) => [path, path === '/' ? '/hi' : `/hi${path}`];

/** `published`: when each editable page was last published, by its path (docs/pages.md); `events`: the public events; `campaigns`: the campaigns. */
export function sitemapXml(
  origin: string,
  builtAt: Date,
  posts: PostEntry[],
  published: Map<string, Date> = new Map(),
  events: { id: string; updated_at: string }[] = [],
  campaigns: Pick<Schemas['Campaign'], 'id' | 'updated_at'>[] = [],
): string {
  const blogChanged = posts.length ? newest([builtAt, ...posts.map((post) => post.updated_at)]) : builtAt;
  const url = (loc: string, lastmod: Date) => `  <url><loc>${xmlText(origin + loc)}</loc><lastmod>${lastmod.toISOString()}</lastmod></url>`;
  const changed = (path: string, loc: string) => {
    const base = path === '/blog' || path === '/' ? blogChanged : builtAt;
    const edit = published.get(loc);
    return edit ? newest([base, edit]) : base;
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...publicPagePaths.flatMap((path) => bothLanguages(path).map((loc) => url(loc, changed(path, loc)))),
    ...posts.flatMap((post) => bothLanguages(`/blog/${post.id}`).map((loc) => url(loc, new Date(post.updated_at)))),
    ...campaigns.flatMap((campaign) => bothLanguages(`/campaigns/${campaign.id}`).map((loc) => url(loc, new Date(campaign.updated_at)))),
    ...events.flatMap((event) => bothLanguages(`/events/${event.id}`).map((loc) => url(loc, new Date(event.updated_at)))),
    '</urlset>',
    '',
  ].join('\n');
}

/** A post's text as the feed carries it: the page's HTML, with the site's own addresses made absolute. */
const feedHtml = (origin: string, post: Schemas['Blog']) => renderDocument(post.body ?? documentFromText(post.content), { origin });

export function rssXml(origin: string, site: { name: string; tagline: string }, posts: Schemas['Blog'][]): string {
  const item = (post: Schemas['Blog']) =>
    [
      '    <item>',
      `      <title>${xmlText(post.title.trim() || 'Untitled')}</title>`,
      `      <link>${origin}/blog/${post.id}</link>`,
      `      <guid isPermaLink="true">${origin}/blog/${post.id}</guid>`,
      `      <pubDate>${new Date(`${post.date}T00:00:00Z`).toUTCString()}</pubDate>`,
      post.author.trim() ? `      <dc:creator>${xmlText(post.author.trim())}</dc:creator>` : '',
      post.category ? `      <category>${xmlText(post.category)}</category>` : '',
      `      <description>${xmlText(post.excerpt)}</description>`,
      `      <content:encoded>${xmlText(feedHtml(origin, post))}</content:encoded>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '  <channel>',
    `    <title>${xmlText(site.name)}</title>`,
    `    <link>${origin}/blog</link>`,
    `    <description>${xmlText(site.tagline)}</description>`,
    '    <language>en-in</language>',
    `    <atom:link href="${origin}${feedPath}" rel="self" type="application/rss+xml" />`,
    ...(posts.length ? [`    <lastBuildDate>${newest(posts.map((post) => post.updated_at)).toUTCString()}</lastBuildDate>`] : []),
    ...posts.map(item),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

const files = {
  '/robots.txt': 'text/plain; charset=utf-8',
  '/sitemap.xml': 'application/xml; charset=utf-8',
  [feedPath]: 'application/rss+xml; charset=utf-8',
} as const;

/** GET /robots.txt, /sitemap.xml and /feed.xml. */
export function crawlerFiles(services: Services): Middleware {
  const { publicUrl: origin, pagesDir } = services.config;
  const blogs = new BlogService(services);
  const pages = new PageService(services);
  const campaigns = new CampaignService(services);
  const events = new EventService(services, new EventSignups(services));
  const startedAt = new Date();
  const texts = new WeakMap<object, CompressedText>();
  const produce = async (path: keyof typeof files): Promise<string> => {
    if (path === '/robots.txt') return robotsTxt(origin);
    if (path === '/sitemap.xml') {
      const builtAt = pagesDir ? (await loadSiteBuild(pagesDir)).builtAt : startedAt;
      return sitemapXml(
        origin,
        builtAt,
        (await blogs.list({ fields: 'summary' })).items,
        await pages.publishedTimes(),
        await events.sitemapEntries(),
        await campaigns.list(),
      );
    }
    const [{ settings }, posts] = await Promise.all([currentSettings(services.db), blogs.latest(feedSize)]);
    return rssXml(origin, settings, posts);
  };
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !Object.hasOwn(files, ctx.path)) return next();
    const path = ctx.path as keyof typeof files;
    const answer = await services.published.cache.read(`crawler:${path}`, async () => ({ body: await produce(path) }));
    let text = texts.get(answer);
    if (!text) texts.set(answer, (text = new CompressedText(answer.value as string, 0)));
    ctx.status = 200;
    ctx.type = files[path];
    ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
    ctx.set('X-Content-Version', String(answer.version));
    text.send(ctx);
  };
}
