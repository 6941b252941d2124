// Where a post's revisions and the autosaves of its form are stored (history.ts has the rules).
import { Schema, type Types } from 'mongoose';
import type { Blog, PostAuthor } from './model.js';

/** What a revision keeps of a post: its text and details (not its image, which a newer one may have replaced). */
export const revisionFields = [
  'title',
  'excerpt',
  'category',
  'author',
  'date',
  'content',
  'body',
  'title_hi',
  'excerpt_hi',
  'content_hi',
  'body_hi',
  'status',
] as const;
type RevisionFields = Pick<Blog, (typeof revisionFields)[number]>;

export interface BlogRevision {
  _id: Types.ObjectId;
  post: Types.ObjectId;
  version: number;
  fields: RevisionFields;
  savedBy: PostAuthor;
  savedAt: Date;
}

export const blogRevisionSchema = new Schema<BlogRevision>(
  {
    post: { type: Schema.Types.ObjectId, required: true },
    version: { type: Number, required: true },
    fields: { type: Schema.Types.Mixed, required: true },
    savedBy: { _id: false, type: { name: String, email: String } },
    savedAt: { type: Date, required: true },
  },
  { minimize: false },
);
blogRevisionSchema.index({ post: 1, version: -1 }, { unique: true });

/** The form's fields as typed, kept apart from the post until a real save ("new": a post not yet saved). */
export interface BlogAutosave {
  _id: Types.ObjectId;
  user: string;
  post: string;
  fields: Record<string, string>;
  /** The version the form was opened at (none for a new post). */
  version: number | null;
  savedBy: PostAuthor;
  savedAt: Date;
}

export const blogAutosaveSchema = new Schema<BlogAutosave>(
  {
    user: { type: String, required: true },
    post: { type: String, required: true },
    fields: { type: Schema.Types.Mixed, required: true },
    version: { type: Number, default: null },
    savedBy: { _id: false, type: { name: String, email: String } },
    savedAt: { type: Date, required: true },
  },
  { minimize: false },
);
blogAutosaveSchema.index({ user: 1, post: 1 }, { unique: true });
blogAutosaveSchema.index({ user: 1, savedAt: -1 });
