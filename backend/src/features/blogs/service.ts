import { Types, type Model } from 'mongoose';
import { badRequest, notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/handlers.js';
import type { RequestBody, RequestParams } from '../../contract.js';
import type { Services } from '../../services.js';
import { fromDay, siteDayOf, today } from '../dates.js';
import { findPage } from '../listing.js';
import { adminList } from '../admin-lists/answer.js';
import { contentLang, inLanguage, searchFieldsFor } from '../translations.js';
import { replaceItemImage } from '../images/attach.js';
import { readWhenSettled } from '../../invariants/claims.js';
import { removeImageItem, type ImageItems } from '../images/item-writes.js';
import { documentFromText } from '@ngo-site/shared';
import { storedText } from './document.js';
import { blogMessages } from './messages.js';
import { atVersion, authorOf, PostHistory, versionConflict, versionOf } from './history.js';
import { publishedOnly, type Blog } from './model.js';
import { toBlogView, toSummaryView } from './view.js';

/** A post's fields as a form sends them (add requires a title, update does not). */
export type BlogFields = Omit<RequestBody<'updateBlog'>, 'id'>;

/** Who saves (the account's id), and on an update the version their form was opened at. */
export interface SaveBy {
  user?: string;
  version?: number;
}

/** The posts as the edit and delete shared with the gallery see them. */
const postsWithImages = (services: Services): ImageItems<Blog> => ({
  model: services.db.models.Blog,
  list: services.lists.blogs,
  notFound: blogMessages.notFound,
});

const textFields = ['title', 'excerpt', 'author', 'category', 'title_hi', 'excerpt_hi'] as const;

/** The fields that were sent, as stored (the text as a document and as plain text); anything else in the form is ignored. */
async function storedFields(services: Services, fields: BlogFields): Promise<Partial<Blog>> {
  const stored: Partial<Blog> = { ...(await storedText(services, fields, 'en')), ...(await storedText(services, fields, 'hi')) };
  for (const name of textFields) if (fields[name] !== undefined) stored[name] = fields[name];
  if (fields.date !== undefined) stored.date = fromDay(fields.date);
  if (fields.status !== undefined) stored.status = fields.status;
  if (fields.publish_at !== undefined) Object.assign(stored, scheduleFields(fields.publish_at));
  return stored;
}

/**
 * What a sent publish_at stores: empty clears it. A post with one reads as published on its day
 * in India and takes its place in the lists at that time (its created time); one still ahead
 * waits for the release job to announce it (release.ts).
 */
function scheduleFields(sent: string, now = new Date()): Partial<Blog> {
  if (sent === '') return { publish_at: null, release_pending: false };
  const at = new Date(sent);
  // The contract's pattern lets through a day that does not exist (2026-02-30), which Date rolls over.
  const day = sent.slice(0, 10);
  if (Number.isNaN(at.getTime()) || Number.isNaN(Date.parse(day)) || new Date(day).toISOString().slice(0, 10) !== day) {
    throw badRequest(blogMessages.publishAtNotDate, [{ field: 'publish_at', message: 'publish_at must be a date and time that exists' }]);
  }
  return { publish_at: at, release_pending: at > now, date: siteDayOf(at), createdAt: at };
}

type BlogRow = ReturnType<typeof toBlogView>;

/** What a post's version claims are named by (invariants/claims.ts). */
const postItem = (id: Types.ObjectId) => `posts/${id.toHexString()}`;

/**
 * The admin list's status filter, on a held row and as a query: a scheduled post is a published
 * one whose publish_at is still ahead; "published" means public now.
 */
function statusFilter(status: NonNullable<RequestParams<'listAllBlogs'>['status']>, now = new Date()) {
  const ahead = (row: BlogRow) => row.status === 'published' && row.publish_at !== null && row.publish_at > now.toISOString();
  if (status === 'draft') return { row: (row: BlogRow) => row.status === 'draft', query: { status: 'draft' } };
  if (status === 'scheduled') return { row: ahead, query: { status: { $ne: 'draft' }, publish_at: { $gt: now } } };
  return { row: (row: BlogRow) => row.status === 'published' && !ahead(row), query: publishedOnly(now) };
}

export class BlogService {
  private readonly blogs: Model<Blog>;
  readonly history: PostHistory;
  constructor(private readonly services: Services) {
    this.blogs = services.db.models.Blog;
    this.history = new PostHistory(services);
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
      projection: summary ? { content: 0, content_hi: 0, body: 0, body_hi: 0 } : undefined,
      base: publishedOnly(),
    });
    if (headers?.Link && summary) headers.Link = headers.Link.replace(/>;/g, '&fields=summary>;');
    return {
      items: items.map((blog) =>
        summary ? inLanguage(toSummaryView(blog), lang, ['title', 'excerpt']) : inLanguage(toBlogView(blog), lang, ['title', 'excerpt', 'content', 'body']),
      ),
      headers,
    };
  }

  /** The newest published posts with their text, in English (the feed). */
  async latest(limit: number) {
    const { items } = await findPage(this.blogs, { limit, page: 1 }, [], { path: '/api/get_blogs.php', base: publishedOnly() });
    return items.map(toBlogView);
  }

  /** The admin's list: every post, drafts included, newest first (or a page of them, searched). */
  listAll(query: RequestParams<'listAllBlogs'> = {}) {
    const { status } = query;
    return adminList(this.services.lists.blogs, query, {
      path: '/api/get_all_blogs.php',
      searchFields: ['title', 'excerpt', 'author', 'title_hi'],
      // Posts from before drafts have no status: they are published (the row says so).
      where: status && statusFilter(status),
    });
  }

  /** One post; a draft is found only with `drafts` (the admin's edit and preview), else 404 like an unknown id. */
  async get(id: string, { drafts = false, lang }: { drafts?: boolean; lang?: unknown } = {}) {
    const blog = await this.blogs.findOne({ _id: id, ...(drafts ? {} : publishedOnly()) }).lean<Blog>();
    if (!blog) throw notFound(blogMessages.notFound);
    return inLanguage(toBlogView(blog), contentLang(lang), ['title', 'excerpt', 'content', 'body']);
  }

  /** `id` may come from an Idempotency-Key: a post already saved under it is answered as it is. */
  async add(fields: BlogFields, image: UploadedFile | undefined, id = new Types.ObjectId(), { user }: SaveBy = {}) {
    const saved = await this.blogs.findById(id).lean<Blog>();
    if (saved) {
      // Recorded again: the first save may have lost the database before the lists heard of it.
      await this.services.lists.blogs.put(saved);
      await this.history.recorded(saved, user, 'new');
      return toBlogView(saved);
    }
    const stored = { body: documentFromText(''), ...(await storedFields(this.services, fields)) };
    const savedBy = await authorOf(this.services, user);
    const blog = await replaceItemImage(this.services, id, image, undefined, async (imageId) => {
      const created = await this.blogs.create({ _id: id, date: today(), status: 'published', ...stored, image: imageId ?? null, version: 1, savedBy });
      return created.toObject<Blog>();
    });
    await this.services.lists.blogs.put(blog);
    await this.history.recorded(blog, user, 'new');
    return toBlogView(blog);
  }

  /** Saves the fields that were sent; with `version`, only while the post is still at it (else 409). */
  async update(id: string, fields: BlogFields, image: UploadedFile | undefined, by: SaveBy = {}) {
    const existing = await this.blogs.findById(id).lean<Blog>();
    if (!existing) throw notFound(blogMessages.notFound);
    // Checked before the fields and the image are worked on; the write checks it again.
    if (by.version !== undefined && versionOf(existing) !== by.version) throw versionConflict(existing);
    return this.saveVersion(existing, await storedFields(this.services, fields), image, by);
  }

  private async found(id: Types.ObjectId): Promise<Blog> {
    const post = await this.blogs.findById(id).lean<Blog>();
    if (!post) throw notFound(blogMessages.notFound);
    return post;
  }

  /** Saves revision `revision`'s text as the post's newest version (its status and image stay). */
  async restore(id: string, revision: number, by: SaveBy & { version: number }) {
    const existing = await this.blogs.findById(id).lean<Blog>();
    if (!existing) throw notFound(blogMessages.notFound);
    const { fields } = await this.history.revision(id, revision);
    if (versionOf(existing) !== by.version) throw versionConflict(existing);
    const { status: _status, body, body_hi, ...texts } = fields;
    const stored: Partial<Blog> = { ...texts, body: body ?? documentFromText(fields.content ?? ''), body_hi: body_hi ?? null };
    return this.saveVersion(existing, stored, undefined, by);
  }

  /**
   * One save: the changes, the next version and who made it in one write that applies only while
   * the post is at the version the saver had open; then its revision (history.ts).
   */
  private async saveVersion(existing: Blog, stored: Partial<Blog>, image: UploadedFile | undefined, { user, version }: SaveBy) {
    const savedBy = await authorOf(this.services, user);
    // The version this save writes is the step after the post's, claimed: of saves at one version
    // one takes it, the others get 409 naming what it saved. A save that names no version (a
    // legacy client) takes the next free one.
    let post = existing;
    let blog: Blog | undefined;
    for (let attempt = 0; !blog; attempt++) {
      const from = versionOf(post);
      const step = await this.services.claims.writeNextVersion(postItem(post._id), from, (to) =>
        replaceItemImage(this.services, post._id, image, post.image, async (imageId) => {
          const set = { ...stored, savedBy, version: to, ...(imageId ? { image: imageId } : {}) };
          // The version in the filter also stops a write the database finishes after its request gave up.
          const updated = await this.blogs
            // overwriteImmutable: a post's publish_at also moves its created time (scheduleFields).
            .findOneAndUpdate(atVersion(post._id, from), { $set: set }, { new: true, runValidators: true, overwriteImmutable: true })
            .lean<Blog>();
          if (updated) return updated;
          throw versionConflict(await this.found(post._id));
        }),
      );
      if (step) blog = step.written;
      else {
        post = await readWhenSettled(
          () => this.found(post._id),
          (now) => versionOf(now) !== from,
        );
        if (version !== undefined || attempt >= 20) throw versionConflict(post);
      }
    }
    await this.services.lists.blogs.put(blog);
    await this.history.recorded(blog, user);
    return toBlogView(blog);
  }

  async remove(id: string) {
    await removeImageItem(this.services, postsWithImages(this.services), id);
    await this.history.forget(new Types.ObjectId(id));
  }
}
