// A form posted to a page before its script took over is sent back to that page (303): only
// ever to a page of this site, whatever path it was posted to.
import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  // The redirect reads no build: an empty folder stands in for the frontend.
  t = await startTestApp({ env: { PAGES_DIR: mkdtempSync(path.join(tmpdir(), 'ngo-pages-')) } });
});
afterAll(() => t?.stop());

/** A POST to this exact path, as a browser or a script sends it (no URL resolution on the way). */
const postTo = (rawPath: string) =>
  new Promise<{ status: number; location: string | undefined; cacheControl: string | undefined }>((resolve, reject) => {
    const { hostname, port } = new URL(t.url);
    const req = request({ host: hostname, port, method: 'POST', path: rawPath, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, cacheControl: res.headers['cache-control'] }));
    });
    req.on('error', reject);
    req.end('email=a%40b.org&password=secret');
  });

describe('a form posted before the script took over', () => {
  it('is sent back to its own page', async () => {
    expect(await postTo('/login')).toEqual({ status: 303, location: '/login', cacheControl: 'no-store' });
    expect((await postTo('/hi/about?x=1')).location).toBe('/hi/about');
  });

  it('never leaves the site: leading slashes and backslashes collapse to one slash', async () => {
    const cases: [string, string][] = [
      ['//evil.example/', '/evil.example/'],
      ['///evil.example', '/evil.example'],
      ['/\\evil.example', '/evil.example'],
      ['/\\/evil.example/login', '/evil.example/login'],
    ];
    for (const [sent, expected] of cases) {
      const { status, location } = await postTo(sent);
      expect(status, sent).toBe(303);
      expect(location, sent).toBe(expected);
      expect(new URL(location!, 'https://ngo.example.org/').host, sent).toBe('ngo.example.org');
    }
  });
});
