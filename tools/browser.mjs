// The one way tests, bench and the Docker test start a browser: Debian's Chromium through
// playwright-core, headless, with nothing of its own on the network (no QUIC, updates or sync).
// Each launch gets a fresh temporary profile (playwright's own user-data dir, removed on close).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether there is a Chromium to launch (the bench skips its browser rows without one). */
export const haveChromium = () => existsSync(chromiumPath);

/** `args` come after the shared flags (e.g. a DevTools port); `env` is added to the browser's. */
export function launchBrowser({ args = [], env } = {}) {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumFlags, ...args],
    ...(env ? { env: { ...process.env, ...env } } : {}),
  });
}
