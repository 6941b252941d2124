// The media library: every stored original image, newest first, a page at a time, each with
// where it is used; its alt text, caption and name (on the original's metadata, as upload.ts
// keeps them) edited once for every post that shows it; and its deletion.
import { documentImageIds, documentText, storedImageUrl, type BlogBlock, type BlogDocument } from '@ngo-site/shared';
import { Types, type mongo } from 'mongoose';
import type { RequestBody, RequestParams } from '../../contract.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { preparingWhenSlow, unheldPageMs } from '../admin-lists/answer.js';
import type { Blog } from '../blogs/model.js';
import { listFilter, pageHeaders } from '../listing.js';
import { mapContentImages } from '../pages/content.js';
import { pageNames, type StoredPage } from '../pages/model.js';
import { pagesShowing } from '../pages/service.js';
import { recordOriginal } from './held.js';
import { postTextImagePaths } from './indexes.js';
import { mediaMessages, type MediaUseKind } from './messages.js';
import { toMediaRow, type ImageFileDocument, type MediaRow } from './view.js';

type Original = ImageFileDocument;
export type MediaUse = { kind: MediaUseKind; id: string; title: string };

const path = '/api/get_media.php';
const defaultLimit = 24;
const searchFields = ['metadata.alt', 'metadata.caption', 'metadata.name'];
/** How often a post's text is written again when an edit of the post came in between. */
const rewriteAttempts = 3;

const toLibraryView = ({ created_at, ...row }: MediaRow, uses: Map<string, MediaUse[]>) => ({
  ...row,
  url: storedImageUrl(row.id),
  uploaded_at: created_at,
  used_in: uses.get(row.id) ?? [],
});

/** The id in an `image_url` (`/api/image.php?id=…`), or undefined. */
const imageIdIn = (url: string | null) => (url ? (new URL(url, 'http://site').searchParams.get('id') ?? undefined) : undefined);

/** The posts whose text shows one of these images (by the indexed paths of indexes.ts). */
const inPostText = (ids: string[]) => ({ $or: postTextImagePaths.map((at) => ({ [at]: { $in: ids } })) });

/** A document with `change` applied to each of its top-level blocks (where photos and videos are); null when none changed. */
function rewritten(doc: BlogDocument | null | undefined, change: (block: BlogBlock) => BlogBlock | null): BlogDocument | null {
  if (!doc) return null;
  let changed = false;
  const content = doc.content.flatMap((block) => {
    const next = change(block);
    if (next !== block) changed = true;
    return next ? [next] : [];
  });
  return changed ? { ...doc, content } : null;
}

/** A block without image `id`: its photo goes, a video keeps a plain poster. */
const withoutImage =
  (id: string) =>
  (block: BlogBlock): BlogBlock | null => {
    if (block.type === 'image' && block.attrs.id === id) return null;
    if (block.type === 'video' && block.attrs.poster === id) {
      const { poster: _gone, ...attrs } = block.attrs;
      return { ...block, attrs };
    }
    return block;
  };

export class MediaLibrary {
  private readonly files: mongo.Collection<Original>;
  constructor(private readonly services: Services) {
    this.files = services.db.connection.db!.collection<Original>('images.files');
  }

  /**
   * One page, newest first, searched by alt text, caption and name: from the list this instance
   * holds (admin-lists/list-cache.ts), else from the database within unheldPageMs.
   */
  async list(query: RequestParams<'listMedia'>) {
    const limit = query.limit ?? defaultLimit;
    const page = query.page ?? 1;
    const q = query.q?.trim().toLocaleLowerCase();
    const held = await this.services.lists.media.all();
    let rows: MediaRow[];
    let total: number;
    if (held) {
      const found = q ? held.filter((row) => [row.alt, row.caption, row.name].some((text) => text.toLocaleLowerCase().includes(q))) : held;
      rows = found.slice((page - 1) * limit, page * limit);
      total = found.length;
    } else {
      const filter = { ...listFilter<Original>({ q: query.q }, searchFields), 'metadata.kind': 'original' } as mongo.Filter<Original>;
      const [found, count] = await Promise.all([
        this.files
          .find(filter, { maxTimeMS: unheldPageMs })
          .sort({ uploadDate: -1, _id: -1 })
          .skip((page - 1) * limit)
          .limit(limit)
          .toArray(),
        this.files.countDocuments(filter, { maxTimeMS: unheldPageMs }),
      ]).catch(preparingWhenSlow);
      rows = found.map(toMediaRow);
      total = count;
    }
    const uses = await this.usesOf(rows.map((row) => new Types.ObjectId(row.id)));
    return { items: rows.map((row) => toLibraryView(row, uses)), headers: pageHeaders(path, query, { page, limit, total }) };
  }

  /**
   * Where each image is used, for a whole page at once, never a lookup per image: from the held
   * gallery and post lists in one pass over each, else in three indexed lookups (gallery items and
   * covers by `image`, posts by the ids in their text).
   */
  async usesOf(ids: Types.ObjectId[]): Promise<Map<string, MediaUse[]>> {
    const uses = new Map<string, MediaUse[]>();
    if (!ids.length) return uses;
    const wanted = new Set(ids.map((id) => id.toHexString()));
    const add = (imageId: string | undefined, use: MediaUse) => {
      if (imageId && wanted.has(imageId)) uses.set(imageId, [...(uses.get(imageId) ?? []), use]);
    };
    const addText = (post: { id: string; title: string; body?: BlogDocument | null; body_hi?: BlogDocument | null }) => {
      const shown = new Set([...(post.body ? documentImageIds(post.body) : []), ...(post.body_hi ? documentImageIds(post.body_hi) : [])]);
      for (const imageId of shown) add(imageId, { kind: 'text', id: post.id, title: post.title });
    };
    const { lists } = this.services;
    const [galleryRows, postRows] = [await lists.gallery.all(), await lists.blogs.all()];
    if (galleryRows && postRows) {
      for (const item of galleryRows) add(imageIdIn(item.image_url), { kind: 'gallery', id: item.id, title: item.title });
      for (const post of postRows) add(imageIdIn(post.image_url), { kind: 'cover', id: post.id, title: post.title });
      for (const post of postRows) addText(post);
      return uses;
    }
    const hex = [...wanted];
    const { Blog, GalleryItem } = this.services.db.models;
    const [items, covers, posts] = await Promise.all([
      GalleryItem.find({ image: { $in: ids } }, { title: 1, image: 1 }).lean(),
      Blog.find({ image: { $in: ids } }, { title: 1, image: 1 }).lean(),
      Blog.find(inPostText(hex), { title: 1, body: 1, body_hi: 1 }).lean<Pick<Blog, '_id' | 'title' | 'body' | 'body_hi'>[]>(),
    ]);
    for (const item of items) add(item.image?.toHexString(), { kind: 'gallery', id: item._id.toHexString(), title: item.title });
    for (const post of covers) add(post.image?.toHexString(), { kind: 'cover', id: post._id.toHexString(), title: post.title });
    for (const post of posts) addText({ ...post, id: post._id.toHexString() });
    return uses;
  }

  private async original(id: string): Promise<Original> {
    const file = await this.files.findOne({ _id: new Types.ObjectId(id), 'metadata.kind': 'original' });
    if (!file) throw notFound(mediaMessages.notFound);
    return file;
  }

  /**
   * Saves the details sent; a new alt text or caption is written into every post whose text shows
   * the photo too (their image nodes carry their own), and the public pages are published anew.
   */
  async update({ id, ...details }: RequestBody<'updateMedia'>) {
    await this.original(id);
    const set = Object.fromEntries(Object.entries(details).map(([key, value]) => [`metadata.${key}`, value]));
    if (Object.keys(set).length) {
      await this.files.updateOne({ _id: new Types.ObjectId(id) }, { $set: set });
      await recordOriginal(this.services, new Types.ObjectId(id));
    }
    const { alt, caption } = details;
    if (alt !== undefined || caption !== undefined) {
      const changed = await this.rewritePosts(id, (block) => {
        if (block.type !== 'image' || block.attrs.id !== id) return block;
        const attrs = { ...block.attrs, ...(alt !== undefined ? { alt } : {}) };
        if (caption !== undefined) {
          if (caption) attrs.caption = caption;
          else delete attrs.caption;
        }
        return { ...block, attrs };
      });
      if (changed) await this.services.published.cache.bump();
    }
    const file = await this.original(id);
    return toLibraryView(toMediaRow(file), await this.usesOf([file._id]));
  }

  /**
   * Deletes the original and its variants. While it is used, only with `force`: then the gallery
   * items and covers that showed it have none, and it leaves the posts' text (a video keeps a
   * plain poster), so every page still renders; the public pages are published anew.
   */
  async remove({ id, force = false }: RequestBody<'deleteMedia'>) {
    const file = await this.original(id);
    const uses = (await this.usesOf([file._id])).get(id) ?? [];
    // The editable pages (their pictures and long texts) are not among the list's uses, whose
    // contract names posts and gallery items by id; a delete names them all the same.
    const pages = (await pagesShowing(this.services.db.models, [id])).get(id) ?? [];
    const places = [...uses, ...pages.map((slug) => ({ kind: 'page' as const, title: pageNames[slug] }))];
    if (places.length && !force) throw new HttpError(409, mediaMessages.inUse(places));
    const { Blog, GalleryItem } = this.services.db.models;
    const { lists } = this.services;
    for (const use of uses) {
      if (use.kind === 'gallery') {
        const item = await GalleryItem.findOneAndUpdate({ _id: use.id, image: file._id }, { $set: { image: null } }, { new: true }).lean();
        if (item) await lists.gallery.put(item);
      } else if (use.kind === 'cover') {
        const post = await Blog.findOneAndUpdate({ _id: use.id, image: file._id }, { $set: { image: null } }, { new: true }).lean<Blog>();
        if (post) await lists.blogs.put(post);
      }
    }
    if (uses.some((use) => use.kind === 'text')) await this.rewritePosts(id, withoutImage(id));
    if (pages.length) await this.rewritePages(id);
    await this.services.images.deleteImages([file._id]);
    if (places.length) await this.services.published.cache.bump();
  }

  /**
   * Takes image `id` out of every page's content and draft: a picture shows the page's own
   * illustration instead, a long text loses the photo (a video keeps a plain poster). Written
   * only while the page is at the version it was read at (else read again), so no save is lost.
   */
  private async rewritePages(id: string) {
    const { Page } = this.services.db.models;
    const changes = { picture: (value: string) => (value === id ? null : value), document: (doc: BlogDocument) => rewritten(doc, withoutImage(id)) };
    for (const { _id } of await Page.find({}, { _id: 1 }).lean()) {
      for (let attempt = 0; attempt < rewriteAttempts; attempt++) {
        const page = await Page.findById(_id).lean<StoredPage>();
        if (!page) break;
        const content = mapContentImages(page.content, changes);
        const draft = page.draft && mapContentImages(page.draft, changes);
        if (!content && !draft) break;
        const set = { ...(content ? { content } : {}), ...(draft ? { draft } : {}) };
        if (await Page.findOneAndUpdate({ _id, version: page.version }, { $set: set }).lean()) break;
      }
    }
  }

  /**
   * Applies `change` to the text (English and Hindi) of every post that shows image `id`, with
   * its plain text made again. Each post is written only if no edit came in since it was read
   * (its updatedAt), else read again: an editor's save is never overwritten. Answers how many changed.
   */
  private async rewritePosts(id: string, change: (block: BlogBlock) => BlogBlock | null): Promise<number> {
    const { Blog } = this.services.db.models;
    let count = 0;
    for (const { _id } of await Blog.find(inPostText([id]), { _id: 1 }).lean()) {
      for (let attempt = 0; attempt < rewriteAttempts; attempt++) {
        const post = await Blog.findById(_id).lean<Blog>();
        if (!post) break;
        const body = rewritten(post.body, change);
        const bodyHi = rewritten(post.body_hi, change);
        if (!body && !bodyHi) break;
        const set = {
          ...(body ? { body, content: documentText(body) } : {}),
          ...(bodyHi ? { body_hi: bodyHi, content_hi: documentText(bodyHi) } : {}),
        };
        const saved = await Blog.findOneAndUpdate({ _id, updatedAt: post.updatedAt }, { $set: set }, { new: true }).lean<Blog>();
        if (saved) {
          await this.services.lists.blogs.put(saved);
          count++;
          break;
        }
      }
    }
    return count;
  }
}
