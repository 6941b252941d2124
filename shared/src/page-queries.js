// The query parameters the public pages read: what a page is rendered with and kept by, in the
// backend's cache and in nginx's (nginx/render.mjs writes its map from this list).
import { sentQuery } from './plain-form.js';

/**
 * Per page (its English path; /hi/... reads the same), the parameters it reads besides those of
 * every page. Anything else in a page's query (?utm_source=, ?fbclid=, ?x=1) changes nothing the
 * page shows: it is left out, so it neither costs a render nor pushes a real page out of the
 * caches. A page that comes to read another parameter names it here.
 */
export const pageQueries = [
  { pages: ['/blog', '/gallery'], names: ['category', 'q', 'page'] },
  // "I have paid" from a campaign's page names it: /donate?paid=1&campaign=<id>; the citizenship
  // chosen without the script: a foreign citizen is shown the FCRA account (or the refusal).
  { pages: ['/donate'], names: ['paid', 'campaign', 'citizenship'] },
  // Where a pledge's stop link leads: /donate/monthly?stopped=1.
  { pages: ['/donate/monthly'], names: ['stopped'] },
  // A guardian's confirmation link of a volunteer under 18.
  { pages: ['/guardian-consent'], names: ['token'] },
  // A sign-up's cancellation link: /events?cancel=<token>.
  { pages: ['/events'], names: ['page', 'cancel'] },
  // The newsletter's mailed links: /newsletter/confirm?token=<token>, /newsletter/unsubscribe?token=<token>.
  { pages: ['/newsletter/confirm', '/newsletter/unsubscribe'], names: ['token'] },
];

/**
 * What every page reads: `?sent=1`, the page of a form sent without the script, and what came of
 * it where the answer says (`&status=waitlisted`).
 */
export const everyPageQuery = [sentQuery.name, sentQuery.status];

/**
 * The parameters the page at `path` reads, in the order its key names them.
 * @param {string} path
 * @returns {string[]}
 */
export function pageQueryNames(path) {
  const english = path.replace(/^\/hi(?=\/|$)/, '') || '/';
  return [...(pageQueries.find((entry) => entry.pages.includes(english))?.names ?? []), ...everyPageQuery];
}

/**
 * The query the page at `path` is rendered and kept with: its parameters' first values, in its order ('' for none).
 * @param {string} path
 * @param {{ get(name: string): string | null }} search the request's query (a URLSearchParams)
 * @returns {string}
 */
export function pageQueryOf(path, search) {
  const kept = [];
  for (const name of pageQueryNames(path)) {
    const value = search.get(name);
    if (value) kept.push(`${name}=${encodeURIComponent(value)}`);
  }
  return kept.join('&');
}
