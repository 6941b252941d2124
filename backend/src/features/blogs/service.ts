import { Types, type Model } from 'mongoose';
import { notFound } from '../../http/errors.js';
import { bumpContentVersion } from '../../http/public-cache.js';
import type { UploadedFile } from '../../http/body.js';
import type { RequestBody, RequestParams } from '../../contract.js';
import type { Services } from '../../services.js';
import { fromDay, toDay, today } from '../dates.js';
import { findPage } from '../listing.js';
import { contentLang, inLanguage, searchFieldsFor } from '../translations.js';
import { replaceItemImage } from '../images/attach.js';
import { imageUrl } from '../images/store.js';
import { blogMessages } from './messages.js';
import { publishedOnly, type Blog } from './model.js';

/** A post's fields as a form sends them (add requires a title, update does not). */
export type BlogFields = Omit<RequestBody<'updateBlog'>, 'id'>;

export const toBlogView = (blog: Blog) => ({
  id: blog._id.toHexString(),
  title: blog.title,
  excerpt: blog.excerpt,
  category: blog.category,
  image_url: imageUrl(blog.image),
  author: blog.author,
  date: toDay(blog.date),
  content: blog.content,
  title_hi: blog.title_hi ?? '',
  excerpt_hi: blog.excerpt_hi ?? '',
  content_hi: blog.content_hi ?? '',
  status: blog.status ?? 'published',
  created_at: blog.createdAt.toISOString(),
  updated_at: blog.updatedAt.toISOString(),
});

const withoutContent = ({ content: _content, content_hi: _contentHi, ...summary }: ReturnType<typeof toBlogView>) => summary;

const textFields = ['title', 'excerpt', 'author', 'category', 'content', 'title_hi', 'excerpt_hi', 'content_hi'] as const;

/** The fields that were sent, as stored; anything else in the form is ignored. */
function storedFields(fields: BlogFields): Partial<Blog> {
  const stored: Partial<Blog> = {};
  for (const name of textFields) if (fields[name] !== undefined) stored[name] = fields[name];
  if (fields.date !== undefined) stored.date = fromDay(fields.date);
  if (fields.status !== undefined) stored.status = fields.status;
  return stored;
}

export class BlogService {
  private readonly blogs: Model<Blog>;
  constructor(private readonly services: Services) {
    this.blogs = services.db.models.Blog;
  }

  /**
   * The public list: published posts only, every one without a query, a page with
   * X-Total-Count/Link headers with one. `drafts` (the admin's list) includes drafts too.
   */
  async list(query: RequestParams<'listBlogs'> = {}) {
    const summary = query.fields === 'summary';
    const lang = contentLang(query.lang);
    const { fields: _fields, ...pageQuery } = query;
    const { items, headers } = await findPage(this.blogs, pageQuery, searchFieldsFor(lang, ['title', 'excerpt']), {
      path: '/api/get_blogs.php',
      projection: summary ? { content: 0, content_hi: 0 } : undefined,
      base: publishedOnly,
    });
    if (headers?.Link && summary) headers.Link = headers.Link.replace(/>;/g, '&fields=summary>;');
    return {
      items: items.map((blog) =>
        summary
          ? inLanguage(withoutContent(toBlogView(blog)), lang, ['title', 'excerpt'])
          : inLanguage(toBlogView(blog), lang, ['title', 'excerpt', 'content']),
      ),
      headers,
    };
  }

  /** The admin's list: every post, drafts included, newest first. */
  async listAll() {
    const { items } = await findPage(this.blogs, {}, [], { path: '/api/get_all_blogs.php' });
    return items.map(toBlogView);
  }

  /** One post; a draft is found only with `drafts` (the admin's edit and preview), else 404 like an unknown id. */
  async get(id: string, { drafts = false, lang }: { drafts?: boolean; lang?: unknown } = {}) {
    const blog = await this.blogs.findOne({ _id: id, ...(drafts ? {} : publishedOnly) }).lean<Blog>();
    if (!blog) throw notFound(blogMessages.notFound);
    return inLanguage(toBlogView(blog), contentLang(lang), ['title', 'excerpt', 'content']);
  }

  /** `id` may come from an Idempotency-Key: a post already saved under it is answered as it is. */
  async add(fields: BlogFields, image: UploadedFile | undefined, id = new Types.ObjectId()) {
    const saved = await this.blogs.findById(id).lean<Blog>();
    if (saved) return toBlogView(saved);
    const blog = await replaceItemImage(this.services, id, image, undefined, async (imageId) => {
      const created = await this.blogs.create({ _id: id, date: today(), status: 'published', ...storedFields(fields), image: imageId ?? null });
      return created.toObject<Blog>();
    });
    await bumpContentVersion(this.services);
    return toBlogView(blog);
  }

  async update(id: string, fields: BlogFields, image: UploadedFile | undefined) {
    const existing = await this.blogs.findById(id).lean<Blog>();
    if (!existing) throw notFound(blogMessages.notFound);
    const blog = await replaceItemImage(this.services, existing._id, image, existing.image, async (imageId) => {
      const changes = { ...storedFields(fields), ...(imageId ? { image: imageId } : {}) };
      const updated = await this.blogs.findByIdAndUpdate(id, { $set: changes }, { new: true, runValidators: true }).lean<Blog>();
      if (!updated) throw notFound(blogMessages.notFound);
      return updated;
    });
    await bumpContentVersion(this.services);
    return toBlogView(blog);
  }

  async remove(id: string) {
    const deleted = await this.blogs.findByIdAndDelete(id).lean<Blog>();
    if (!deleted) throw notFound(blogMessages.notFound);
    await bumpContentVersion(this.services);
    await this.services.images.deleteImagesQuietly([deleted.image]);
  }
}
