import { imageUrl } from '../images/store.js';
import type { GalleryItem } from './model.js';

/** A gallery item as the lists answer it. */
export const toGalleryView = (item: GalleryItem) => ({
  id: item._id.toHexString(),
  title: item.title,
  category: item.category,
  caption: item.caption,
  title_hi: item.title_hi ?? '',
  caption_hi: item.caption_hi ?? '',
  image_url: imageUrl(item.image),
  created_at: item.createdAt.toISOString(),
  updated_at: item.updatedAt.toISOString(),
});
