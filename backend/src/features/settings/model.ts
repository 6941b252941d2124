import { Schema } from 'mongoose';
import type { Schemas } from '../../contract.js';

/**
 * The organisation's details, one document (`_id: 'site'`); fields never saved keep their
 * defaults. Its shape is openapi.yaml's `Settings`.
 */
export type SiteSettings = Schemas['Settings'];

/**
 * The neutral placeholders a new site starts with (the same as frontend/src/site.ts, which the
 * public pages show until the live settings have loaded).
 */
export const defaultSettings: SiteSettings = {
  name: 'Jharkhand NGO',
  tagline: 'Empowering communities through sustainable development and environmental conservation initiatives worldwide.',
  address: '2nd Floor, Harmu Housing Colony\nNear Argora Chowk, Ranchi\nJharkhand 834002, India',
  phones: ['+91 651 224 3810', '+91 94311 52874', '+91 70040 68219'],
  email: 'contact@example.org',
  office_hours: '',
  facebook: 'https://www.facebook.com/',
  twitter: 'https://twitter.com/',
  instagram: 'https://www.instagram.com/',
  linkedin: 'https://www.linkedin.com/',
  youtube: '',
  map_url: '',
  upi_id: '',
  bank_details: '',
  tax_registration: '',
};

export const settingsFields = Object.keys(defaultSettings) as (keyof SiteSettings)[];

export const siteSettingsSchema = new Schema(
  { _id: { type: String, required: true }, values: { type: Schema.Types.Mixed, default: {} } },
  { timestamps: true, minimize: false },
);
