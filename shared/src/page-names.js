/** @import { PageSlug } from './index.js' */

/**
 * The editable pages in the site's order, by the name the admin and its messages give each.
 * @type {Readonly<Record<PageSlug, string>>}
 */
export const pageNames = {
  home: 'Home',
  about: 'About',
  programs: 'Programs',
  donate: 'Donate',
  volunteer: 'Volunteer',
  contact: 'Contact',
  transparency: 'Transparency',
  'privacy-volunteer': 'Privacy notice: volunteers',
  'privacy-contact': 'Privacy notice: contact form',
  'privacy-donate': 'Privacy notice: donations',
};

/** @type {readonly PageSlug[]} */
export const pageSlugs = [
  'home',
  'about',
  'programs',
  'donate',
  'volunteer',
  'contact',
  'transparency',
  'privacy-volunteer',
  'privacy-contact',
  'privacy-donate',
];
