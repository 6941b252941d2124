import { createContext } from 'react';

/** The title and description a page declares (usePageMeta), as the server's head builder reads them. */
export interface PageMeta {
  title: string;
  description: string;
}

/**
 * While a page is rendered on the server, usePageMeta hands its title and description to this
 * sink (effects do not run there); the last page to declare one wins, as in the browser.
 */
export const PageMetaSink = createContext<((meta: PageMeta) => void) | null>(null);
