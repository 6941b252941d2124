import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { pageViewReporter } from './features/analytics/track';
import { createAppRouter } from './router';
import './styles/global.css';
import './styles/pages.css';

const router = createAppRouter();
// One page view per public page opened, counted by the site itself (see features/analytics/track.ts).
const reportView = pageViewReporter();
router.subscribe('onResolved', ({ toLocation }) => reportView(toLocation.pathname));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
