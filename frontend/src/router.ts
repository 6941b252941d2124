import { createElement, Fragment, type ReactNode } from 'react';
import { Scripts, createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import { PageError, PagePending } from './components/RouteStatus';
import { routeTree } from './routeTree.gen';
import { useSiteSettingsStore, type Settings } from './site';

/**
 * After the page: the server writes the router's state (loader data, the settings) here as
 * scripts that remove themselves before React hydrates; in the browser it renders nothing.
 */
function WithHydrationScripts({ children }: { children: ReactNode }) {
  return createElement(Fragment, null, children, createElement(Scripts));
}

export function createAppRouter(history: RouterHistory = createBrowserHistory()) {
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
    InnerWrap: WithHydrationScripts,
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
