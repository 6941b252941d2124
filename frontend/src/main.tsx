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

const router = createAppRouter();
// One page view per public page opened, counted by the site itself (see features/analytics/track.ts).
const reportView = pageViewReporter();
router.subscribe('onResolved', ({ toLocation }) => reportView(toLocation.pathname));

const root = document.getElementById('root')!;
// A public page comes rendered by the server with the router's state (window.$_TSR): React takes
// that HTML over. The admin area (and `vite dev`) comes as an empty root and renders here.
if ('$_TSR' in window) {
  // Taking over a rendered page is no navigation (no onResolved): the page opened is counted here.
  reportView(window.location.pathname);
  // The router does not run a rendered page's loaders again, so a Hindi page's messages are
  // loaded here first: the first render must say what the server's HTML says.
  const lang = langOfPath(window.location.pathname);
  // The router takes over its state from the page first (what its RouterClient does behind a
  // suspending Await); the tree then is the server's own (RouterProvider), with nothing that
  // suspends while the page is taken over.
  const stateTakenOver = hydrate(router).finally(() => window.$_TSR?.h());
  void Promise.all([stateTakenOver, lang === 'en' ? undefined : loadLanguage(lang)]).then(() => {
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
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
