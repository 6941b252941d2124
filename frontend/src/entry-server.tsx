// The server side of the public pages, built by `vite build --ssr` into dist-server/ and loaded by
// the backend (backend/src/http/pages.ts), which renders every path the router matches except
// the admin area. The HTML carries the page's content, its head and the router's state; the
// browser's main.tsx hydrates it.
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Scripts, createMemoryHistory } from '@tanstack/react-router';
import { RouterServer, attachRouterServerSsrUtils, getSsrStatus, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server';
import type { Blog } from './api/types';
import { createAppRouter } from './router';
import { siteView, useSiteSettingsStore, type Settings } from './site';
import { buildHead, feedPath } from './ssr/head';
import { pageLanguage } from './ssr/lang';
import { PageMetaSink, type PageMeta } from './ssr/page-meta';
import { setServerData, type PublicData } from './ssr/public-data';

export type { PublicData } from './ssr/public-data';
export { feedPath };
export { pageTitle } from './ssr/head';
export { describePost } from './features/blog/display';
export { imageVariantUrl } from './components/ApiImage';

export interface RenderInput {
  /** Path and query, e.g. /blog?page=2. */
  url: string;
  /** The site's origin for absolute URLs (PUBLIC_URL), without a trailing slash. */
  origin: string;
  settings: Settings;
  data: PublicData;
  /** The built index.html (its script and style tags). */
  template: string;
}

export interface RenderedPage {
  status: number;
  html: string;
}

/** The query parameters that select what a list shows, in a fixed order, for the canonical URL. */
function canonicalPath(pathname: string, search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const name of ['category', 'q', 'page']) if (search[name] !== undefined) params.set(name, String(search[name]));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The app's script, asked for once the page has painted: the HTML needs no JavaScript to show,
 * so on a slow network the first paint never waits behind it. The browser reports its first
 * contentful paint (Paint Timing); only then is the script requested, at low priority so images
 * on screen come first (a frame after the style is applied was not enough: on a slow phone the
 * paint came later and the 100 KiB download was still in its way). Where paint timing is missing
 * the script goes a frame after the first paint, and in any case after 4 s (a tab opened in the
 * background paints only when shown). On a Hindi page it also asks whether the device has a Devanagari face of
 * its own (every Android phone does); only where it has none is the page marked `fonts-ready`,
 * which brings the self-hosted face into the stack (global.css). Changing the stack restyles the
 * whole page, so a device with its own face is spared that work. An inline script: the page's
 * Content-Security-Policy allows it by its hash.
 */
function afterFirstPaint(src: string): string {
  const load =
    `(function(){var done=0;function load(){if(done)return;done=1;var root=document.documentElement,fonts=document.fonts;function web(){root.classList.add('fonts-ready')}if(root.lang!=='en'){if(fonts&&fonts.load)fonts.load('1em "Site Devanagari"','\u0915').then(function(faces){if(!faces.length)web()},web);else web()}var s=document.createElement('script');s.type='module';s.crossOrigin='';s.fetchPriority='low';s.src=${JSON.stringify(src)};document.head.appendChild(s)}` +
    `function nextFrame(){requestAnimationFrame(function(){setTimeout(load)})}` +
    `var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();load()}}).observe({type:'paint',buffered:true})}else nextFrame();` +
    `setTimeout(load,4000)})()`;
  return `<script>${load}</script>`;
}

/** The page, then the router's state for the browser to hydrate from. */
function WithHydrationScripts({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Scripts />
    </>
  );
}

export async function renderPage({ url, origin, settings, data, template }: RenderInput): Promise<RenderedPage> {
  setServerData(data);
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }), WithHydrationScripts);
  attachRouterServerSsrUtils({ router, manifest: undefined });
  try {
    router.update({ ...router.options, origin });
    await router.load();
    // The settings of this render (the store is read while React renders, synchronously below).
    useSiteSettingsStore.getState().apply(settings);
    useSiteSettingsStore.setState({ loaded: true });
    await router.serverSsr!.dehydrate();

    let declared: PageMeta | null = null;
    const app = renderToString(
      <PageMetaSink.Provider value={(meta) => (declared = meta)}>
        <RouterServer router={router} />
      </PageMetaSink.Provider>,
    );
    const status = getSsrStatus(router);
    const body = (await transformHtmlStringWithRouter(router, app)).replace(/^<!DOCTYPE html>/i, '');

    const { matches, location } = router.state;
    const leaf = matches[matches.length - 1];
    const post = leaf?.routeId === '/blog/$id' && leaf.status === 'success' ? (leaf.loaderData as Blog) : undefined;
    const head = buildHead({
      origin,
      canonicalPath: canonicalPath(location.pathname, location.search as Record<string, unknown>),
      status,
      site: siteView(settings),
      meta: declared,
      routeId: leaf?.routeId ?? '__root__',
      post,
    });
    const html = template
      .replace(/<html lang="[^"]*">/, `<html lang="${pageLanguage(location.pathname)}">`)
      .replace(/<title>[\s\S]*?<\/title>\s*/, '')
      .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '')
      .replace('</head>', () => `  ${head}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
      .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => afterFirstPaint(src));
    return { status, html };
  } finally {
    router.serverSsr?.cleanup();
  }
}
