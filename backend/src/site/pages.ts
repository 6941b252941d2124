// The public pages, rendered with their content by the frontend's server renderer (built into
// frontend/dist-server/) and kept per content version like the public API answers. The admin
// area gets the bare app (index.html), rendered in the browser only.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, Middleware } from 'koa';
import {
  pageQueryOf,
  programLinks,
  sentQuery,
  type EventSearch,
  type Lang,
  type ListSearch,
  type PageSlug,
  type PostedForm,
  type PublicData,
  type Renderer,
} from '@ngo-site/shared';
import { BlogService } from '../features/blogs/service.js';
import { EventService } from '../features/events/service.js';
import { EventSignups } from '../features/events/signups.js';
import { GalleryService } from '../features/gallery/service.js';
import { CampaignService } from '../features/campaigns/service.js';
import { pageAtPath } from '../features/pages/paths.js';
import { PageService } from '../features/pages/service.js';
import type { ListQuery } from '../features/listing.js';
import { currentSettings } from '../features/settings/service.js';
import { PublicDocuments, toDocumentView } from '../features/compliance/documents.js';
import { contentLang } from '../features/translations.js';
import type { Services } from '../services.js';
import { CompressedText } from '../http/compressed.js';
import { certificateCheck } from '../features/supporters/certificates.js';
import { HttpError } from '../http/errors.js';
import { answerFormPost, type FormAtPage } from './form-posts.js';
import { hasPlainForm, withFormFields } from './form-token.js';
import { previewParameter, previewTokenOpens } from '../features/blogs/preview-token.js';

export interface SiteBuild {
  renderer: Renderer;
  /** The built index.html: the page frame, and the whole answer for the admin area. */
  template: string;
  /** When the build was made: the last change of the pages that hold no published content. */
  builtAt: Date;
}

const builds = new Map<string, Promise<SiteBuild>>();

/** The frontend build in `pagesDir`, loaded once per process. */
export function loadSiteBuild(pagesDir: string): Promise<SiteBuild> {
  let build = builds.get(pagesDir);
  if (!build) {
    build = (async () => {
      const templateFile = path.join(pagesDir, 'dist/index.html');
      const [template, renderer] = await Promise.all([
        readFile(templateFile, 'utf8'),
        import(pathToFileURL(path.join(pagesDir, 'dist-server/entry-server.js')).href) as Promise<Renderer>,
      ]);
      return { template, renderer, builtAt: (await stat(templateFile)).mtime };
    })();
    builds.set(pagesDir, build);
  }
  return build;
}

const pageSize = 12;
const listQuery = ({ page, q, category }: ListSearch): ListQuery => ({ limit: pageSize, page: page ?? 1, q, category });
const objectId = /^[0-9a-f]{24}$/i;

/** A post that is not there (or not public) is null to the pages, which answer 404. */
const unknownAsNull = (error: unknown) => (error instanceof HttpError && error.status === 404 ? null : Promise.reject(error));

/** The published content the pages show, read in-process through the published-content cache. */
export function publicPageData(services: Services, version: number): PublicData {
  const blogs = new BlogService(services);
  const gallery = new GalleryService(services);
  const pages = new PageService(services);
  const campaigns = new CampaignService(services);
  const documents = new PublicDocuments(services);
  const events = new EventService(services, new EventSignups(services));
  const cached = async <T>(key: string, produce: () => Promise<T>) =>
    (await services.published.cache.read(`page-data:${key}`, async () => ({ body: await produce() }), version)).value as T;
  const page = <S extends PageSlug>(slug: S, lang: Lang) => cached(`page?${lang}:${slug}`, async () => (await pages.view(slug, lang)).content);
  return {
    page,
    programs: async (lang: Lang) => programLinks(await page('programs', lang)),
    documents: (lang: Lang) => cached(`documents?${lang}`, async () => (await documents.list()).map((document) => toDocumentView(document, lang))),
    // A revocation or an erasure publishes, so the page of a code is kept per version too.
    certificate: (code: string) => cached(`certificate:${code}`, () => certificateCheck(services, code)),
    blogPage: (search: ListSearch, lang: string) =>
      cached(`blogs?${lang}:${JSON.stringify(search)}`, async () => {
        const { items, headers } = await blogs.list({ ...listQuery(search), fields: 'summary', lang: contentLang(lang) });
        return { items, total: Number(headers?.['X-Total-Count'] ?? items.length) };
      }),
    blogPost: (id: string, lang: string) =>
      objectId.test(id) ? cached(`blog?${lang}:${id}`, () => blogs.get(id, { lang }).catch(unknownAsNull)) : Promise.resolve(null),
    campaigns: (lang: Lang) => cached(`campaigns?${lang}`, () => campaigns.list({ lang })),
    campaign: (id: string, lang: Lang) =>
      objectId.test(id) ? cached(`campaign?${lang}:${id}`, () => campaigns.get(id, { lang }).catch(unknownAsNull)) : Promise.resolve(null),
    galleryPage: (search: ListSearch, lang: string) =>
      cached(`gallery?${lang}:${JSON.stringify(search)}`, async () => {
        const { items, headers } = await gallery.list({ ...listQuery(search), lang: contentLang(lang) });
        return { items, total: Number(headers?.['X-Total-Count'] ?? items.length) };
      }),
    eventPage: ({ page, limit, upcoming }: EventSearch, lang: Lang) =>
      cached(`events?${lang}:${JSON.stringify({ page, limit, upcoming })}`, async () => {
        const { items, headers } = await events.publicPage({ page, limit: limit ?? pageSize, lang, ...(upcoming ? { when: 'upcoming' as const } : {}) });
        return { items, total: Number(headers['X-Total-Count']) };
      }),
    event: (id: string, lang: Lang) =>
      objectId.test(id) ? cached(`event?${lang}:${id}`, () => events.publicOne(id, lang).catch(unknownAsNull)) : Promise.resolve(null),
  };
}

/** What a valid preview link opens: one post whatever its status or schedule, or one page's draft. */
type Previewed = { kind: 'post'; id: string } | { kind: 'page'; slug: PageSlug };

/** The published content, with the one post or page draft a valid preview link opens. */
function previewPageData(services: Services, version: number, previewed: Previewed): PublicData {
  const published = publicPageData(services, version);
  if (previewed.kind === 'page') {
    const pages = new PageService(services);
    return {
      ...published,
      page: async <S extends PageSlug>(slug: S, lang: Lang) =>
        slug === previewed.slug ? (await pages.view(slug, lang, { draft: true })).content : published.page(slug, lang),
    };
  }
  const blogs = new BlogService(services);
  return {
    ...published,
    blogPost: async (id: string, lang: string) =>
      id.toLowerCase() === previewed.id ? blogs.get(id, { drafts: true, lang }).then((post) => ({ ...post, preview: true as const }), unknownAsNull) : null,
  };
}

const postPath = /^\/(?:hi\/)?blog\/([0-9a-f]{24})$/i;

/** What the request's preview link opens: a post's or an editable page's path with a valid `preview` token (preview-token.ts). */
function previewed(ctx: Context, secret: string): Previewed | undefined {
  const token = ctx.query[previewParameter];
  if (token === undefined) return undefined;
  const id = postPath.exec(ctx.path)?.[1]?.toLowerCase();
  if (id) return previewTokenOpens(secret, id, token) ? { kind: 'post', id } : undefined;
  const slug = pageAtPath(ctx.path);
  return slug && previewTokenOpens(secret, slug, token, Date.now(), 'page') ? { kind: 'page', slug } : undefined;
}

/** A path of this site: a browser reads `//host/` or `/\host` as another site. */
export const sitePath = (path: string) => path.replace(/^[/\\]+/, '/');

const isAdminPath = (urlPath: string) => urlPath === '/admin' || urlPath.startsWith('/admin/');

interface PreparedPage {
  text: CompressedText;
  /** The inline scripts (the router's state for hydration) the Content-Security-Policy allows. */
  scriptHashes: string[];
  /** Whether it holds a form that needs its hidden fields filled in for each visitor. */
  plainForm: boolean;
}
const preparedPages = new WeakMap<object, PreparedPage>();

function prepare(html: string): PreparedPage {
  const scriptHashes = [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
  return { text: new CompressedText(html), scriptHashes: [...new Set(scriptHashes)], plainForm: hasPlainForm(html) };
}

/** Sends a page's HTML; never kept by browsers (a deploy or a write shows on the next visit). */
function sendHtml(ctx: Context, status: number, page: PreparedPage) {
  ctx.state.contentPolicy = 'site';
  ctx.state.scriptHashes = page.scriptHashes;
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  page.text.send(ctx);
}

/**
 * A page holding a form the server also takes as a plain post: each visitor gets the form's
 * hidden fields of their own (form-token.ts), so nginx never keeps it (`private`). The visitor's
 * own browser may, to open the form offline; a refusal and the ?sent=1 answer are not kept at all.
 */
function sendFormPage(ctx: Context, status: number, html: string, scriptHashes: string[], secret: string, token?: string) {
  ctx.state.contentPolicy = 'site';
  ctx.state.scriptHashes = scriptHashes;
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  const kept = status === 200 && ctx.query[sentQuery.name] === undefined;
  ctx.set('Cache-Control', kept ? 'private, no-cache' : 'no-store');
  ctx.body = withFormFields(html, secret, token);
}

/** The public pages; `forms` are the forms they take as plain posts, by page path (form-posts.ts). */
export function publicPages(services: Services, forms: FormAtPage = () => undefined): Middleware {
  const { pagesDir, publicUrl, jwtSecret } = services.config;
  let adminShell: PreparedPage | undefined;
  // A refused form's page is rendered for that one answer: it holds what the visitor typed.
  const answerForm = answerFormPost(services, forms, async (ctx, status, form: PostedForm, token) => {
    const build = await loadSiteBuild(pagesDir);
    const { settings } = await currentSettings(services.db);
    const version = await services.published.cache.version();
    const data = publicPageData(services, version);
    const page = await build.renderer.renderPage({ url: ctx.path, origin: publicUrl, settings, data, template: build.template, form });
    sendFormPage(ctx, status, page.html, prepare(page.html).scriptHashes, jwtSecret, token);
  });
  return async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/') || ctx.path.startsWith('/assets/')) return next();
    if (ctx.method === 'POST' && (await answerForm(ctx))) return;
    // Any other form sent before the page's script took it over (the login form says
    // method="post", so what was typed never lands in an address, a log or the history): the
    // browser is sent back to the page (Post/Redirect/Get), and the body is not read.
    if (ctx.method === 'POST') {
      ctx.status = 303;
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(sitePath(ctx.path));
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const build = await loadSiteBuild(pagesDir);
    if (isAdminPath(ctx.path)) {
      adminShell ??= prepare(build.template);
      ctx.set('Cache-Control', 'no-cache');
      return sendHtml(ctx, 200, adminShell);
    }
    const version = await services.published.cache.version();
    const preview = previewed(ctx, jwtSecret);
    if (preview) {
      const url = ctx.querystring ? `${ctx.path}?${ctx.querystring}` : ctx.path;
      // Rendered for this one answer and kept by no one; a missing or bad token falls through to
      // the public page (404 for a post not public).
      const { settings } = await currentSettings(services.db);
      const data = previewPageData(services, version, preview);
      const page = await build.renderer.renderPage({ url, origin: publicUrl, settings, data, template: build.template });
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('X-Robots-Tag', 'noindex');
      return sendHtml(ctx, page.status, prepare(page.html));
    }
    // Rendered and kept with the parameters the page reads only (shared/page-queries.js), so
    // `/about?x=1`, `?x=2`… share one render and one entry (the cache holds at most 1,000, oldest
    // out first). The browser's router hydrates from it: its matches are keyed by what it reads.
    const query = pageQueryOf(ctx.path, new URLSearchParams(ctx.querystring));
    const url = query ? `${ctx.path}?${query}` : ctx.path;
    const answer = await services.published.cache.read(
      `page:${url}`,
      async () => {
        const { settings } = await currentSettings(services.db);
        const data = publicPageData(services, version);
        return { body: await build.renderer.renderPage({ url, origin: publicUrl, settings, data, template: build.template }) };
      },
      version,
    );
    const page = answer.value as { status: number; html: string };
    let prepared = preparedPages.get(answer);
    if (!prepared) preparedPages.set(answer, (prepared = prepare(page.html)));
    ctx.set('X-Content-Version', String(answer.version));
    if (prepared.plainForm) return sendFormPage(ctx, page.status, page.html, prepared.scriptHashes, jwtSecret);
    ctx.set('Cache-Control', ctx.get('Authorization') ? 'private, no-store' : 'no-cache');
    sendHtml(ctx, page.status, prepared);
  };
}
