// The public stylesheet first, in cascade order: tokens, the shared rules, then the components'.
import './styles/tokens.css';
import './styles/base.css';
import './styles/fonts.css';
import './styles/buttons.css';
import './styles/cards.css';
import './styles/forms.css';
import './styles/components';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { hydrate } from '@tanstack/react-router/ssr/client';
import { loadLanguage } from './i18n/i18n';
import { langOfPath } from './i18n/paths';
import { watchTypingBeforeHydration } from './components/typedBeforeHydration';
import { createAppRouter } from './router';

/**
 * Ends the current task so the browser can paint and answer input: taking a page over is a few
 * short tasks (router, its state, React's render, the beacon) instead of one long one that holds a tap.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// One page view per public page opened, counted by the site itself (see features/analytics/track.ts).
// Its code is loaded with the first view it counts, after the page is taken over: counting a view
// need not hold up the script a page loads to be usable. One reporter, so views keep their order.
let reporter: Promise<(path: string) => void> | undefined;
function reportView(path: string): void {
  reporter ??= import('./features/analytics/track').then(({ pageViewReporter }) => pageViewReporter());
  reporter.then((report) => report(path)).catch(() => undefined);
}
const root = document.getElementById('root')!;

function appRouter() {
  const router = createAppRouter();
  router.subscribe('onResolved', ({ toLocation }) => reportView(toLocation.pathname));
  return router;
}

/**
 * A public page comes rendered by the server with the router's state (window.$_TSR): React takes
 * that HTML over.
 */
async function takeOverRenderedPage(): Promise<void> {
  // What is typed from now until React holds the page, which the forms put back if hydrating changes it.
  watchTypingBeforeHydration();
  try {
    await hydrateRenderedPage();
  } finally {
    // Taking over a rendered page is no navigation (no onResolved): the page opened is counted
    // here, in a task of its own once React has started (or the takeover has failed).
    await yieldToBrowser();
    reportView(window.location.pathname);
  }
}

async function hydrateRenderedPage(): Promise<void> {
  // The router does not run a rendered page's loaders again, so a Hindi page's messages are
  // loaded here first: the first render must say what the server's HTML says.
  const lang = langOfPath(window.location.pathname);
  const rootMessages = lang === 'en' ? undefined : loadLanguage(lang);
  // Awaited below; watched from now on, so a failure is not reported as unhandled meanwhile.
  rootMessages?.catch(() => undefined);
  await yieldToBrowser();
  // The server rendered the page with the parameters it reads only (shared/page-queries.js): the
  // router starts from that same address, or its first render would differ from the server's.
  // Anything else in the query (?utm_source=…) leaves the address; the fragment stays.
  const rendered = document.documentElement.dataset.search;
  const { pathname, search, hash } = window.location;
  if (rendered !== undefined && rendered !== search) window.history.replaceState(window.history.state, '', `${pathname}${rendered}${hash}`);
  const router = appRouter();
  // The page's own part of the catalog: that of each route the URL matches, as its loader would.
  const messages = rootMessages && Promise.all([rootMessages, ...router.matchRoutes(router.latestLocation).map((match) => loadLanguage(lang, match.routeId))]);
  messages?.catch(() => undefined);
  await yieldToBrowser();
  // The router takes over its state from the page first (what its RouterClient does behind a
  // suspending Await); the tree then is the server's own (RouterProvider), with nothing that
  // suspends while the page is taken over.
  await hydrate(router).finally(() => window.$_TSR?.h());
  await messages;
  await yieldToBrowser();
  // As a transition React hydrates in slices, yielding to the browser between them: the page,
  // already readable, stays responsive on a slow phone instead of blocking for the whole tree.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

if ('$_TSR' in window) {
  void takeOverRenderedPage();
  // The service worker is registered once the page has loaded; its code comes then too.
  if (import.meta.env.PROD)
    import('./offline/register').then(
      ({ registerServiceWorker }) => registerServiceWorker(),
      () => undefined,
    );
} else {
  // The admin area (and `vite dev`) comes as an empty root and renders here.
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={appRouter()} />
    </StrictMode>,
  );
}
