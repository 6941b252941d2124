import type { MessageKey } from '../../i18n/i18n';

export const galleryFilters: readonly { id: 'all' | 'health' | 'education' | 'reforestation' | 'sustainable-farming'; label: MessageKey }[] = [
  { id: 'all', label: 'All Images' },
  { id: 'health', label: 'Health Care' },
  { id: 'education', label: 'Education' },
  { id: 'reforestation', label: 'Reforestation' },
  { id: 'sustainable-farming', label: 'Sustainable Farming' },
];

export type GalleryFilter = (typeof galleryFilters)[number]['id'];

export const galleryFallbacks = { title: 'Untitled', caption: 'No description' } as const;
