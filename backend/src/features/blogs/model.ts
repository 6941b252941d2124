import type { BlogDocument } from '@ngo-site/shared';
import { Schema, Types } from 'mongoose';

export const blogStatuses = ['draft', 'published'] as const;
export type BlogStatus = (typeof blogStatuses)[number];

/**
 * What every public read of posts filters by, at `now`: a draft is never public (posts from before
 * drafts count as published), nor a post whose publish_at is still ahead. The release job
 * (release.ts) raises the content version once such a post is due, so cached answers follow.
 */
export const publishedOnly = (now = new Date()) => ({
  status: { $ne: 'draft' as const },
  $or: [{ publish_at: null }, { publish_at: { $lte: now } }],
});

export interface Blog {
  _id: Types.ObjectId;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  /** Midnight UTC of the publication day. */
  date: Date | null;
  /** Plain text derived from `body` (the legacy answers' `content`). */
  content: string;
  /** The text as a document; posts from before documents get theirs at start-up (migration.ts). */
  body?: BlogDocument;
  /** The Hindi text; empty: none. Posts saved before it have none. */
  title_hi?: string;
  excerpt_hi?: string;
  content_hi?: string;
  /** null or absent: no Hindi text. */
  body_hi?: BlogDocument | null;
  image: Types.ObjectId | null;
  /** Posts saved before drafts existed have none: they are published. */
  status?: BlogStatus;
  /** 1 on create, +1 on each save (history.ts); posts from before get 1 at start-up. */
  version?: number;
  /** Who made the current version (absent on posts saved before versions). */
  savedBy?: PostAuthor;
  /** When the post goes public (null or absent: as soon as it is published). */
  publish_at?: Date | null;
  /** Set while a future publish_at has not been announced yet (the content version raised for it). */
  release_pending?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** Who saved a version of a post or an autosave: the account's name and e-mail at that moment. */
export interface PostAuthor {
  name: string;
  email: string;
}

export const blogSchema = new Schema<Blog>(
  {
    title: { type: String, required: true, trim: true },
    excerpt: { type: String, default: '', trim: true },
    category: { type: String, default: '', trim: true },
    author: { type: String, default: '', trim: true },
    date: { type: Date, default: null },
    content: { type: String, default: '', trim: true },
    title_hi: { type: String, default: '', trim: true },
    excerpt_hi: { type: String, default: '', trim: true },
    content_hi: { type: String, default: '', trim: true },
    body: { type: Schema.Types.Mixed },
    body_hi: { type: Schema.Types.Mixed },
    image: { type: Schema.Types.ObjectId, default: null },
    status: { type: String, enum: blogStatuses, default: 'published' },
    version: { type: Number },
    savedBy: { _id: false, type: { name: String, email: String } },
    publish_at: { type: Date, default: null },
    release_pending: { type: Boolean },
  },
  // minimize: false keeps a document exactly as it was checked (an empty `attrs` stays).
  { timestamps: true, minimize: false },
);
// The public list's sort (newest first, ties by id) and its category filter.
blogSchema.index({ createdAt: -1, _id: -1 });
blogSchema.index({ category: 1, createdAt: -1, _id: -1 });
// The release job's one query: the posts waiting for their time.
blogSchema.index({ release_pending: 1, publish_at: 1 });
