import { Schema } from 'mongoose';

/** The one counter of published content: every write to public content adds one to it. */
export interface ContentVersion {
  _id: string;
  version: number;
}

export const contentVersionSchema = new Schema<ContentVersion>({ _id: String, version: Number }, { versionKey: false });
export const contentVersionId = 'published';
