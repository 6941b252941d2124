// upload_media.php: a photo for a post's text, stored in the image store as the gallery's are
// (WebP variants). Its alt text, caption and name go on the stored original's metadata, where the
// media library keeps them for every image; its owner is the library itself (`library`), as the
// photo belongs to no one item. The held media list hears of it once its details are on it (held.ts).
import { storedImageUrl } from '@ngo-site/shared';
import type { Types } from 'mongoose';
import type { RequestBody } from '../../contract.js';
import { reply, requestInput, type Handlers, type UploadedFile } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import type { Services } from '../../services.js';
import { processUploads } from '../images/processing.js';
import type { StoredImageFile } from '../images/store.js';
import { recordOriginal } from './held.js';

type Details = { alt: string; caption: string; name: string; owner: string; upload: string };
type Original = { _id: Types.ObjectId; metadata: Omit<StoredImageFile['metadata'], 'owner'> & Partial<Details> };

const toView = ({ _id, metadata }: Original) => ({
  id: _id.toHexString(),
  url: storedImageUrl(_id.toHexString()),
  width: metadata.width,
  height: metadata.height,
  alt: metadata.alt ?? '',
  ...(metadata.caption ? { caption: metadata.caption } : {}),
});

/** Stores the photo as upload `upload` (an Idempotency-Key's id: a photo already stored as it is answered as it is). */
async function uploadPhoto(services: Services, file: UploadedFile, { alt, caption = '' }: RequestBody<'uploadMedia'>, upload: Types.ObjectId) {
  const files = services.db.connection.db!.collection<Original>('images.files');
  const stored = await files.findOne({ 'metadata.upload': upload.toHexString(), 'metadata.kind': 'original' });
  if (stored) {
    // Recorded again: the first upload may have lost the database before the library heard of it.
    await recordOriginal(services, stored._id);
    return toView(stored);
  }
  const [processed] = await processUploads([file], services.config.uploadMaxBytes);
  const imageId = await services.images.save(processed!, upload);
  const details: Details = { alt, caption, name: file.originalFilename, owner: 'library', upload: upload.toHexString() };
  try {
    await files.updateOne({ _id: imageId }, { $set: Object.fromEntries(Object.entries(details).map(([key, value]) => [`metadata.${key}`, value])) });
    await recordOriginal(services, imageId);
  } catch (error) {
    await services.images.deleteImagesQuietly([imageId]);
    throw error;
  }
  return toView({ _id: imageId, metadata: { ...(await services.images.find(imageId))!.metadata, ...details } });
}

export function mediaUploadHandlers(services: Services): Handlers {
  return {
    async uploadMedia(ctx) {
      const { body, files } = requestInput(ctx);
      // openapi.yaml requires `image`: the request does not get here without one.
      const data = await uploadPhoto(services, files.get('image')![0]!, body, newDocumentId(ctx.state));
      reply(ctx, 201, { success: true, data });
    },
  };
}
