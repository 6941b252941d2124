import { Schema, Types } from 'mongoose';
import type { Schemas } from '../../contract.js';

export interface GalleryItem {
  _id: Types.ObjectId;
  title: string;
  category: Schemas['Category'];
  caption: string;
  /** The Hindi text; empty: none. Items saved before it have none. */
  title_hi?: string;
  caption_hi?: string;
  image: Types.ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
}

export const galleryItemSchema = new Schema<GalleryItem>(
  {
    title: { type: String, required: true, trim: true },
    category: { type: String, required: true, trim: true },
    caption: { type: String, default: '', trim: true },
    title_hi: { type: String, default: '', trim: true },
    caption_hi: { type: String, default: '', trim: true },
    image: { type: Schema.Types.ObjectId, default: null },
  },
  { timestamps: true },
);
// The public list's sort (newest first, ties by id) and its category filter.
galleryItemSchema.index({ createdAt: -1, _id: -1 });
galleryItemSchema.index({ category: 1, createdAt: -1, _id: -1 });
