import { useEffect, useSyncExternalStore } from 'react';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { createStore, type StoreApi } from 'zustand';
import { settingsPlaceholders, type Settings } from '@ngo-site/shared';
import { apiClient } from './api/on-demand';

export type { Settings };

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

/**
 * What the pages show before the live settings arrive (and if they cannot be read). The legal
 * texts always come with the live settings (a page is rendered with them), so they are left out.
 */
const fallbackSettings: Settings = { ...settingsPlaceholders, legal: {} as Settings['legal'] };
export const site = siteView(fallbackSettings);

interface SiteSettingsState {
  view: SiteView;
  settings: Settings;
  loaded: boolean;
  /** Reads the live settings, once. */
  load: () => Promise<void>;
  /** Shows these settings (the page's own, or those just saved in the admin) without a request. */
  apply: (settings: Settings) => void;
}

export type SiteSettingsStore = StoreApi<SiteSettingsState>;

/**
 * One router's settings (router-context.ts). The server hands over the live ones it renders with;
 * the browser starts from the placeholders, or the rendered page's settings, and reads the live ones once.
 */
export function createSiteSettings(initial?: Settings): SiteSettingsStore {
  return createStore<SiteSettingsState>()((set, get) => ({
    view: siteView(initial ?? fallbackSettings),
    settings: initial ?? fallbackSettings,
    loaded: initial !== undefined,
    async load() {
      if (get().loaded) return;
      set({ loaded: true });
      try {
        const { data } = await (await apiClient()).GET('/api/get_settings.php');
        if (data?.success) get().apply(data.data);
      } catch {
        // Unreachable server: the placeholders stay, the pages still work.
      }
    },
    apply: (settings) => set({ settings, view: siteView(settings), loaded: true }),
  }));
}

/** The settings of the router this component renders in. */
export function useSiteSettingsStore(): SiteSettingsStore {
  return useRouteContext({ from: rootRouteId, select: (context) => context.site });
}

/** The organisation's details as they are now; loads them on first use. */
export function useSiteSettings(): SiteView {
  const store = useSiteSettingsStore();
  useEffect(() => void store.getState().load(), [store]);
  // Not zustand's useStore: it hydrates from the store's first state (the placeholders), whereas
  // the page was drawn with the settings the router handed over since.
  const view = () => store.getState().view;
  return useSyncExternalStore(store.subscribe, view, view);
}

/** `tel:` links need the number without spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
