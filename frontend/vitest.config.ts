import { defineConfig } from 'vitest/config';
import { ciReporters } from '../tools/test-report.mjs';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { catalogsPlugin } from './scripts/catalogs.mjs';

export default defineConfig({
  plugins: [
    // Keeps src/routeTree.gen.ts current when tests run; no code splitting so routes render synchronously.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: false,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    catalogsPlugin(),
  ],
  test: {
    ...ciReporters('frontend'),
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // The shared package has no suite of its own: its few tests run here.
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', '../shared/src/**/*.test.ts'],
    restoreMocks: true,
    // jsdom renders slowly on a busy 2-core machine; a test that waits is not a failure of the page.
    testTimeout: 15_000,
  },
});
