import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { catalogsPlugin } from './scripts/catalogs.mjs';
import { chunkModulesManifest } from './scripts/chunk-modules-manifest';
import { compileHints } from './scripts/compile-hints';
import { inlineCss } from './scripts/inline-css';
import { site } from './src/site';

/** index.html names the organisation before the app runs; the name is kept in src/site.ts only. */
function siteNameInHtml(): Plugin {
  const escaped = site.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return { name: 'site-name-in-html', transformIndexHtml: (html) => html.replaceAll('%SITE_NAME%', escaped) };
}

// The backend to forward /api to in `vite dev` and `vite preview`.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

// `vite build --ssr src/entry-server.tsx` (second step of the build) writes the server renderer the
// backend loads: one self-contained ES module folder (no node_modules needed at run time).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // The router plugin must run before the React plugin so it can split route components out.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    // The catalogs are compiled for both builds: the server renders the Hindi pages too.
    catalogsPlugin(),
    ...(isSsrBuild ? [] : [chunkModulesManifest(), siteNameInHtml(), inlineCss(), compileHints()]),
  ],
  server: {
    proxy: { '/api': apiTarget },
  },
  preview: {
    proxy: { '/api': apiTarget },
  },
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist-server', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : { target: 'es2022', sourcemap: false, modulePreload: { polyfill: false } },
}));
