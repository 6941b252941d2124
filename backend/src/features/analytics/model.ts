import { Schema } from 'mongoose';

/**
 * One count of one backend instance: the views of one public page on one day (in Ranchi) that
 * came from one referring site ('' when none was sent, or the visitor came from the site itself;
 * '(other)' past the day's number of sites). Nothing else is kept: no cookie, no IP address, no user agent, nothing that
 * tells one visitor from another. The path '(dropped)' counts the views refused that day.
 */
export interface PageViewCount {
  /** `day|path|referrer|instance`: each instance writes counts of its own (counts from before instances had none). */
  _id: string;
  day: string;
  path: string;
  referrer: string;
  views: number;
  /** The last batch of its instance added here (a batch written twice counts once). */
  batch?: number;
}

export const pageViewCountSchema = new Schema<PageViewCount>(
  {
    _id: { type: String, required: true },
    day: { type: String, required: true, index: true },
    path: { type: String, required: true },
    referrer: { type: String, default: '' },
    views: { type: Number, required: true },
    batch: { type: Number },
  },
  { versionKey: false },
);
