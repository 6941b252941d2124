import { Types, type Model } from 'mongoose';
import type { UploadedFile } from '../../http/handlers.js';
import type { RequestBody } from '../../contract.js';
import type { Services } from '../../services.js';
import { removeImageItem, updateImageItem, type ImageItems } from '../images/item-writes.js';
import { findPage, type ListQuery } from '../listing.js';
import { adminList, type AdminListQuery } from '../admin-lists/answer.js';
import { contentLang, inLanguage, searchFieldsFor } from '../translations.js';
import { processUploads } from '../images/processing.js';
import { galleryMessages } from './messages.js';
import type { GalleryItem } from './model.js';
import { toGalleryView } from './view.js';

/** An item's text fields as the add and update forms send them. */
export type GalleryFields = Omit<RequestBody<'updateGalleryImage'>, 'id'>;

/** The items as the edit and delete shared with the blog see them. */
const galleryItems = (services: Services): ImageItems<GalleryItem> => ({
  model: services.db.models.GalleryItem,
  list: services.lists.gallery,
  notFound: galleryMessages.notFound,
});

const storedFields = ({ title, category, caption, title_hi, caption_hi }: GalleryFields) => ({
  title,
  category,
  ...(caption !== undefined ? { caption } : {}),
  ...(title_hi !== undefined ? { title_hi } : {}),
  ...(caption_hi !== undefined ? { caption_hi } : {}),
});

export class GalleryService {
  private readonly items: Model<GalleryItem>;
  constructor(private readonly services: Services) {
    this.items = services.db.models.GalleryItem;
  }

  /** Every item without a query; a page with X-Total-Count/Link headers with one. */
  async list(query: ListQuery & { lang?: string } = {}) {
    const lang = contentLang(query.lang);
    const { items, headers } = await findPage(this.items, query, searchFieldsFor(lang, ['title', 'caption']), { path: '/api/get_gallery.php' });
    return { items: items.map((item) => inLanguage(toGalleryView(item), lang, ['title', 'caption'])), headers };
  }

  /** The admin's list, newest first (or a page of it, searched by title and caption). */
  listForAdmin(query: AdminListQuery) {
    return adminList(this.services.lists.gallery, query, { path: '/api/get_gallery_images.php', searchFields: ['title', 'caption'] });
  }

  /**
   * One item per file, all or nothing: every file is checked and processed before the first
   * write, and whatever was written is removed again when a later write fails. (No
   * transactions: FerretDB has none.)
   */
  async add(fields: GalleryFields, files: UploadedFile[], newId: (index: number) => Types.ObjectId = () => new Types.ObjectId()) {
    // With an Idempotency-Key the ids are derived from it: items already saved under it are answered as they are.
    const ids = files.map((_file, index) => newId(index));
    const saved = await this.items.find({ _id: { $in: ids } }).lean<GalleryItem[]>();
    if (saved.length) {
      const items = ids.flatMap((id) => saved.filter((item) => item._id.equals(id)));
      // Recorded again: the first save may have lost the database before the lists heard of it.
      for (const item of items) await this.services.lists.gallery.put(item);
      return items.map(toGalleryView);
    }
    const processed = await processUploads(files, this.services.config.uploadMaxBytes);
    const planned = processed.map((image, index) => ({ image, owner: ids[index]! }));
    const imageIds = await this.services.images.saveAll(planned);
    const documents = planned.map(({ owner }, index) => ({ _id: owner, ...storedFields(fields), image: imageIds[index] }));
    let created;
    try {
      created = await this.items.insertMany(documents, { ordered: true });
    } catch (error) {
      await this.items.deleteMany({ _id: { $in: planned.map(({ owner }) => owner) } }).catch(() => undefined);
      await this.services.images.deleteImagesQuietly(imageIds);
      throw error;
    }
    for (const item of created) await this.services.lists.gallery.put(item.toObject<GalleryItem>());
    return created.map((item) => toGalleryView(item.toObject<GalleryItem>()));
  }

  async update(id: string, fields: GalleryFields, image: UploadedFile | undefined) {
    return toGalleryView(await updateImageItem(this.services, galleryItems(this.services), id, () => storedFields(fields), image));
  }

  remove(id: string) {
    return removeImageItem(this.services, galleryItems(this.services), id);
  }
}
