/** @import { Lang, LegalTexts } from './index.js' */

// Reading the legal sentences of Settings (their defaults are legal.js's, which the pages' script
// never carries: a page gets the live ones with its settings).

/**
 * A legal sentence in the reader's language, its placeholders filled in: the Hindi where it has
 * one (an empty Hindi shows the English).
 * @param {LegalTexts} texts
 * @param {keyof LegalTexts} key
 * @param {Lang} lang
 * @param {Record<string, string>} [values]
 * @returns {string}
 */
export function legalText(texts, key, lang, values = {}) {
  const hindi = /** @type {Record<string, string | undefined>} */ (texts)[`${key}_hi`];
  const text = (lang === 'hi' && hindi?.trim() ? hindi : texts[key]) ?? '';
  return text.replace(/\{(\w+)\}/g, (whole, name) => values[name] ?? whole);
}

/** The contact form's subject that makes a message a personal-data request or grievance (DPDP Rules, 2025). */
export const dataRequestSubject = 'Personal data request or complaint';

/** How long the organisation has to answer a personal-data request or grievance. */
export const dataRequestDays = 90;
