import type { Database } from '../../database.js';
import { upsert } from '../../invariants/claims.js';
import { defaultSettings, settingsFields, type SiteSettings } from './model.js';

const settingsId = 'site';

export interface CurrentSettings {
  settings: SiteSettings;
  /** The fields that still hold the neutral placeholders of a new site. */
  placeholders: (keyof SiteSettings)[];
}

/** The settings as they are now (read on every call, so every instance sees a change at once). */
export async function currentSettings(db: Database): Promise<CurrentSettings> {
  const stored = (await db.models.SiteSettings.findById(settingsId).lean())?.values as Partial<SiteSettings> | undefined;
  const settings = { ...defaultSettings, ...pick(stored ?? {}) };
  const placeholders = settingsFields.filter(
    (field) => JSON.stringify(settings[field]) === JSON.stringify(defaultSettings[field]) && String(defaultSettings[field]) !== '',
  );
  return { settings, placeholders };
}

/** Saves the fields given (the others stay as they are): the one place where settings are written. */
export async function updateSettings(db: Database, changes: Partial<SiteSettings>): Promise<CurrentSettings> {
  const set = Object.fromEntries(Object.entries(pick(changes)).map(([field, value]) => [`values.${field}`, value]));
  if (Object.keys(set).length) await upsert(db.models.SiteSettings, { _id: settingsId }, { $set: set });
  return currentSettings(db);
}

function pick(values: Partial<SiteSettings>): Partial<SiteSettings> {
  return Object.fromEntries(settingsFields.filter((field) => values[field] !== undefined).map((field) => [field, values[field]]));
}
