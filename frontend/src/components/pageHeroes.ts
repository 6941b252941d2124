import type { MessageKey } from '../i18n/i18n';

export interface PageHeroTexts {
  title: MessageKey;
  eyebrow: MessageKey;
  intro: MessageKey;
}

/** The banners of the inner pages, in English; the page translates them. */
export const pageHeroes = {
  blog: { title: 'Blog & News', eyebrow: 'Stories from the field', intro: 'News, stories and lessons learned from the villages we work with.' },
  contact: {
    title: 'Contact Us',
    eyebrow: 'We would love to hear from you',
    intro: 'Questions, ideas or an offer to help: write to us, call, or visit our office in Ranchi.',
  },
  donate: {
    title: 'Make a Donation',
    eyebrow: 'Support our work',
    intro: 'Your gift brings safe water, learning and green hills to families in Jharkhand and Bihar.',
  },
  volunteer: {
    title: 'Become a Volunteer',
    eyebrow: 'Join our team',
    intro: 'Give your time and skills to communities working for clean water, education and green hills.',
  },
  gallery: {
    title: 'Our Impact in Pictures',
    eyebrow: 'Gallery',
    intro: 'Moments from health camps, classrooms, planting drives and fields across Jharkhand and Bihar.',
  },
  programs: {
    title: 'Our Programs',
    eyebrow: 'What we do',
    intro: 'Four connected programs, planned and run with the communities they serve, for change that lasts.',
  },
} satisfies Record<string, PageHeroTexts>;
