/**
 * Site settings: the organisation's name and contact details, in one place.
 * The spec names neither the organisation nor its phone numbers and e-mail: the values below are
 * neutral placeholders. The operator sets the real ones here, and only here (the logo, header,
 * footer, page titles and index.html all read them).
 */
export const site = {
  /** Shown in the logo, the copyright lines and every page title. */
  name: 'Jharkhand NGO',
  tagline:
    'Empowering communities through sustainable development and environmental conservation initiatives worldwide.',
  address: {
    lines: ['2nd Floor, Harmu Housing Colony', 'Near Argora Chowk, Ranchi', 'Jharkhand 834002, India'],
  },
  phones: ['+91 651 224 3810', '+91 94311 52874', '+91 70040 68219'],
  email: 'contact@example.org',
  social: [
    { id: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/' },
    { id: 'twitter', label: 'Twitter', href: 'https://twitter.com/' },
    { id: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/' },
    { id: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  ],
} as const;

export type SocialNetwork = (typeof site.social)[number]['id'];

/** `tel:` links need the number without spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
