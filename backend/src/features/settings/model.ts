import { Schema } from 'mongoose';
import { defaultSettings } from '@ngo-site/shared';
import type { Schemas } from '../../contract.js';

/**
 * The organisation's details, one document (`_id: 'site'`); fields never saved keep their
 * defaults. Its shape is openapi.yaml's `Settings`.
 */
export type SiteSettings = Schemas['Settings'];

/** The neutral placeholders of a new site, from the shared package (the pages show the same). */
export { defaultSettings };

export const settingsFields = Object.keys(defaultSettings) as (keyof SiteSettings)[];

export const siteSettingsSchema = new Schema(
  { _id: { type: String, required: true }, values: { type: Schema.Types.Mixed, default: {} } },
  { timestamps: true, minimize: false },
);
