import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mongoose, { type Connection, Types } from 'mongoose';
import type { Logger } from 'pino';
import { ByteCache } from './byte-cache.js';
import type { ProcessedImage } from './processing.js';

const { GridFSBucket } = mongoose.mongo;

export interface StoredImageFile {
  _id: Types.ObjectId;
  length: number;
  uploadDate: Date;
  metadata: {
    kind: 'original' | 'variant';
    owner: string;
    contentType: string;
    width: number;
    height: number;
    source?: Types.ObjectId;
    widths?: number[];
  };
}

export const imageUrl = (imageId: Types.ObjectId | null | undefined) => (imageId ? `/api/image.php?id=${imageId.toHexString()}` : null);

const bucketName = 'images';

/** Hears of each image stored (its original's id) and deleted: the media library keeps its held list by it. */
export interface ImageStoreWatcher {
  stored(imageId: Types.ObjectId): Promise<void>;
  deleted(imageIds: Types.ObjectId[]): Promise<void>;
}

const lookupMs = 250;
const maxLookups = 10_000;

/** A GridFS file of this bucket: only write() stores files here, always with this metadata. */
const storedFile = (file: mongoose.mongo.GridFSFile): StoredImageFile => ({
  _id: file._id,
  length: file.length,
  uploadDate: file.uploadDate,
  metadata: file.metadata as StoredImageFile['metadata'],
});

/** The index behind find()'s variant lookup; GridFS itself indexes only filename and upload date. */
export async function ensureImageIndexes(connection: Connection): Promise<void> {
  await connection.db!.collection(`${bucketName}.files`).createIndex({ 'metadata.source': 1, 'metadata.widths': 1 });
}

/**
 * Images in the GridFS bucket `images`: the normalised original, and its WebP variants pointing
 * back at it (metadata.source). An image is addressed by its original's id.
 */
export class ImageStore {
  private readonly bucket: InstanceType<typeof GridFSBucket>;
  private readonly cache: ByteCache;
  private readonly lookups = new Map<string, { file: StoredImageFile; at: number }>();
  private watcher: ImageStoreWatcher | undefined;

  constructor(
    connection: Connection,
    private readonly logger: Logger,
    cacheBytes = 64 * 1024 * 1024,
  ) {
    this.bucket = new GridFSBucket(connection.db!, { bucketName });
    this.cache = new ByteCache(cacheBytes, 2 * 1024 * 1024);
  }

  watch(watcher: ImageStoreWatcher): void {
    this.watcher = watcher;
  }

  private async write(data: Buffer, filename: string, metadata: StoredImageFile['metadata']) {
    const upload = this.bucket.openUploadStream(filename, { metadata });
    await pipeline(Readable.from([data]), upload);
    return upload.id as Types.ObjectId;
  }

  /** Stores an image and its variants for `owner` (an item id); on failure nothing is left behind. */
  async save(image: ProcessedImage, owner: Types.ObjectId): Promise<Types.ObjectId> {
    const written: Types.ObjectId[] = [];
    try {
      const { original } = image;
      const originalId = await this.write(original.data, 'original', {
        kind: 'original',
        owner: owner.toHexString(),
        contentType: original.contentType,
        width: original.width,
        height: original.height,
      });
      written.push(originalId);
      for (const variant of image.variants) {
        written.push(
          await this.write(variant.data, `w${variant.width}`, {
            kind: 'variant',
            owner: owner.toHexString(),
            contentType: variant.contentType,
            width: variant.width,
            height: variant.height,
            source: originalId,
            widths: variant.widths,
          }),
        );
      }
      await this.watcher?.stored(originalId);
      return originalId;
    } catch (error) {
      await this.removeFiles(written);
      throw error;
    }
  }

  /** Stores several images, all or none. */
  async saveAll(images: { image: ProcessedImage; owner: Types.ObjectId }[]): Promise<Types.ObjectId[]> {
    const saved: Types.ObjectId[] = [];
    try {
      for (const { image, owner } of images) saved.push(await this.save(image, owner));
      return saved;
    } catch (error) {
      await this.deleteImages(saved);
      throw error;
    }
  }

  /**
   * The original (no width) or the variant serving `width`. A file found is remembered for
   * `lookupMs` (250 ms, as long as published/cache.ts trusts a version), so a busy page's photos
   * cost one lookup per instance in that time, and a deletion elsewhere shows here within it.
   */
  async find(imageId: Types.ObjectId, width?: number): Promise<StoredImageFile | undefined> {
    const key = `${imageId.toHexString()}:${width ?? ''}`;
    const now = Date.now();
    const known = this.lookups.get(key);
    if (known && now - known.at <= lookupMs) return known.file;
    const filter = width === undefined ? { _id: imageId, 'metadata.kind': 'original' } : { 'metadata.source': imageId, 'metadata.widths': width };
    const [found] = await this.bucket.find(filter, { limit: 1 }).toArray();
    const file = found && storedFile(found);
    this.lookups.delete(key);
    if (file) {
      if (this.lookups.size >= maxLookups) this.lookups.delete(this.lookups.keys().next().value!);
      this.lookups.set(key, { file, at: now });
    }
    return file;
  }

  /** The originals among these image ids, with their sizes (the photos a post's document shows). */
  async originals(imageIds: Types.ObjectId[]): Promise<StoredImageFile[]> {
    if (!imageIds.length) return [];
    return (await this.bucket.find({ _id: { $in: imageIds }, 'metadata.kind': 'original' }).toArray()).map(storedFile);
  }

  /** The file's bytes (or the inclusive range of them): a Buffer when small enough to cache, else a stream. */
  async read(file: StoredImageFile, range?: { start: number; end: number }): Promise<Buffer | Readable> {
    const key = file._id.toHexString();
    if (file.length > this.cache.maxEntryBytes) {
      return this.bucket.openDownloadStream(file._id, range ? { start: range.start, end: range.end + 1 } : {});
    }
    let bytes = this.cache.get(key);
    if (!bytes) {
      const chunks: Buffer[] = [];
      for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
      bytes = Buffer.concat(chunks);
      this.cache.set(key, bytes);
    }
    return range ? bytes.subarray(range.start, range.end + 1) : bytes;
  }

  /** Deletes images with all their variants. */
  async deleteImages(imageIds: (Types.ObjectId | null | undefined)[]): Promise<void> {
    const ids = imageIds.filter((id): id is Types.ObjectId => !!id);
    if (!ids.length) return;
    const files = await this.bucket.find({ $or: [{ _id: { $in: ids } }, { 'metadata.source': { $in: ids } }] }).toArray();
    await this.removeFiles(files.map((file) => file._id as Types.ObjectId));
    await this.watcher?.deleted(ids);
  }

  /** Best-effort removal used when cleaning up; a failure is logged, not thrown over the first error. */
  async deleteImagesQuietly(imageIds: (Types.ObjectId | null | undefined)[]): Promise<void> {
    try {
      await this.deleteImages(imageIds);
    } catch (error) {
      this.logger.error({ err: error, imageIds }, 'could not delete image files; they are orphans now');
    }
  }

  private async removeFiles(fileIds: Types.ObjectId[]) {
    this.lookups.clear();
    for (const id of fileIds) {
      this.cache.delete(id.toHexString());
      try {
        await this.bucket.delete(id);
      } catch (error) {
        this.logger.error({ err: error, fileId: id }, 'could not delete an image file');
      }
    }
  }

  /** Every file in the bucket (tests use it to prove nothing is orphaned). */
  async listFiles(): Promise<StoredImageFile[]> {
    return (await this.bucket.find({}).toArray()).map(storedFile);
  }
}
