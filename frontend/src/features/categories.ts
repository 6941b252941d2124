import type { Category } from '../api/types';

/** How a program category reads on the page. */
export const categoryLabels: Record<Category, string> = {
  health: 'Health',
  education: 'Education',
  reforestation: 'Reforestation',
  'sustainable-farming': 'Sustainable Farming',
  'women-empowerment': 'Women Empowerment',
};

export function categoryLabel(category: string): string {
  return categoryLabels[category as Category] ?? category;
}
