import type { ReactElement, ReactNode } from 'react';
import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import { PageError, PagePending } from './components/RouteStatus';
import { routeTree } from './routeTree.gen';
import { useSiteSettingsStore, type Settings } from './site';

/**
 * `InnerWrap`: the server renders the router's state (loader data, the settings) after the page
 * as scripts that remove themselves before React hydrates (entry-server.tsx); the browser has
 * nothing there.
 */
export function createAppRouter(history: RouterHistory = createBrowserHistory(), InnerWrap?: (props: { children: ReactNode }) => ReactElement) {
  // On a first load with an anchor (/programs#education) the router would jump there at once; the
  // spec wants a smooth scroll after 500 ms instead, so pages scroll to anchors themselves
  // (useScrollToHash). Links inside the site say the same with hashScrollIntoView={false}.
  if (history.location.hash) history.location.state.__hashScrollIntoViewOptions = false;
  return createRouter({
    routeTree,
    history,
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultPendingComponent: PagePending,
    defaultErrorComponent: PageError,
    InnerWrap,
    // A server-rendered page was drawn with the live settings: the browser starts from the same.
    dehydrate: () => ({ settings: useSiteSettingsStore.getState().settings }),
    hydrate: ({ settings }: { settings: Settings }) => {
      useSiteSettingsStore.getState().apply(settings);
      useSiteSettingsStore.setState({ loaded: true });
    },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
