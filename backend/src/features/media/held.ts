import type { Types } from 'mongoose';
import type { Services } from '../../services.js';
import type { ImageFileDocument } from './view.js';

/** Records an original in the held media list as it is stored now (or its deletion when it is gone). */
export async function recordOriginal({ db, lists }: Pick<Services, 'db' | 'lists'>, imageId: Types.ObjectId): Promise<void> {
  const file = await db.models.ImageFile.findOne({ _id: imageId, 'metadata.kind': 'original' }).lean<ImageFileDocument>();
  if (file) await lists.media.put(file);
  else await lists.media.remove(imageId);
}

/** Keeps the media list in step with every image the store saves or deletes, whichever feature asks. */
export function watchImageStore(services: Pick<Services, 'db' | 'lists' | 'images'>): void {
  services.images.watch({
    stored: (imageId) => recordOriginal(services, imageId),
    deleted: async (imageIds) => {
      for (const imageId of imageIds) await services.lists.media.remove(imageId);
    },
  });
}
