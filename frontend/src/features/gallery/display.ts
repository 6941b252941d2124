import type { GalleryItem } from '../../api/types';

export const galleryFilters = [
  { id: 'all', label: 'All Images' },
  { id: 'health', label: 'Health Care' },
  { id: 'education', label: 'Education' },
  { id: 'reforestation', label: 'Reforestation' },
  { id: 'sustainable-farming', label: 'Sustainable Farming' },
] as const;

export type GalleryFilter = (typeof galleryFilters)[number]['id'];

export const galleryFallbacks = { title: 'Untitled', caption: 'No description' } as const;

export function filterGallery(items: GalleryItem[], filter: GalleryFilter): GalleryItem[] {
  return filter === 'all' ? items : items.filter((item) => item.category === filter);
}
