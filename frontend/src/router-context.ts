import type { PostedForm, PublicData } from '@ngo-site/shared';
import type { ProgramListStore } from './features/programs/program-list';
import type { SiteSettingsStore } from './site';

/**
 * What one router's pages read, handed to the router when it is made: one per request on the
 * server, one per page load in the browser. Nothing a render needs lives in module state.
 */
export interface RouterContext {
  /** Published content: the API in the browser, the backend's in-process source when it renders. */
  content: PublicData;
  /** The organisation's settings: the live ones on the server; in the browser, loaded on first use. */
  site: SiteSettingsStore;
  /** The programs' names every public page shows, read once per language (features/programs/program-list.ts). */
  programs: ProgramListStore;
  /**
   * A form the server refused as a plain post, shown again (components/PlainForm.tsx): set on
   * the server for that one answer, and in the browser from the page's state as it is taken over.
   */
  postedForm: { current?: PostedForm };
}
