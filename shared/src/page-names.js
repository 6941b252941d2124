/** @import { PageSlug } from './index.js' */

/**
 * The editable pages in the site's order, by the name the admin and its messages give each.
 * @type {Readonly<Record<PageSlug, string>>}
 */
export const pageNames = { home: 'Home', about: 'About', programs: 'Programs', donate: 'Donate', volunteer: 'Volunteer', contact: 'Contact' };

/** @type {readonly PageSlug[]} */
export const pageSlugs = ['home', 'about', 'programs', 'donate', 'volunteer', 'contact'];
