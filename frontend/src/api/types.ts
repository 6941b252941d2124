import type { components } from '@ngo-site/contract';

export type Blog = components['schemas']['Blog'];
/** A post as the blog list gets it (`fields=summary`): everything but `content`. */
export type BlogSummary = components['schemas']['BlogSummary'];
export type GalleryItem = components['schemas']['GalleryItem'];
export type Category = components['schemas']['Category'];
