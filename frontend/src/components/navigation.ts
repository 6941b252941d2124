import type { MessageKey } from '../i18n/i18n';

interface NavLink {
  to: '/' | '/about' | '/programs' | '/blog' | '/contact' | '/gallery' | '/volunteer' | '/login';
  label: MessageKey;
}

/** The header's links, in the order the spec gives them. */
export const headerLinks: readonly NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/programs', label: 'Programs' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/volunteer', label: 'Volunteer' },
  { to: '/login', label: 'Login' },
];

export const footerQuickLinks: readonly NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/programs', label: 'Our Programs' },
  { to: '/blog', label: 'Blog & News' },
  { to: '/contact', label: 'Contact Us' },
];

export const footerProgramLinks: readonly { hash: string; label: MessageKey }[] = [
  { hash: 'health', label: 'Clean Water Initiative' },
  { hash: 'education', label: 'Education for All' },
  { hash: 'reforestation', label: 'Reforestation Project' },
  { hash: 'sustainable-farming', label: 'Sustainable Farming' },
  { hash: 'women-empowerment', label: 'Women Empowerment' },
];
