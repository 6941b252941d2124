import { Schema, Types } from 'mongoose';

export interface Blog {
  _id: Types.ObjectId;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  /** Midnight UTC of the publication day. */
  date: Date | null;
  content: string;
  image: Types.ObjectId | null;
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
    image: { type: Schema.Types.ObjectId, default: null },
  },
  { timestamps: true },
);
// The public list's sort (newest first, ties by id) and its category filter (issue 9).
blogSchema.index({ createdAt: -1, _id: -1 });
blogSchema.index({ category: 1, createdAt: -1, _id: -1 });
