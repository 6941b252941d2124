import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
let site: string;
beforeAll(async () => {
  site = mkdtempSync(path.join(tmpdir(), 'ngo-site-'));
  mkdirSync(path.join(site, 'assets'));
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>NGO</title><div id="root"></div>');
  writeFileSync(path.join(site, 'assets', 'index-3f2a1b.js'), 'console.log("app")');
  const bundle = `export const words = ${JSON.stringify('Ranchi '.repeat(400))};`;
  writeFileSync(path.join(site, 'assets', 'big-9c8d7e.js'), bundle);
  writeFileSync(path.join(site, 'assets', 'big-9c8d7e.js.br'), brotliCompressSync(bundle));
  writeFileSync(path.join(site, 'assets', 'big-9c8d7e.js.gz'), gzipSync(bundle));
  writeFileSync(path.join(site, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(site, '.vite'));
  writeFileSync(path.join(site, '.vite', 'chunk-modules.json'), '{"build":"record"}');
  t = await startTestApp({ env: { STATIC_DIR: site } });
});
afterAll(async () => {
  await t?.stop();
  rmSync(site, { recursive: true, force: true });
});

describe('the built frontend', () => {
  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.request.get('/assets/index-3f2a1b.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's .br or .gz copy with Content-Encoding and Vary, the file itself otherwise", async () => {
    const plain = await t.request.get('/assets/big-9c8d7e.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('Ranchi Ranchi');
    for (const [asked, sent] of [
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const res = await t.request.get('/assets/big-9c8d7e.js').set('Accept-Encoding', asked);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(sent);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(Number(res.headers['content-length'])).toBeLessThan(plain.text.length / 10);
      // superagent decodes both: the same text proves the right copy was sent.
      expect(res.text).toBe(plain.text);
    }
    // No copy was written for this one: it goes out as it is.
    const small = await t.request.get('/assets/index-3f2a1b.js').set('Accept-Encoding', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe('console.log("app")');
  });

  it('answers every page route with index.html, not cached', async () => {
    for (const route of ['/', '/gallery', '/admin/dashboard', '/blog/some-post']) {
      const res = await t.request.get(route);
      expect(res.status, route).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('serves other files by name and 404s missing assets and files outside the folder', async () => {
    expect((await t.request.get('/favicon.svg')).headers['content-type']).toMatch(/svg/);
    expect((await t.request.get('/assets/missing-123.js')).status).toBe(404);
    expect((await t.request.get('/%2e%2e/%2e%2e/etc/passwd')).text).not.toContain('root:');
  });

  it('never serves hidden files such as the build records in .vite/', async () => {
    for (const hidden of ['/.vite/chunk-modules.json', '/%2evite/chunk-modules.json', '/assets/../.vite/chunk-modules.json']) {
      const res = await t.request.get(hidden);
      expect(res.status, hidden).toBe(404);
      expect(res.text, hidden).not.toContain('record');
    }
  });

  it('leaves /api to the API', async () => {
    const res = await t.request.get('/api/unknown.php');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});
