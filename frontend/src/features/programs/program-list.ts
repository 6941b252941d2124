import { useSyncExternalStore } from 'react';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { createStore, type StoreApi } from 'zustand';
import type { Lang, ProgramLink } from '@ngo-site/shared';

/** The programs every page names (footer, filters, tags), in the language they were read in. */
export interface ProgramList {
  /** null: not read yet (or the read failed). */
  lang: Lang | null;
  links: ProgramLink[];
}

interface ProgramListState extends ProgramList {
  /** Reads the list in this language unless it is already shown in it. */
  load: (lang: Lang) => Promise<void>;
  /** Shows this list (the rendered page's own) without a request. */
  apply: (list: ProgramList) => void;
}

export type ProgramListStore = StoreApi<ProgramListState>;

/**
 * One router's list of programs (router-context.ts), read once per language from `read` (the
 * backend's source on the server, get_page.php in the browser) and handed to the browser with the
 * rendered page, so a first view asks for nothing; a change of language reads it again.
 */
export function createProgramList(read: (lang: Lang) => Promise<ProgramLink[]>): ProgramListStore {
  const pending = new Map<Lang, Promise<void>>();
  return createStore<ProgramListState>()((set, get) => ({
    lang: null,
    links: [],
    load(lang) {
      if (get().lang === lang) return Promise.resolve();
      let reading = pending.get(lang);
      if (!reading) {
        reading = read(lang)
          .then((links) => set({ lang, links }))
          .catch((error: unknown) => {
            // The pages still work without the names: the footer lists none, the filters show All.
            console.warn('Could not load the programs', error);
          })
          .finally(() => pending.delete(lang));
        pending.set(lang, reading);
      }
      return reading;
    },
    apply: ({ lang, links }) => set({ lang, links }),
  }));
}

/** The programs, in the page's language, of the router this component renders in. */
export function usePrograms(): ProgramLink[] {
  const store = useRouteContext({ from: rootRouteId, select: (context) => context.programs });
  const links = () => store.getState().links;
  return useSyncExternalStore(store.subscribe, links, links);
}

/** How a post's or photo's category reads: its program's tag, an unknown one as it is. */
export function programTag(programs: readonly ProgramLink[], category: string): string {
  return programs.find((program) => program.id === category)?.tag ?? category;
}
