import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import { PageError, PagePending } from './components/RouteStatus';
import { routeTree } from './routeTree.gen';

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
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
