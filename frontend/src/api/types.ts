import type { components } from '@ngo-site/shared/contract';

export type { Blog, BlogSummary, GalleryItem } from '@ngo-site/shared';
export type Category = components['schemas']['Category'];
