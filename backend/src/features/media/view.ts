import type { Types } from 'mongoose';
import type { StoredImageFile } from '../images/store.js';

/** A GridFS file of the image store with the library's details (upload.ts and update_media.php set them on originals). */
export type ImageFileDocument = Omit<StoredImageFile, 'metadata'> & {
  _id: Types.ObjectId;
  metadata: StoredImageFile['metadata'] & { alt?: string; caption?: string; name?: string };
};

/** An original as the media library holds it (admin-lists/list-cache.ts): strings and numbers only. */
export interface MediaRow {
  id: string;
  created_at: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
  name: string;
  bytes: number;
}

export const isOriginal = (file: ImageFileDocument) => file.metadata?.kind === 'original';

export const toMediaRow = (file: ImageFileDocument): MediaRow => ({
  id: file._id.toHexString(),
  created_at: file.uploadDate.toISOString(),
  width: file.metadata.width,
  height: file.metadata.height,
  alt: file.metadata.alt ?? '',
  caption: file.metadata.caption ?? '',
  name: file.metadata.name ?? '',
  bytes: file.length,
});
