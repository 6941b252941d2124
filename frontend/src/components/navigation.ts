import type { MessageKey } from '../i18n/i18n';

export interface NavLink {
  to:
    | '/{-$lang}'
    | '/{-$lang}/about'
    | '/{-$lang}/programs'
    | '/{-$lang}/blog'
    | '/{-$lang}/events'
    | '/{-$lang}/contact'
    | '/{-$lang}/gallery'
    | '/{-$lang}/volunteer'
    | '/{-$lang}/transparency'
    | '/login';
  /** An anchor on that page (a program on /programs). */
  hash?: string;
  label: MessageKey;
}

/** The header's links, in the order the spec gives them. */
export const headerLinks: readonly NavLink[] = [
  { to: '/{-$lang}', label: 'Home' },
  { to: '/{-$lang}/about', label: 'About' },
  { to: '/{-$lang}/programs', label: 'Programs' },
  { to: '/{-$lang}/blog', label: 'Blog' },
  { to: '/{-$lang}/contact', label: 'Contact' },
  { to: '/{-$lang}/gallery', label: 'Gallery' },
  { to: '/{-$lang}/volunteer', label: 'Volunteer' },
  { to: '/login', label: 'Login' },
];

export const footerQuickLinks: readonly NavLink[] = [
  { to: '/{-$lang}', label: 'Home' },
  { to: '/{-$lang}/about', label: 'About Us' },
  { to: '/{-$lang}/programs', label: 'Our Programs' },
  { to: '/{-$lang}/blog', label: 'Blog & News' },
  { to: '/{-$lang}/events', label: 'Events' },
  { to: '/{-$lang}/contact', label: 'Contact Us' },
  { to: '/{-$lang}/transparency', label: 'Transparency' },
];
