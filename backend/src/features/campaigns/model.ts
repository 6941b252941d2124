import type { BlogDocument } from '@ngo-site/shared';
import { Schema, Types } from 'mongoose';

/**
 * A campaign: a goal in rupees for a program, taken between two days (India time). What it has
 * raised is never stored: it is the sum of the received donations that name it (designation.ts).
 */
export interface StoredCampaign {
  _id: Types.ObjectId;
  title: string;
  title_hi: string;
  story: BlogDocument;
  /** null: no Hindi story. */
  story_hi: BlogDocument | null;
  goal: number;
  /** YYYY-MM-DD, India time, both days included. */
  starts_on: string;
  ends_on: string;
  program: string;
  /** An original of the media library, or null. */
  picture: Types.ObjectId | null;
  status: 'published' | 'draft';
  createdAt: Date;
  updatedAt: Date;
}

export const campaignSchema = new Schema<StoredCampaign>(
  {
    title: { type: String, required: true, trim: true },
    title_hi: { type: String, default: '', trim: true },
    story: { type: Schema.Types.Mixed, default: () => ({ type: 'doc', content: [] }) },
    story_hi: { type: Schema.Types.Mixed, default: null },
    goal: { type: Number, required: true },
    starts_on: { type: String, required: true },
    ends_on: { type: String, required: true },
    program: { type: String, required: true },
    picture: { type: Schema.Types.ObjectId, default: null },
    status: { type: String, required: true, default: 'published' },
  },
  // minimize: false keeps a document exactly as it was checked (an empty `attrs` stays).
  { timestamps: true, minimize: false },
);
campaignSchema.index({ status: 1, ends_on: 1 });
