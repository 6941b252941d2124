import type { components } from './schema.gen';

export type Blog = components['schemas']['Blog'];
export type GalleryItem = components['schemas']['GalleryItem'];
export type Category = components['schemas']['Category'];
