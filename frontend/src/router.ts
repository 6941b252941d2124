import type { ReactElement, ReactNode } from 'react';
import type { PostedForm, PublicData } from '@ngo-site/shared';
import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import { PageError, PagePending } from './components/RouteStatus';
import { fetchBlogPage, fetchBlogPost } from './features/blog/api';
import { fetchGalleryPage } from './features/gallery/api';
import { fetchPage, fetchPrograms } from './features/pages/api';
import { createProgramList, type ProgramList } from './features/programs/program-list';
import type { RouterContext } from './router-context';
import { routeTree } from './routeTree.gen';
import { createSiteSettings, type Settings } from './site';

interface AppRouterOptions {
  history?: RouterHistory;
  /** What this router's pages read; the browser's (the API, settings loaded on first use) by default. */
  context?: RouterContext;
  /** The server renders the router's state after the page (entry-server.tsx); the browser has nothing there. */
  InnerWrap?: (props: { children: ReactNode }) => ReactElement;
}

/** The events' reads come with the events' pages, not with the first load of every page. */
const eventsApi = () => import('./features/events/api');
/** So are the campaigns' (a first view of /donate and /campaigns/<id> comes inside the server's HTML). */
const campaignsApi = () => import('./features/campaigns/api');

function browserContext(): RouterContext {
  const content: PublicData = {
    blogPage: fetchBlogPage,
    blogPost: fetchBlogPost,
    galleryPage: fetchGalleryPage,
    eventPage: async (search, lang) => (await eventsApi()).fetchEventPage(search, lang),
    event: async (id, lang) => (await eventsApi()).fetchEvent(id, lang),
    campaigns: async (lang) => (await campaignsApi()).fetchCampaigns(lang),
    campaign: async (id, lang) => (await campaignsApi()).fetchCampaign(id, lang),
    page: fetchPage,
    programs: fetchPrograms,
    // Only /verify/<code> asks: its code comes with that page.
    certificate: async (code: string) => (await import('./features/verify/api')).fetchCertificateCheck(code),
    // Only /transparency asks: its list comes with that page.
    documents: async (lang) => (await import('./features/transparency/api')).fetchDocuments(lang),
  };
  return { content, site: createSiteSettings(), programs: createProgramList(fetchPrograms), postedForm: {} };
}

export function createAppRouter({ history = createBrowserHistory(), context = browserContext(), InnerWrap }: AppRouterOptions = {}) {
  // On a first load with an anchor (/programs#education) the router would jump there at once; the
  // spec wants a smooth scroll after 500 ms instead, so pages scroll to anchors themselves
  // (useScrollToHash). Links inside the site say the same with hashScrollIntoView={false}.
  if (history.location.hash) history.location.state.__hashScrollIntoViewOptions = false;
  // A page the server rendered was placed as it loaded (by the browser, and the router's own script
  // in the HTML); on a slow phone the visitor may have scrolled for seconds before the script takes
  // the page over, which then moves nothing. Every navigation after it restores or resets as usual.
  let placedByTheBrowser = typeof window !== 'undefined' && '$_TSR' in window;
  return createRouter({
    routeTree,
    history,
    context,
    defaultPreload: 'intent',
    scrollRestoration: () => {
      if (!placedByTheBrowser) return true;
      placedByTheBrowser = false;
      return false;
    },
    defaultPendingComponent: PagePending,
    defaultErrorComponent: PageError,
    InnerWrap,
    // A server-rendered page was drawn with the live settings, the programs' names (and a refused
    // form with what was typed): the browser starts from the same.
    dehydrate: () => {
      const { lang, links } = context.programs.getState();
      return { settings: context.site.getState().settings, programs: { lang, links }, form: context.postedForm.current };
    },
    hydrate: ({ settings, programs, form }: { settings: Settings; programs: ProgramList; form?: PostedForm }) => {
      context.site.getState().apply(settings);
      context.programs.getState().apply(programs);
      context.postedForm.current = form;
    },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
