import type { components } from '@ngo-site/shared/contract';
import { apiClient } from '../../api/on-demand';
import { failureMessage } from '../../api/failure';
import { langQuery, type Lang } from '../../i18n/paths';
import { keptOfflineKey } from '../../offline/KeptForm';

export type DonationReport = Omit<components['schemas']['DonationInput'], 'website' | 'elapsed_ms'>;

/** The server's sentence for a report it kept, said again on the page a plain post leads to. */
export const reportedMessage = 'Thank you! We have your payment details. Once we find the payment in our bank account, we will e-mail your receipt.';

export const reportFailures = {
  failed: 'Your payment details could not be sent. Please try again in a moment.',
  noConnection: 'Your payment details could not be sent because the server could not be reached. Please try again in a moment.',
} as const;

/** `kept`: sent offline, the service worker keeps it to send later (the key it is kept under). */
export type ReportOutcome = { ok: boolean; message: string; kept?: string };

/** Sends "I have paid" with the spam signals the server checks, in the page's language. */
export async function reportDonation(report: DonationReport, spamSignals: { website: string; elapsedMs: number }, lang: Lang = 'en'): Promise<ReportOutcome> {
  try {
    // The client is loaded when the report is sent, not with the page.
    const { data, error, response } = await (
      await apiClient()
    ).POST('/api/donation_save.php', {
      params: { query: langQuery(lang) },
      body: { ...report, website: spamSignals.website, elapsed_ms: Math.max(0, Math.round(spamSignals.elapsedMs)) },
    });
    if (data?.success) return { ok: true, message: data.message, kept: keptOfflineKey(response) };
    return { ok: false, message: failureMessage(error) || reportFailures.failed };
  } catch {
    return { ok: false, message: reportFailures.noConnection };
  }
}
