// A page's query as its renders and cache see it: only the parameters the page reads
// (shared/page-queries.js). 300 visits with distinct query strings cost at most 1.5x the renders
// of 300 visits of the same page; before, each distinct query was a render and an entry of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { standInBuild } from '../../test/site-build.js';

const pagesDir = standInBuild(
  'page-queries',
  `export async function renderPage({ url }) {
  globalThis.pageRenders = (globalThis.pageRenders ?? 0) + 1;
  return { status: 200, html: '<!doctype html><p data-url="' + url.replace(/&/g, '&amp;') + '">page</p>' };
}
`,
);

const renders = () => (globalThis as { pageRenders?: number }).pageRenders ?? 0;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PAGES_DIR: pagesDir } });
});
afterAll(() => t?.stop());

/** The renders that `visits` cost, made ten at a time. */
async function rendersOf(visits: string[]) {
  const before = renders();
  for (let index = 0; index < visits.length; index += 10) {
    const answers = await Promise.all(visits.slice(index, index + 10).map((address) => t.request.get(address)));
    for (const res of answers) expect(res.status).toBe(200);
  }
  return renders() - before;
}
const renderedUrl = async (address: string) => /data-url="([^"]*)"/.exec((await t.request.get(address)).text)![1]!.replace(/&amp;/g, '&');

describe("a page's query", () => {
  it('300 visits with distinct query strings cost at most 1.5x the renders of 300 visits of the same page', async () => {
    const same = await rendersOf(Array.from({ length: 300 }, () => '/about'));
    const distinct = await rendersOf(Array.from({ length: 300 }, (_, index) => `/programs?x=${index}&utm_source=mail${index}`));
    console.log(`renders: 300 visits of one page ${same}, 300 with distinct queries ${distinct} (ratio ${(distinct / same).toFixed(2)})`);
    expect(same).toBeGreaterThanOrEqual(1);
    expect(distinct).toBeLessThanOrEqual(1.5 * same);
  });

  it("is rendered with the page's own parameters only, in one order", async () => {
    expect(await renderedUrl('/blog?utm_source=x&page=2&q=wells')).toBe('/blog?q=wells&page=2');
    expect(await renderedUrl('/hi/gallery?category=water&fbclid=abc')).toBe('/hi/gallery?category=water');
    expect(await renderedUrl('/donate?paid=1&x=1')).toBe('/donate?paid=1');
    expect(await renderedUrl('/volunteer?sent=1&x=1')).toBe('/volunteer?sent=1');
    expect(await renderedUrl('/about?page=2')).toBe('/about');
    // The same parameters in any order, with anything beside them, share one render.
    const before = renders();
    for (const address of ['/blog?page=3&q=trees', '/blog?q=trees&page=3', '/blog?q=trees&x=1&page=3']) await t.request.get(address).expect(200);
    expect(renders() - before).toBe(1);
  });
});
