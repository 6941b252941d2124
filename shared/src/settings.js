/** @import { Settings } from './index.js' */
import { defaultLegalTexts } from './legal.js';

/**
 * The neutral placeholders of a new site, but for the legal texts: the pages show them until the
 * live settings have loaded (the legal texts always come with those, so the pages' script does
 * not carry their defaults).
 * @type {Omit<Settings, 'legal'>}
 */
export const settingsPlaceholders = {
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
  pan: '',
  registration_80g: '',
  registration_80g_date: '',
  certificate_signatory: '',
  certificate_signatory_title: '',
  registration_12a: '',
  registration_csr1: '',
  darpan_id: '',
  fcra_registration: '',
  fcra_account: '',
  grievance_name: '',
  grievance_email: '',
};

/**
 * The settings of a new site: the backend answers them for fields never saved.
 * @type {Settings}
 */
export const defaultSettings = { ...settingsPlaceholders, legal: defaultLegalTexts };
