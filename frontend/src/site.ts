import { useEffect } from 'react';
import { create } from 'zustand';
import type { components } from '@ngo-site/contract';

export type Settings = components['schemas']['Settings'];

/**
 * The organisation's details: the neutral placeholders of a new site (the same as the backend's
 * defaults). The public pages show them until the live settings, which the admin changes in
 * Settings, have loaded from `GET /api/get_settings.php` (read at run time: a change shows
 * without a rebuild).
 */
export const defaultSettings: Settings = {
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

const socialNetworks = [
  { id: 'facebook', label: 'Facebook' },
  { id: 'twitter', label: 'Twitter' },
  { id: 'instagram', label: 'Instagram' },
  { id: 'linkedin', label: 'LinkedIn' },
  { id: 'youtube', label: 'YouTube' },
] as const;

export type SocialNetwork = (typeof socialNetworks)[number]['id'];

/** The settings in the form the pages show them. */
export function siteView(settings: Settings) {
  return {
    ...settings,
    address: {
      lines: settings.address
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    },
    /** Only the networks with a link (an empty link hides the icon). */
    social: socialNetworks.filter((network) => settings[network.id]).map((network) => ({ ...network, href: settings[network.id] })),
  };
}

export type SiteView = ReturnType<typeof siteView>;

/** What the pages show before the live settings arrive (and if they cannot be read). */
export const site = siteView(defaultSettings);

interface SiteSettingsState {
  view: SiteView;
  settings: Settings;
  loaded: boolean;
  /** Reads the live settings (once per page load unless `force`). */
  load: (force?: boolean) => Promise<void>;
  /** Shows settings just saved in the admin without another request. */
  apply: (settings: Settings) => void;
}

export const useSiteSettingsStore = create<SiteSettingsState>()((set, get) => ({
  view: site,
  settings: defaultSettings,
  loaded: false,
  async load(force = false) {
    if (get().loaded && !force) return;
    set({ loaded: true });
    try {
      // The client is loaded on first use: a server-rendered page hydrates without it.
      const { api } = await import('./api/client');
      const { data } = await api.GET('/api/get_settings.php');
      if (data?.success) get().apply(data.data);
    } catch {
      // Unreachable server: the placeholders stay, the pages still work.
    }
  },
  apply: (settings) => set({ settings, view: siteView(settings) }),
}));

/** The organisation's details as they are now; loads them on first use. */
export function useSiteSettings(): SiteView {
  const view = useSiteSettingsStore((state) => state.view);
  const load = useSiteSettingsStore((state) => state.load);
  useEffect(() => void load(), [load]);
  return view;
}

/** `tel:` links need the number without spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
