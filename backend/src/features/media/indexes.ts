import { Schema, type Connection } from 'mongoose';
import type { ImageFileDocument } from './view.js';

/** Where a post's text names a stored image: its photos (`attrs.id`) and its videos' posters, in English and Hindi. */
export const postTextImagePaths = ['body.content.attrs.id', 'body_hi.content.attrs.id', 'body.content.attrs.poster', 'body_hi.content.attrs.poster'] as const;

/**
 * The indexes behind the media library: its page (originals, newest first) and the lookups of
 * where a page of images is used (gallery items and covers by `image`, posts by the ids in their
 * text; photos and videos sit only at a document's top level, so these paths find every one).
 */
export async function ensureMediaIndexes(connection: Connection): Promise<void> {
  const db = connection.db!;
  await db.collection('images.files').createIndex({ 'metadata.kind': 1, uploadDate: -1, _id: -1 });
  await db.collection('gallery_items').createIndex({ image: 1 });
  await db.collection('blogs').createIndex({ image: 1 });
  for (const path of postTextImagePaths) await db.collection('blogs').createIndex({ [path]: 1 });
}

/** GridFS writes the files; this schema only reads them (no fields of its own, no indexes, no writes). */
export const imageFileSchema = new Schema<ImageFileDocument>({}, { strict: false, autoIndex: false, autoCreate: false, versionKey: false });
