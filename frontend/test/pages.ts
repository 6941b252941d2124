import { pageView, programLinks, type Lang, type PageContents, type PageSlug, type PublicData } from '@ngo-site/shared';
import { pageSeed } from '@ngo-site/shared/page-seed';
import { json } from './api-fetch';

/** The pages' content: the first content (a fresh install's), with `edits` in place of some pages. */
export type PageEdits = Partial<PageContents>;

const contentOf = <S extends PageSlug>(slug: S, edits: PageEdits): PageContents[S] => (edits[slug] ?? pageSeed[slug]) as PageContents[S];

/** A page's view at version 1, as the backend gives it: a privacy notice names its version. */
const viewOf = <S extends PageSlug>(slug: S, edits: PageEdits, lang: Lang) => {
  const view = pageView(slug, contentOf(slug, edits), lang);
  return slug.startsWith('privacy-') ? { ...view, version: 1 } : view;
};

/** The pages as the backend's in-process source gives them to the server's renderer. */
export function pagesData(edits: PageEdits = {}): Pick<PublicData, 'page' | 'programs' | 'campaigns' | 'campaign'> {
  return {
    page: async (slug, lang) => viewOf(slug, edits, lang),
    programs: async (lang) => programLinks(pageView('programs', contentOf('programs', edits), lang)),
    campaigns: async () => [],
    campaign: async () => null,
  };
}

/**
 * A stand-in for get_page.php (lang=en|hi): the page's view as openapi.yaml describes it, made
 * from the content by the shared pageView the backend uses.
 */
export function pageApi(edits: PageEdits = {}) {
  return (request: Request) => {
    const query = new URL(request.url).searchParams;
    const slug = query.get('slug') as PageSlug;
    const lang = (query.get('lang') ?? 'en') as Lang;
    if (!Object.hasOwn(pageSeed, slug) || (lang !== 'en' && lang !== 'hi')) return json({ success: false, message: 'No such page' }, 400);
    return json({ success: true, data: { slug, lang, version: 1, content: viewOf(slug, edits, lang) } });
  };
}

/** A copy of the first content to change in a test. */
export const seedCopy = (): PageContents => structuredClone(pageSeed);
