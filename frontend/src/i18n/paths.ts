/** The languages of the public site; English at the spec's URLs, Hindi under /hi. */
export const languages = ['en', 'hi'] as const;
export type Lang = (typeof languages)[number];

/** The `lang`/`hreflang` value and the locale for numbers and dates of each language. */
export const localeOf: Record<Lang, string> = { en: 'en-IN', hi: 'hi-IN' };

const hindiPrefix = '/hi';

/** The public pages that exist in Hindi too (the admin area and the login stay English). */
const translatedPaths = [/^\/$/, /^\/about$/, /^\/programs$/, /^\/blog$/, /^\/blog\/[^/]+$/, /^\/gallery$/, /^\/donate$/, /^\/contact$/, /^\/volunteer$/];

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
  if (!translatedPaths.some((pattern) => pattern.test(english))) return null;
  return english === '/' ? hindiPrefix : `${hindiPrefix}${english}`;
}

/** The same page in the given language (null: no such page in Hindi). For links, the switch, hreflang and the sitemap. */
export function pathIn(lang: Lang, pathname: string): string | null {
  return lang === 'hi' ? hindiPath(pathname) : englishPath(pathname);
}

/** The API's `lang` query for a page in this language (English asks without it: the legacy call). */
export function langQuery(lang: Lang): { lang?: 'hi' } {
  return lang === 'hi' ? { lang } : {};
}
