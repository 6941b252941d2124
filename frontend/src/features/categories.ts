import type { Category } from '../api/types';
import type { MessageKey } from '../i18n/i18n';

/**
 * The one home of the program categories' names. The ids are openapi.yaml's `Category`: one
 * added there does not compile here until it has its names. The spec names some differently
 * by place: `health` is "Health" on the public pages, "Clean Water" in the admin's select and
 * "Health Care" in the gallery's filter.
 */
const names: Record<Category, { page: MessageKey; admin: string; galleryFilter: MessageKey }> = {
  health: { page: 'Health', admin: 'Clean Water', galleryFilter: 'Health Care' },
  education: { page: 'Education', admin: 'Education', galleryFilter: 'Education' },
  reforestation: { page: 'Reforestation', admin: 'Reforestation', galleryFilter: 'Reforestation' },
  'sustainable-farming': { page: 'Sustainable Farming', admin: 'Sustainable Farming', galleryFilter: 'Sustainable Farming' },
  'women-empowerment': { page: 'Women Empowerment', admin: 'Women Empowerment', galleryFilter: 'Women Empowerment' },
};

const isCategory = (category: string): category is Category => Object.hasOwn(names, category);

/** Every category, in the order of the programs (the admin's select lists them so). */
export const categories = Object.keys(names) as Category[];

/** How a category reads on the public pages; an unknown one as it is. */
export const categoryLabel = (category: string): MessageKey | string => (isCategory(category) ? names[category].page : category);

/** How a category reads in the admin area. */
export const adminCategoryLabel = (category: string): string => (isCategory(category) ? names[category].admin : category);

/**
 * The categories the public lists filter by: the spec's filter bars, and Women Empowerment, which
 * they lack, so that its items are not reachable under All only.
 */
const filtered: Category[] = ['health', 'education', 'reforestation', 'sustainable-farming', 'women-empowerment'];

export const blogCategoryFilters: { id: CategoryFilter; label: MessageKey }[] = [
  { id: 'all', label: 'All' },
  ...filtered.map((id) => ({ id, label: names[id].page })),
];
export const galleryFilters: { id: CategoryFilter; label: MessageKey }[] = [
  { id: 'all', label: 'All Images' },
  ...filtered.map((id) => ({ id, label: names[id].galleryFilter })),
];
export type CategoryFilter = 'all' | Category;
