import type { Category } from '../api/types';
import type { MessageKey } from '../i18n/i18n';

/** How a program category reads on the page. */
export const categoryLabels: Record<Category, MessageKey> = {
  health: 'Health',
  education: 'Education',
  reforestation: 'Reforestation',
  'sustainable-farming': 'Sustainable Farming',
  'women-empowerment': 'Women Empowerment',
};

export function categoryLabel(category: string): string {
  return categoryLabels[category as Category] ?? category;
}
