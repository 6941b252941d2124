// The first paint looks up only font families the device has: on Linux each family Chromium
// has not met is a round trip to the browser process before the first paint. This machine has the
// Noto families an Android phone has (.ci/run installs fonts-noto-core).
import { execFileSync } from 'node:child_process';
import { beforeAll, expect, test } from 'vitest';
import { e2e, launchBrowser } from './harness';

let installed: Set<string>;

beforeAll(async () => {
  installed = new Set(
    execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' })
      .split('\n')
      .flatMap((line) => line.split(','))
      .map((family) => family.trim())
      .filter(Boolean),
  );
});

/**
 * The font families `pathname`'s rendering asked the system for, in order (scripts off: the
 * server's HTML alone). A browser of its own, as on a first visit: a renderer that has met the
 * families before answers from its cache and looks up nothing.
 */
async function familiesLookedUp(pathname: string): Promise<string[]> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await browser.startTracing(page, { categories: ['fonts'] });
    await page.goto(new URL(pathname, e2e.baseUrl).href, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: { name: string; args?: { family_name?: string } }[] };
    return trace.traceEvents.filter((event) => event.name === 'FontDataManager::onMatchFamilyStyle').map((event) => event.args?.family_name ?? '');
  } finally {
    await browser.close();
  }
}

test.each(['/about', '/blog', '/login', '/hi/about'])('%s looks up no font family this machine lacks', async (pathname) => {
  for (const family of ['Noto Sans', 'Noto Serif', 'Noto Sans Devanagari']) {
    expect(installed.has(family), `${family} is installed, as on an Android phone (fonts-noto-core)`).toBe(true);
  }
  const families = await familiesLookedUp(pathname);
  // The trace does record lookups (a renamed event would otherwise pass this test unseen).
  expect(families.length).toBeGreaterThan(0);
  // A first layout that met a face still being matched can look up the generic families once;
  // a family the page's styles ask for that the device lacks is looked up on every first visit.
  const lacking = families.filter((family) => !installed.has(family));
  if (lacking.length > 0) {
    console.warn(`${pathname}: the first visit looked up ${lacking.join(', ')}; measuring a second first visit`);
    expect((await familiesLookedUp(pathname)).filter((family) => !installed.has(family))).toEqual([]);
  }
});
