import type { Lang } from '@ngo-site/shared';

export type { Lang };

/** The `lang`/`hreflang` value and the locale for numbers and dates of each language. */
export const localeOf: Record<Lang, string> = { en: 'en-IN', hi: 'hi-IN' };

const hindiPrefix = '/hi';

/**
 * The public routes' optional first segment (`/{-$lang}/about`): absent on English pages, `hi` on
 * Hindi ones. Any other value matches no route, so /en/about or /xy/about is a 404.
 */
export function parseLangParam({ lang }: { lang?: string }): { lang?: 'hi' } | false {
  if (lang === undefined) return {};
  return lang === 'hi' ? { lang } : false;
}

/** The public pages that exist in Hindi too (the admin area and the login stay English). */
const translatedPaths =
  /^\/(about|programs|blog(\/[^/]+)?|events(\/[^/]+)?|gallery|donate(\/monthly)?|campaigns\/[^/]+|contact|volunteer|my|verify\/[^/]+|newsletter(\/confirm|\/unsubscribe)?|transparency|privacy\/(volunteer|contact|donate)|guardian-consent)?$/;

/** The language a path is in: the URL always decides. */
export function langOfPath(pathname: string): Lang {
  return pathname === hindiPrefix || pathname.startsWith(`${hindiPrefix}/`) ? 'hi' : 'en';
}

/** The English path of a page (`/hi/blog/x` → `/blog/x`, `/hi` → `/`); English paths stay as they are. */
export function englishPath(pathname: string): string {
  if (langOfPath(pathname) === 'en') return pathname;
  return pathname.slice(hindiPrefix.length) || '/';
}

/** The Hindi path of a page (`/about` → `/hi/about`), or null when the page has no Hindi version. */
export function hindiPath(pathname: string): string | null {
  const english = englishPath(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  if (!translatedPaths.test(english)) return null;
  return english === '/' ? hindiPrefix : `${hindiPrefix}${english}`;
}

/** The same page in the given language (null: no such page in Hindi). For links, the switch, hreflang and the sitemap. */
export function pathIn(lang: Lang, pathname: string): string | null {
  return lang === 'hi' ? hindiPath(pathname) : englishPath(pathname);
}

/** The hreflang alternates of a page that exists in both languages (none for one that does not). */
export function alternatesOf(pathname: string): [hreflang: 'en' | 'hi' | 'x-default', path: string][] {
  const hindi = pathIn('hi', pathname);
  if (!hindi) return [];
  const english = pathIn('en', pathname)!;
  return [
    ['en', english],
    ['hi', hindi],
    ['x-default', english],
  ];
}

/** The API's `lang` query for a page in this language (English asks without it: the legacy call). */
export function langQuery(lang: Lang): { lang?: 'hi' } {
  return lang === 'hi' ? { lang } : {};
}
