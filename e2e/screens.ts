// What a page looks like to a check: axe-core's serious and critical violations, and full-page
// screenshots in the artifacts folder, each taken once the page has stopped moving.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { e2e } from './harness';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * Waits until every finite CSS transition and animation on the page has ended (a spinner's
 * endless one excepted): a toast or dialog caught halfway through its entrance is measured at
 * colours and places it never rests at.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    // A cancelled animation (its element removed) rejects `finished`; it is settled too.
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Runs axe-core on the page as it is and returns its serious and critical violations, formatted.
 * axe is evaluated through the DevTools protocol, so the site's CSP (no inline scripts) stays on.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
    );
}

/**
 * Waits until the page stops changing: its CSS transitions and animations have ended and the DOM
 * has not changed for `quietMs` (a counter that counts up in script is done). Gives up quietly
 * after `maxMs`, as a screenshot of a page that never rests is still worth having.
 */
async function pageAtRest(page: Page, { quietMs = 300, maxMs = 8000 } = {}): Promise<void> {
  await animationsSettled(page);
  await page.evaluate(
    ({ quietMs, maxMs }) =>
      new Promise<void>((resolve) => {
        let quietTimer = setTimeout(done, quietMs);
        const giveUp = setTimeout(done, maxMs);
        const observer = new MutationObserver(() => {
          clearTimeout(quietTimer);
          quietTimer = setTimeout(done, quietMs);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        function done() {
          observer.disconnect();
          clearTimeout(quietTimer);
          clearTimeout(giveUp);
          resolve();
        }
      }),
    { quietMs, maxMs },
  );
}

/**
 * A full-page PNG in the artifacts folder, named `<name>.png`. The page is scrolled through first
 * so lazy images and scroll-triggered sections are shown as a visitor would see them.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(e2e.artifactsDir, { recursive: true });
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await pageAtRest(page);
  const file = path.join(e2e.artifactsDir, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
