// A monthly pledge's call, apart from the one-time report's: only /donate/monthly loads it, with its texts.
import type { components } from '@ngo-site/shared/contract';
import { apiClient } from '../../api/on-demand';
import { failureMessage } from '../../api/failure';
import { langQuery, type Lang } from '../../i18n/paths';
import { keptOfflineKey } from '../../offline/KeptForm';
import type { ReportOutcome } from './api';

export type PledgeInput = Omit<components['schemas']['PledgeInput'], 'website' | 'elapsed_ms'>;

/** The server's sentence for a pledge it made, said again on the page a plain post leads to. */
export const pledgedMessage = 'Thank you! Your monthly pledge is made. Each month on the day you chose, we will e-mail you a UPI link and a QR code to pay.';

export const pledgeFailures = {
  failed: 'Your pledge could not be sent. Please try again in a moment.',
  noConnection: 'Your pledge could not be sent because the server could not be reached. Please try again in a moment.',
} as const;

/** `firstReminderOn`: the day of the first reminder (YYYY-MM-DD) when the server made the pledge. */
export type PledgeOutcome = ReportOutcome & { firstReminderOn?: string };

/** Makes a monthly pledge with the spam signals the server checks, in the page's language. */
export async function makePledge(pledge: PledgeInput, spamSignals: { website: string; elapsedMs: number }, lang: Lang = 'en'): Promise<PledgeOutcome> {
  try {
    const { data, error, response } = await (
      await apiClient()
    ).POST('/api/pledge_save.php', {
      params: { query: langQuery(lang) },
      body: { ...pledge, website: spamSignals.website, elapsed_ms: Math.max(0, Math.round(spamSignals.elapsedMs)) },
    });
    if (data?.success) return { ok: true, message: data.message, kept: keptOfflineKey(response), firstReminderOn: data.data?.first_reminder_on };
    return { ok: false, message: failureMessage(error) || pledgeFailures.failed };
  } catch {
    return { ok: false, message: pledgeFailures.noConnection };
  }
}
