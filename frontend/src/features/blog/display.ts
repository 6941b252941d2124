import type { ProgramLink } from '@ngo-site/shared';
import type { BlogSummary } from '../../api/types';
import { fillIn, type Translator } from '../../i18n/i18n';
import { programTag } from '../programs/program-list';

/** The spec's stand-ins for missing values. */
export const blogFallbacks = {
  category: 'Uncategorized',
  title: 'Untitled',
  excerpt: 'No excerpt available',
  author: 'Anonymous',
  date: 'Unknown date',
} as const;

/**
 * The months as the site's two locales write them ("5 March 2025", "5 मार्च 2025"), as ICU does.
 * Written out rather than asked of Intl: a page's first Intl date format loads the locale's data,
 * which held a phone's main thread for tens of milliseconds while a post page was taken over.
 */
const monthNames: Record<string, readonly string[]> = {
  'en-IN': ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  'hi-IN': ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
};
const otherFormats = new Map<string, Intl.DateTimeFormat>();

/** "2025-03-05" → "5 March 2025"; read as a calendar date so no time zone can shift the day. */
export function formatPostDate(date: string, locale = 'en-IN'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return blogFallbacks.date;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(parsed.getTime())) return blogFallbacks.date;
  const months = monthNames[locale];
  if (months) return `${parsed.getUTCDate()} ${months[parsed.getUTCMonth()]} ${parsed.getUTCFullYear()}`;
  let format = otherFormats.get(locale);
  if (!format) otherFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })));
  return format.format(parsed);
}

/**
 * A post as it reads on the page, with every missing value replaced, in the page's language
 * (English by default), its category by the tag of its program (`programs`, in that language).
 * `inEnglish`: a Hindi page shows the English text of an untranslated post.
 */
export function describePost(
  post: BlogSummary,
  { t, locale }: Pick<Translator, 't' | 'locale'> = { t: fillIn, locale: 'en-IN' },
  programs: readonly ProgramLink[] = [],
) {
  const date = post.date ? formatPostDate(post.date, locale) : blogFallbacks.date;
  return {
    title: post.title.trim() || t(blogFallbacks.title),
    excerpt: post.excerpt.trim() || t(blogFallbacks.excerpt),
    // A category no program has reads as it is.
    category: post.category ? programTag(programs, post.category) : t(blogFallbacks.category),
    author: post.author.trim() || t(blogFallbacks.author),
    date: date === blogFallbacks.date ? t(blogFallbacks.date) : date,
    inEnglish: post.text_lang === 'en',
  };
}
