import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { hydrate } from '@tanstack/react-router/ssr/client';
import { pageViewReporter } from './features/analytics/track';
import { loadLanguage } from './i18n/i18n';
import { langOfPath } from './i18n/paths';
import { createAppRouter } from './router';
import './styles/global.css';
import './styles/pages.css';

/**
 * Ends the current task so the browser can paint and answer input before the next step. Taking a
 * page over is a few such steps (evaluating the app, creating the router, reading its state from
 * the page, React's first render in slices, the page view's beacon): on a slow phone each is a
 * short task instead of one long one that would hold a tap.
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
const reportView = pageViewReporter();
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
  const messages = lang === 'en' ? undefined : loadLanguage(lang);
  // Awaited below; watched from now on, so a failure is not reported as unhandled meanwhile.
  messages?.catch(() => undefined);
  await yieldToBrowser();
  const router = appRouter();
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
} else {
  // The admin area (and `vite dev`) comes as an empty root and renders here.
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={appRouter()} />
    </StrictMode>,
  );
}
