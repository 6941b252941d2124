import { defineConfig } from 'vitest/config';

// Run by e2e/run.mjs, which starts the topology first and passes its addresses in E2E_* variables.
export default defineConfig({
  test: {
    root: 'e2e',
    include: ['**/*.test.ts'],
    // One browser at a time on a two-core machine; files share one database and one nginx.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
