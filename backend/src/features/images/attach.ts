import type { Types } from 'mongoose';
import type { UploadedFile } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { processUploads } from './processing.js';

/**
 * Saves an item together with an optional new image: the image is checked and processed first,
 * stored, then `save` runs with its id. When `save` fails the new files are removed; when it
 * succeeds the image it replaces is removed. Either way no file is left without an item.
 */
export async function replaceItemImage<T>(
  { config, images }: Services,
  ownerId: Types.ObjectId,
  upload: UploadedFile | undefined,
  previousImageId: Types.ObjectId | null | undefined,
  save: (newImageId: Types.ObjectId | undefined) => Promise<T>,
): Promise<T> {
  if (!upload) return save(undefined);
  const [processed] = await processUploads([upload], config.uploadMaxBytes);
  const newImageId = await images.save(processed!, ownerId);
  let result: T;
  try {
    result = await save(newImageId);
  } catch (error) {
    await images.deleteImagesQuietly([newImageId]);
    throw error;
  }
  await images.deleteImagesQuietly([previousImageId]);
  return result;
}
