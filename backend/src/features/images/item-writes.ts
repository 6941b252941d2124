import type { Model, Types } from 'mongoose';
import { notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { replaceItemImage } from './attach.js';

/** An item that shows at most one stored image, such as a blog post or a gallery item. */
interface ImageItem {
  _id: Types.ObjectId;
  image: Types.ObjectId | null;
}

/** Where the items are stored, the admin list that holds them, and the sentence for an unknown id. */
export interface ImageItems<T extends ImageItem> {
  model: Model<T>;
  list: { put(item: T): Promise<void>; remove(id: Types.ObjectId): Promise<void> };
  notFound: string;
}

/**
 * Edits an item and may replace its image (see replaceItemImage). `changes` is worked out only
 * once the item is known to exist, so an unknown id is a 404 before any check of the fields.
 */
export async function updateImageItem<T extends ImageItem>(
  services: Services,
  { model, list, notFound: missing }: ImageItems<T>,
  id: string,
  changes: () => Partial<T> | Promise<Partial<T>>,
  image: UploadedFile | undefined,
): Promise<T> {
  const existing = await model.findById(id).lean<T>();
  if (!existing) throw notFound(missing);
  const stored = await changes();
  const item = await replaceItemImage(services, existing._id, image, existing.image, async (imageId) => {
    const set = { ...stored, ...(imageId ? { image: imageId } : {}) };
    const updated = await model.findByIdAndUpdate(id, { $set: set }, { new: true, runValidators: true }).lean<T>();
    if (!updated) throw notFound(missing);
    return updated;
  });
  await list.put(item);
  return item;
}

/** Deletes an item, then its image; the admin list hears of it in between. */
export async function removeImageItem<T extends ImageItem>(services: Services, { model, list, notFound: missing }: ImageItems<T>, id: string): Promise<void> {
  const deleted = await model.findByIdAndDelete(id).lean<T>();
  if (!deleted) throw notFound(missing);
  await list.remove(deleted._id);
  await services.images.deleteImagesQuietly([deleted.image]);
}
