import { defineConfig } from 'vitest/config';
import { ciReporters } from '../tools/test-report.mjs';

// Every test file starts its own database server; two at a time suit a 2-core machine.
export default defineConfig({
  test: {
    ...ciReporters('backend'),
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Contract cases that leave the database as it was run side by side (runCases' `concurrent`).
    maxConcurrency: 8,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
