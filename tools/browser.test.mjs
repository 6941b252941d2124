// The shared launcher starts Chromium with its flags, the caller's extras and a profile of its
// own per launch, gone once the browser closes.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { chromiumFlags, haveChromium, launchBrowser } from './browser.mjs';

/** The browser process's own command line, as the system sees it. */
async function commandLine(browser) {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = await session.send('SystemInfo.getProcessInfo');
  await session.detach();
  const pid = processInfo.find((process) => process.type === 'browser').id;
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
}

test('each launch runs Chromium with the shared flags, the extras and a fresh profile', { skip: !haveChromium() && 'no Chromium' }, async () => {
  const first = await launchBrowser({ args: ['--lang=hi'] });
  const second = await launchBrowser();
  try {
    const [a, b] = [await commandLine(first), await commandLine(second)];
    for (const flag of chromiumFlags) assert.ok(a.includes(flag) && b.includes(flag), flag);
    assert.ok(a.includes('--lang=hi') && !b.includes('--lang=hi'));
    const profile = (args) => args.find((arg) => arg.startsWith('--user-data-dir='))?.slice('--user-data-dir='.length);
    const [pa, pb] = [profile(a), profile(b)];
    assert.ok(pa && pb && pa !== pb, `profiles ${pa} and ${pb}`);
    assert.ok(existsSync(pa));
    const page = await first.newPage();
    await page.setContent('<p>ready</p>');
    assert.equal(await page.textContent('p'), 'ready');
    await first.close();
    assert.equal(existsSync(pa), false, 'the profile is removed on close');
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});
