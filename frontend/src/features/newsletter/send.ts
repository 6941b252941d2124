// What the subscribe box loads once someone starts filling it in (or sends it): the API client,
// the wait for the form's minimum time and the offline keeping, out of the script every post
// page loads before it works.
import { waitOutMinimum } from '../../api/anonymous-form';
import type { Lang } from '../../i18n/paths';
import { whenKeptFormSent } from '../../offline/KeptForm';
import { subscribe, type Outcome, type SubscribeFields } from './api';

export { whenKeptFormSent };

/** Sends the box once it has been on screen long enough; kept by the service worker when offline. */
export async function sendSubscription(
  fields: SubscribeFields,
  extra: { website: string; openedAt: number; page: string; noticeVersion: number },
  lang: Lang,
): Promise<Outcome> {
  const elapsedMs = await waitOutMinimum(extra.openedAt);
  return subscribe(fields, { ...extra, elapsedMs }, lang);
}
