/** The header's links, in the order the spec gives them. */
export const headerLinks = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/programs', label: 'Programs' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/volunteer', label: 'Volunteer' },
  { to: '/login', label: 'Login' },
] as const;

export const footerQuickLinks = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/programs', label: 'Our Programs' },
  { to: '/blog', label: 'Blog & News' },
  { to: '/contact', label: 'Contact Us' },
] as const;

export const footerProgramLinks = [
  { hash: 'health', label: 'Clean Water Initiative' },
  { hash: 'education', label: 'Education for All' },
  { hash: 'reforestation', label: 'Reforestation Project' },
  { hash: 'sustainable-farming', label: 'Sustainable Farming' },
  { hash: 'women-empowerment', label: 'Women Empowerment' },
] as const;
