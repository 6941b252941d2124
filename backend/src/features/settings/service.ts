import type { Database } from '../../database.js';
import { upsert } from '../../invariants/claims.js';
import { defaultSettings, settingsFields, type SiteSettings } from './model.js';

const settingsId = 'site';

type LegalTexts = SiteSettings['legal'];

export interface CurrentSettings {
  settings: SiteSettings;
  /** The fields that still hold the neutral placeholders of a new site. */
  placeholders: (keyof SiteSettings)[];
}

/** The legal sentences as stored over their defaults: one never saved, or saved empty, is its default. */
function legalTexts(stored: Partial<LegalTexts> | undefined): LegalTexts {
  const texts = { ...defaultSettings.legal };
  for (const [key, value] of Object.entries(stored ?? {})) {
    if (key in texts && typeof value === 'string' && value.trim()) texts[key as keyof LegalTexts] = value;
  }
  return texts;
}

/** The settings as they are now (read on every call, so every instance sees a change at once). */
export async function currentSettings(db: Database): Promise<CurrentSettings> {
  const stored = (await db.models.SiteSettings.findById(settingsId).lean())?.values as Partial<SiteSettings> | undefined;
  const settings = { ...defaultSettings, ...pick(stored ?? {}), legal: legalTexts(stored?.legal) };
  // The legal sentences are the law's wording, not a placeholder to replace.
  const placeholders = settingsFields.filter(
    (field) => field !== 'legal' && JSON.stringify(settings[field]) === JSON.stringify(defaultSettings[field]) && String(defaultSettings[field]) !== '',
  );
  return { settings, placeholders };
}

type SettingsChanges = Omit<Partial<SiteSettings>, 'legal'> & { legal?: Partial<LegalTexts> };

/**
 * Saves the fields given (the others stay as they are): the one place where settings are written.
 * Each legal sentence is a field of its own; one sent empty goes back to its default.
 */
export async function updateSettings(db: Database, { legal, ...changes }: SettingsChanges): Promise<CurrentSettings> {
  const set: Record<string, unknown> = Object.fromEntries(Object.entries(pick(changes)).map(([field, value]) => [`values.${field}`, value]));
  const unset: Record<string, ''> = {};
  for (const [key, value] of Object.entries(legal ?? {})) {
    if (!(key in defaultSettings.legal) || typeof value !== 'string') continue;
    if (value.trim()) set[`values.legal.${key}`] = value;
    else unset[`values.legal.${key}`] = '';
  }
  if (Object.keys(set).length || Object.keys(unset).length) {
    await upsert(
      db.models.SiteSettings,
      { _id: settingsId },
      { ...(Object.keys(set).length && { $set: set }), ...(Object.keys(unset).length && { $unset: unset }) },
    );
  }
  return currentSettings(db);
}

function pick(values: Partial<SiteSettings>): Partial<SiteSettings> {
  return Object.fromEntries(settingsFields.filter((field) => field !== 'legal' && values[field] !== undefined).map((field) => [field, values[field]]));
}
