import { Schema } from 'mongoose';

/**
 * One count: the views of one public page on one day (in Ranchi) that came from one referring
 * site ('' when none was sent, or the visitor came from the site itself). Nothing else is kept:
 * no cookie, no IP address, no user agent, nothing that tells one visitor from another.
 */
export interface PageViewCount {
  /** `day|path|referrer`: each count has one document, found again by its upsert. */
  _id: string;
  day: string;
  path: string;
  referrer: string;
  views: number;
}

export const pageViewCountSchema = new Schema<PageViewCount>(
  {
    _id: { type: String, required: true },
    day: { type: String, required: true, index: true },
    path: { type: String, required: true },
    referrer: { type: String, default: '' },
    views: { type: Number, required: true },
  },
  { versionKey: false },
);
