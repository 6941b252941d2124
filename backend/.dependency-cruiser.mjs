// The backend's layers (docs/architecture.md), held by `npm run lint`: no import circle, type-only
// imports included, and every import points down.
import path from 'node:path';

const src = '^backend/src/';
const layer = (name) => `${src}${name}/`;
// Tests may build whole apps; the layers are those of the production code.
const tests = '\\.test\\.ts$';

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'http-is-transport',
      comment: 'http/ knows no feature, mechanism or site; it imports only its own files and the base modules.',
      severity: 'error',
      from: { path: layer('http'), pathNot: tests },
      to: { path: src, pathNot: [layer('http'), `${src}(config|contract|format-bytes|session-token)\\.ts$`] },
    },
    {
      name: 'features-use-the-contract-helpers',
      comment: 'A feature imports from http/ only the typed contract helpers, its errors and the parsed contract.',
      severity: 'error',
      from: { path: layer('features'), pathNot: tests },
      to: { path: layer('http'), pathNot: `${layer('http')}(handlers|errors|openapi)\\.ts$` },
    },
    {
      name: 'features-are-below-the-site',
      comment: 'Features know nothing of the site, nor of the app that composes them.',
      severity: 'error',
      from: { path: layer('features'), pathNot: tests },
      to: { path: [layer('site'), `${src}(app|main)\\.ts$`] },
    },
    {
      name: 'mechanisms-know-no-feature',
      comment: 'The published-content cache, the idempotency records, the abuse limits, the claims and the jobs serve every feature and know none.',
      severity: 'error',
      from: { path: `${src}(published|idempotency|limits|invariants|jobs)/`, pathNot: tests },
      to: { path: [layer('features'), layer('site'), `${src}(app|main|services)\\.ts$`] },
    },
    {
      name: 'base-modules-stay-below',
      comment: 'config, the contract types, the session token and byte formatting import no layer.',
      severity: 'error',
      from: { path: `${src}(config|contract|format-bytes|session-token)\\.ts$` },
      to: { path: `${src}(http|features|published|idempotency|limits|invariants|jobs|site)/` },
    },
    {
      name: 'storage-imports-schemas-only',
      comment: 'database.ts gathers the storage schemas; it serves no request.',
      severity: 'error',
      from: { path: `${src}database\\.ts$` },
      to: { path: [layer('http'), layer('site'), `${src}(app|main|services)\\.ts$`, '/(routes|service)\\.ts$'] },
    },
    {
      name: 'only-the-entry-points-compose',
      comment: 'app.ts composes the layers; inside src only main.ts and the command-line tools start it.',
      severity: 'error',
      from: { path: src, pathNot: [`${src}(main\\.ts|cli/)`, tests] },
      to: { path: `${src}(app|main)\\.ts$` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(import.meta.dirname, 'tsconfig.json') },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.gen\\.'] },
  },
};
