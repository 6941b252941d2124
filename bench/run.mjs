// `npm run bench` (= node bench/run.mjs [--quick] [--strict]): the benchmark is TypeScript that
// imports the backend's own sources, so tsx's loader is registered before it is loaded.
import { register } from 'tsx/esm/api';

register();
await import('./src/main.ts');
