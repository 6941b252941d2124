// The editable pages' operations (openapi.yaml, tag pages) as admin outcomes: the list, one page
// with both languages, saving it as a draft or published, its draft, reset, revisions and preview.
import type { components, operations } from '@ngo-site/shared/contract';
import type { PageContents, PageSlug } from '@ngo-site/shared';
import { api } from '../../../api/client';
import { attempt, type Outcome, failed } from '../api';
import { versionConflictOf, type PostVersion } from '../upload';

export type { PageSlug };
export type PageEdit = components['schemas']['PageEdit'];
export type PageRow = components['schemas']['PageRow'];
export type PageRevisionRow = components['schemas']['PageRevisionRow'];
export type PageRevision = components['schemas']['PageRevision'];
export type PageContent = PageContents[PageSlug];
export type ProgramContent = components['schemas']['ProgramContent'];
export type ProgramView = components['schemas']['ProgramView'];

export { pageNames as pageTitles, pageSlugs } from '@ngo-site/shared';

export const pagesMessages = {
  listFailed: 'Failed to load the pages',
  loadFailed: 'Failed to load this page',
  saveFailed: 'Failed to save the page',
  discardFailed: 'Failed to discard the draft',
  resetFailed: 'Failed to reset the page',
  revisionsFailed: 'Failed to load the revisions',
  revisionFailed: 'Failed to load this revision',
  restoreFailed: 'Failed to restore this revision',
  previewFailed: 'Failed to make a preview link',
};

/** A write's outcome: the server's sentence and the page as it is now, or why not (a conflict names the current version). */
export type PageWrite = Outcome<{ message: string; page: PageEdit }> & { conflict?: PostVersion };

function written(answer: { data?: { success: boolean; message: string; data: PageEdit }; error?: unknown }, fallback: string): PageWrite {
  const { data, error } = answer;
  if (data?.success) return { ok: true, data: { message: data.message, page: data.data } };
  const conflict = versionConflictOf(error as { message?: unknown } | null);
  return { ...failed(error, fallback), ...(conflict ? { conflict } : {}) };
}

export function fetchPages(): Promise<Outcome<PageRow[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_pages.php');
    return data?.success ? { ok: true, data: data.data } : failed(error, pagesMessages.listFailed);
  });
}

/** The page with both languages side by side, its draft and version (what the admin edits). */
export function fetchPageEdit(slug: PageSlug): Promise<Outcome<PageEdit>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_page.php', { params: { query: { slug, lang: 'both' } } });
    return data?.success ? { ok: true, data: data.data as PageEdit } : failed(error, pagesMessages.loadFailed);
  });
}

type PageSave = operations['updatePage']['requestBody']['content']['application/json'];

/** Saves `content` over `version`: published at once, or kept as the page's draft. */
export function savePage(slug: PageSlug, version: number, content: PageContent, publish: boolean): Promise<PageWrite> {
  // The contract ties each slug to its page's shape; the editor holds the content of the slug it opened.
  const body = { slug, version, publish, content } as PageSave;
  return attempt(async () => written(await api.POST('/api/update_page.php', { body }), pagesMessages.saveFailed));
}

export function discardPageDraft(slug: PageSlug, version: number): Promise<PageWrite> {
  return attempt(async () => written(await api.POST('/api/discard_page_draft.php', { body: { slug, version } }), pagesMessages.discardFailed));
}

/** Puts the first content back (admins only); what was published before stays a revision. */
export function resetPage(slug: PageSlug): Promise<PageWrite> {
  return attempt(async () => written(await api.POST('/api/reset_page.php', { body: { slug } }), pagesMessages.resetFailed));
}

export function fetchPageRevisions(slug: PageSlug): Promise<Outcome<PageRevisionRow[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_page_revisions.php', { params: { query: { slug } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, pagesMessages.revisionsFailed);
  });
}

export function fetchPageRevision(slug: PageSlug, version: number): Promise<Outcome<PageRevision>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_page_revision.php', { params: { query: { slug, version } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, pagesMessages.revisionFailed);
  });
}

export function restorePageRevision(slug: PageSlug, revision: number, version: number): Promise<PageWrite> {
  return attempt(async () => written(await api.POST('/api/restore_page_revision.php', { body: { slug, revision, version } }), pagesMessages.restoreFailed));
}

/** A signed link to the page with its draft, as visitors would see it (15 minutes). */
export function fetchPagePreviewLink(slug: PageSlug, lang: 'en' | 'hi'): Promise<Outcome<string>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_page_preview_link.php', { params: { query: { slug, lang } } });
    return data?.success ? { ok: true, data: data.data.url } : failed(error, pagesMessages.previewFailed);
  });
}

/** The programs as the public English page lists them: each one's id and the admin's name for it. */
export function fetchProgramViews(): Promise<Outcome<ProgramView[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_page.php', { params: { query: { slug: 'programs', lang: 'en' } } });
    if (!data?.success) return failed(error, pagesMessages.loadFailed);
    return { ok: true, data: ((data.data as components['schemas']['PageView']).content as components['schemas']['ProgramsView']).items };
  });
}
