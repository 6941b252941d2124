import type { MessageKey, Translator } from '../i18n/i18n';

/** The banners of the list pages, in English (those of the editable pages are their content). */
const pageHeroes = {
  blog: { title: 'Blog & News', eyebrow: 'Stories from the field', intro: 'News, stories and lessons learned from the villages we work with.' },
  events: {
    title: 'Events',
    eyebrow: 'Camps and drives',
    intro: 'Health and blood-donation camps, tree-planting drives and trainings you can join. Sign up for a place, and we will remind you the day before.',
  },
  gallery: {
    title: 'Our Impact in Pictures',
    eyebrow: 'Gallery',
    intro: 'Moments from health camps, classrooms, planting drives and fields across Jharkhand and Bihar.',
  },
} satisfies Record<string, Record<'title' | 'eyebrow' | 'intro', MessageKey>>;

/** A list page's banner in the page's language. */
export function pageHero(page: keyof typeof pageHeroes, t: Translator['t']) {
  const { title, eyebrow, intro } = pageHeroes[page];
  return { title: t(title), eyebrow: t(eyebrow), intro: t(intro) };
}
