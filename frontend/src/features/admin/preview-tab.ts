import type { Outcome } from './api';
import { notify } from './toasts';

/**
 * Opens a signed preview link in a new tab: the tab is opened at the click (a browser blocks one
 * opened later), then sent to the link once `link()` gives it (a post's page, a page's draft).
 */
export async function openInNewTab(link: () => Promise<Outcome<string>>): Promise<void> {
  const tab = window.open('', '_blank');
  const outcome = await link();
  if (!outcome.ok) {
    tab?.close();
    notify.error(outcome.message);
    return;
  }
  if (!tab) {
    window.location.assign(outcome.data);
    return;
  }
  tab.opener = null;
  tab.location.href = outcome.data;
}
