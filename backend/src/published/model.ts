import { Schema } from 'mongoose';

/** The published-content version as kept before it became claimed steps (cache.ts reads it as their start). */
export interface ContentVersion {
  _id: string;
  version: number;
}

export const contentVersionSchema = new Schema<ContentVersion>({ _id: String, version: Number }, { versionKey: false });
export const contentVersionId = 'published';
/** The claims' item whose steps are the published-content version (invariants/claims.ts). */
export const contentVersionItem = 'content-version';
