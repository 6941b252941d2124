// A stand-in for the frontend's build (frontend/dist and dist-server) for the backend's page
// tests: the page frame, and a renderer whose module source the test writes (the e2e tests run
// the real one).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A folder to run an app with as PAGES_DIR, rendering with `entryServer` (an ES module's source). */
export function standInBuild(name: string, entryServer: string): string {
  const pagesDir = mkdtempSync(path.join(tmpdir(), `ngo-${name}-`));
  mkdirSync(path.join(pagesDir, 'dist'));
  mkdirSync(path.join(pagesDir, 'dist-server'));
  writeFileSync(
    path.join(pagesDir, 'dist/index.html'),
    '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(pagesDir, 'dist-server/entry-server.js'), entryServer);
  return pagesDir;
}
