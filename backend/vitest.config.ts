import { defineConfig } from 'vitest/config';
import { ciReporters } from '../tools/test-report.mjs';

// Every test file starts its own database server; two at a time suit a 2-core machine.
export default defineConfig({
  test: {
    ...ciReporters('backend'),
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // A worker's files share its modules: the app is imported and the contract compiled once per
    // worker, not once per file, which halves the suite. Tests keep no state in modules (no mocks,
    // no changes to process.env): each builds its app from a config of its own.
    isolate: false,
    // Contract cases that leave the database as it was run side by side (runCases' `concurrent`).
    maxConcurrency: 8,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
