import type { Lang, PageSlug } from '@ngo-site/shared';
import { pageSlugs } from './model.js';

/** Where a page is on the site: `/about`, `/hi/about`; the home page is `/` and `/hi`; a form's privacy notice `/privacy/volunteer`. */
export const pagePath = (slug: PageSlug, lang: Lang) => {
  const prefix = lang === 'hi' ? '/hi' : '';
  return slug === 'home' ? prefix || '/' : `${prefix}/${slug.replace(/^privacy-/, 'privacy/')}`;
};

const slugByPath = new Map(pageSlugs.flatMap((slug) => (['en', 'hi'] as const).map((lang) => [pagePath(slug, lang), slug] as const)));

/** The editable page at a path of the site (`/hi/donate` => donate), or undefined. */
export const pageAtPath = (path: string): PageSlug | undefined => slugByPath.get(path);
