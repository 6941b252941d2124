import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { messagesPlugin } from './scripts/messages.mjs';
import { chunkModulesManifest } from './scripts/chunk-modules-manifest';
import { site } from './src/site';

/** index.html names the organisation before the app runs; the name is kept in src/site.ts only. */
function siteNameInHtml(): Plugin {
  const escaped = site.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return { name: 'site-name-in-html', transformIndexHtml: (html) => html.replaceAll('%SITE_NAME%', escaped) };
}

// The backend to forward /api to in `vite dev` and `vite preview`.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // The router plugin must run before the React plugin so it can split route components out.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    messagesPlugin(),
    chunkModulesManifest(),
    siteNameInHtml(),
  ],
  server: {
    proxy: { '/api': apiTarget },
  },
  preview: {
    proxy: { '/api': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
