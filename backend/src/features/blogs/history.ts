// A post's history: its version (checked on every save that names one), the revisions its saves
// leave (the last `revisionsKept`), and the autosaves of its forms, one slot per person and post.
import { Types, type Model } from 'mongoose';
import { HttpError, notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { toDay } from '../dates.js';
import { blogMessages } from './messages.js';
import { revisionFields, type BlogAutosave, type BlogRevision } from './history-model.js';
import { upsert } from '../../invariants/claims.js';
import type { Blog, PostAuthor } from './model.js';

/** How many revisions a post keeps; a save deletes the ones older than that. */
export const revisionsKept = 20;
/** How many posts (and "new") one person may hold an autosave of; the oldest goes first. */
export const autosavesPerPerson = 20;

/** A post's version; posts saved before versions count as 1. */
export const versionOf = (post: Pick<Blog, 'version'>) => post.version ?? 1;

/** The answer to a save that named a version which is no longer the post's (or the page's: openapi.yaml's VersionConflict). */
export function versionConflict(
  post: Pick<Blog, 'version' | 'updatedAt'> & { savedBy?: PostAuthor | null },
  changedMeanwhile: typeof blogMessages.changedMeanwhile = blogMessages.changedMeanwhile,
): HttpError {
  const current = { version: versionOf(post), saved_by: post.savedBy ?? null, saved_at: post.updatedAt.toISOString() };
  const who = post.savedBy ? `${post.savedBy.name} (${post.savedBy.email})` : 'someone';
  const when = `${post.updatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return new HttpError(409, changedMeanwhile(who, when, current.version), { details: { current } });
}

/** The filter of a write made over `version` of a post (one from before versions is at 1). */
export const atVersion = (id: Types.ObjectId, version: number) =>
  version === 1 ? { _id: id, $or: [{ version: 1 }, { version: { $exists: false } }] } : { _id: id, version };

/** The name and e-mail of the account that makes a save, as its revision and the post keep them. */
export async function authorOf(services: Services, userId: string | undefined): Promise<PostAuthor> {
  const account = userId && Types.ObjectId.isValid(userId) ? await services.db.models.AdminUser.findById(userId, { name: 1, email: 1 }).lean() : null;
  return { name: account?.name ?? 'Unknown', email: account?.email ?? '' };
}

const toRevisionRow = (revision: Pick<BlogRevision, 'version' | 'savedBy' | 'savedAt'> & { fields: { title: string } }) => ({
  version: revision.version,
  saved_by: revision.savedBy,
  saved_at: revision.savedAt.toISOString(),
  title: revision.fields.title,
});

export class PostHistory {
  private readonly revisions: Model<BlogRevision>;
  private readonly autosaves: Model<BlogAutosave>;
  private readonly blogs: Model<Blog>;
  constructor(services: Services) {
    this.revisions = services.db.models.BlogRevision;
    this.autosaves = services.db.models.BlogAutosave;
    this.blogs = services.db.models.Blog;
  }

  /**
   * Keeps the post as just saved as its revision, drops the ones more than `revisionsKept` behind
   * and clears the saver's autosave of it. A retried save finds its revision there already.
   */
  async recorded(post: Blog, user: string | undefined, autosaveSlot = post._id.toHexString()) {
    const version = versionOf(post);
    const fields = Object.fromEntries(revisionFields.map((name) => [name, post[name] ?? null]));
    await this.revisions.updateOne(
      { post: post._id, version },
      { $setOnInsert: { fields, savedBy: post.savedBy ?? { name: 'Unknown', email: '' }, savedAt: post.updatedAt } },
      { upsert: true },
    );
    await this.revisions.deleteMany({ post: post._id, version: { $lte: version - revisionsKept } });
    if (user) await this.autosaves.deleteMany({ user, post: { $in: [autosaveSlot, post._id.toHexString()] } });
  }

  private async existingPost(id: string) {
    const post = await this.blogs.findById(id, { _id: 1 }).lean();
    if (!post) throw notFound(blogMessages.notFound);
    return post._id;
  }

  /** The post's revisions, newest first: who saved each version, when, under which title. */
  async list(id: string) {
    const post = await this.existingPost(id);
    const rows = await this.revisions
      .find({ post }, { version: 1, savedBy: 1, savedAt: 1, 'fields.title': 1 })
      .sort({ version: -1 })
      .limit(revisionsKept)
      .lean<BlogRevision[]>();
    return rows.map(toRevisionRow);
  }

  /** One revision as stored, or 404 (unknown post, or a version it does not keep). */
  async revision(id: string, version: number): Promise<BlogRevision> {
    const post = await this.existingPost(id);
    const revision = await this.revisions.findOne({ post, version }).lean<BlogRevision>();
    if (!revision) throw notFound(blogMessages.revisionNotFound);
    return revision;
  }

  /** A revision as the admin previews it: its fields in the post's answer shape. */
  async revisionView(id: string, version: number) {
    const revision = await this.revision(id, version);
    const { fields } = revision;
    return {
      ...toRevisionRow(revision),
      excerpt: fields.excerpt ?? '',
      category: fields.category ?? '',
      author: fields.author ?? '',
      date: toDay(fields.date ?? null),
      status: fields.status ?? 'published',
      content: fields.content ?? '',
      ...(fields.body ? { body: fields.body } : {}),
      title_hi: fields.title_hi ?? '',
      excerpt_hi: fields.excerpt_hi ?? '',
      content_hi: fields.content_hi ?? '',
      ...(fields.body_hi ? { body_hi: fields.body_hi } : {}),
    };
  }

  /** Keeps what `user` typed in the form of post `slot` ("new" or an id) in their own slot. */
  async autosave(user: string, slot: string, opened: number | undefined, typed: Record<string, string>, author: PostAuthor) {
    let version: number | null = null;
    if (slot !== 'new') {
      const post = await this.blogs.findById(slot, { version: 1 }).lean<Blog>();
      if (!post) throw notFound(blogMessages.notFound);
      version = opened ?? versionOf(post);
    }
    const savedAt = new Date();
    await upsert(this.autosaves, { user, post: slot }, { $set: { fields: typed, version, savedBy: author, savedAt } });
    // A bound per person: the slots beyond the newest `autosavesPerPerson` go.
    const beyond = await this.autosaves.find({ user }, { _id: 1 }).sort({ savedAt: -1 }).skip(autosavesPerPerson).lean();
    if (beyond.length) await this.autosaves.deleteMany({ _id: { $in: beyond.map((slotRow) => slotRow._id) } });
    return { post: slot, version, saved_at: savedAt.toISOString() };
  }

  /** `user`'s autosave of post `slot`, or null. */
  async autosaved(user: string, slot: string) {
    const saved = await this.autosaves.findOne({ user, post: slot }).lean<BlogAutosave>();
    return saved ? { post: saved.post, version: saved.version, saved_at: saved.savedAt.toISOString(), fields: saved.fields } : null;
  }

  async discard(user: string, slot: string) {
    await this.autosaves.deleteMany({ user, post: slot });
  }

  /** A deleted post's revisions and everyone's autosaves of it go with it. */
  async forget(id: Types.ObjectId) {
    await this.revisions.deleteMany({ post: id });
    await this.autosaves.deleteMany({ post: id.toHexString() });
  }
}
