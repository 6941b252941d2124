import { useEffect } from 'react';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { pageTakenOver } from '../components/typedBeforeHydration';
import { Layout } from '../components/Layout';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { LanguageProvider } from '../i18n/i18n';
import { langOfPath } from '../i18n/paths';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every public page names the programs (the footer): read once per language, before it renders.
  beforeLoad: ({ context, location }) => (isAdminPath(location.pathname) ? undefined : context.programs.getState().load(langOfPath(location.pathname))),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

/** The admin area brings its own frame; every other page shares the public header and footer. */
function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

function RootLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // After every form's own effects: the page is the script's from here.
  useEffect(pageTakenOver, []);
  if (isAdminPath(pathname)) return <Outlet />;
  return (
    <LanguageProvider pathname={pathname}>
      <Layout>
        <Outlet />
      </Layout>
    </LanguageProvider>
  );
}
