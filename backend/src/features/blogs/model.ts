import { Schema, Types } from 'mongoose';

export const blogStatuses = ['draft', 'published'] as const;
export type BlogStatus = (typeof blogStatuses)[number];

/** What every public read of posts filters by: a draft is never public (posts from before drafts count as published). */
export const publishedOnly = { status: { $ne: 'draft' } } as const;

export interface Blog {
  _id: Types.ObjectId;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  /** Midnight UTC of the publication day. */
  date: Date | null;
  content: string;
  /** The Hindi text (issue 14); empty: none. Posts saved before it have none. */
  title_hi?: string;
  excerpt_hi?: string;
  content_hi?: string;
  image: Types.ObjectId | null;
  /** Posts saved before drafts existed have none: they are published. */
  status?: BlogStatus;
  createdAt: Date;
  updatedAt: Date;
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
    image: { type: Schema.Types.ObjectId, default: null },
    status: { type: String, enum: blogStatuses, default: 'published' },
  },
  { timestamps: true },
);
// The public list's sort (newest first, ties by id) and its category filter (issue 9).
blogSchema.index({ createdAt: -1, _id: -1 });
blogSchema.index({ category: 1, createdAt: -1, _id: -1 });
