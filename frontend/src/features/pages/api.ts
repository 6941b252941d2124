import { programLinks, type PageSlug, type PageViews, type ProgramLink } from '@ngo-site/shared';
import { apiClient } from '../../api/on-demand';
import type { Lang } from '../../i18n/paths';

/**
 * A page's published content in one language, as the browser reads it on a navigation within
 * the site (a first view comes with it inside the server's HTML). A failure throws: the route
 * shows its error with a way to try again.
 */
export async function fetchPage<S extends PageSlug>(slug: S, lang: Lang): Promise<PageViews[S]> {
  const { data, response } = await (await apiClient()).GET('/api/get_page.php', { params: { query: { slug, lang } } });
  // lang=en|hi answers a PageView (lang=both, the admin's, a PageEdit).
  if (!data?.success || !('lang' in data.data)) throw new Error(`Could not load the ${slug} page (HTTP ${response.status})`);
  return data.data.content as PageViews[S];
}

/** The programs' names for the footer, the filters and the tags: the Programs page's list, without the rest. */
export async function fetchPrograms(lang: Lang): Promise<ProgramLink[]> {
  return programLinks(await fetchPage('programs', lang));
}

/** A page route's loader data: its view, once the page's own Hindi texts are in as well (both read side by side). */
export async function withTexts<View>(view: Promise<View>, texts: Promise<void>): Promise<View> {
  return (await Promise.all([view, texts]))[0];
}
