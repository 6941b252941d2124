// What the site's anonymous forms (volunteer, contact, forgotten password) send for the server's protection
// (openapi.yaml, x-anonymous-form): the hidden honeypot's value and how long the form was on
// screen. The server refuses a form sent sooner than its minimum, so a fast person waits here.

/** openapi.yaml's minimum-ms for these forms, and a little more for rounding. */
export const formMinimumMs = 3000;
let waitMs = formMinimumMs + 100;

/** Component tests that are not about the wait send at once; anonymous-form.test.ts turns it back on. */
export function setFormWaitMs(ms: number): void {
  waitMs = ms;
}

/** Waits until the form opened at `openedAt` (performance.now()) has been on screen long enough; its time on screen in ms. */
export async function waitOutMinimum(openedAt: number): Promise<number> {
  // A timer may fire a millisecond early by performance.now(), so wait until the time has truly passed.
  for (let shown = performance.now() - openedAt; shown < waitMs; shown = performance.now() - openedAt) {
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(waitMs - shown)));
  }
  return Math.round(performance.now() - openedAt);
}
