// The server side of the public pages (`vite build --ssr` into dist-server/), loaded by the
// backend as the shared package's Renderer: HTML with the page's content, its head and the
// router's state, which the browser's main.tsx hydrates.
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import type { RenderInput, RenderedPage } from '@ngo-site/shared';
import { Scripts, createMemoryHistory } from '@tanstack/react-router';
import { RouterServer, attachRouterServerSsrUtils, getSsrStatus, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server';
import { langOfPath } from './i18n/paths';
import { createProgramList } from './features/programs/program-list';
import { createAppRouter } from './router';
import type { RouterContext } from './router-context';
import { createSiteSettings, siteView } from './site';
import { buildHead } from './ssr/head';
import { PageMetaSink, type PageMeta } from './ssr/page-meta';

/** The query parameters that select what a list shows, in a fixed order, for the canonical URL. */
function canonicalPath(pathname: string, search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const name of ['category', 'q', 'page']) if (search[name] !== undefined) params.set(name, String(search[name]));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The app's script, requested at low priority once the page has painted (after 4 s at the latest),
 * so the first paint never waits for it. On a Hindi page, a device with no Devanagari face of its
 * own is marked `fonts-ready`, which brings in the self-hosted face (styles/fonts.css).
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

export async function renderPage({ url, origin, settings, data, template, form }: RenderInput): Promise<RenderedPage> {
  // This request's settings and content go in this router's context, never in module state:
  // renders of other requests interleave with this one at every await.
  const context: RouterContext = {
    content: data,
    site: createSiteSettings(settings),
    programs: createProgramList((lang) => data.programs(lang)),
    postedForm: { current: form },
  };
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }), context, InnerWrap: WithHydrationScripts });
  attachRouterServerSsrUtils({ router, manifest: undefined });
  try {
    router.update({ ...router.options, origin });
    await router.load();
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
    const post = leaf?.routeId === '/{-$lang}/blog/$id' && leaf.status === 'success' ? leaf.loaderData : undefined;
    const event = leaf?.routeId === '/{-$lang}/events/$id' && leaf.status === 'success' ? leaf.loaderData : undefined;
    const head = buildHead({
      origin,
      canonicalPath: canonicalPath(location.pathname, location.search as Record<string, unknown>),
      status,
      site: siteView(settings),
      meta: declared,
      routeId: leaf?.routeId ?? '__root__',
      post,
      event,
    });
    const html = template
      // The query it was rendered with (the parameters the page reads): the browser's router starts from it.
      .replace(
        /<html lang="[^"]*">/,
        `<html lang="${langOfPath(location.pathname)}" data-search="${new URL(url, origin).search.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`,
      )
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
