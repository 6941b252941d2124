import type { components } from '@ngo-site/shared/contract';

type PageView = components['schemas']['PageViewInput'];

/** Pages that are not the public site: never reported (the server would not count them either). */
const untracked = /^\/(admin|login)(\/|$)/;

/**
 * Reports one view of a public page: its path and, for the first page of a visit, the host the
 * visitor came from (the server keeps only the host). No cookie, no identifier, no third party.
 * sendBeacon hands the report to the browser, so leaving the page never waits for it.
 */
export function reportPageView(path: string, referrer: string, send = sendReport): void {
  if (untracked.test(path)) return;
  const view: PageView = referrer ? { path, referrer } : { path };
  send(JSON.stringify(view));
}

function sendReport(body: string): void {
  const url = '/api/track.php';
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse a JSON beacon; a keepalive fetch does the same job.
  }
  void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'application/json' } }).catch(() => undefined);
}

/**
 * Calls `report` once per page the visitor opens (a change of path, not of the query or anchor),
 * with document.referrer for the first page only: later pages are reached from the site itself.
 */
export function pageViewReporter(report: (path: string, referrer: string) => void = reportPageView) {
  let lastPath: string | undefined;
  return (path: string) => {
    if (path === lastPath) return;
    const referrer = lastPath === undefined ? document.referrer : '';
    lastPath = path;
    report(path, referrer);
  };
}
