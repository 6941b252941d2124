import type { components, paths } from '@ngo-site/shared/contract';
import { api } from '../../../api/client';
import { attempt, sentence, type Outcome, failed } from '../api';

export type Donation = components['schemas']['Donation'];
export type DonationStatus = components['schemas']['DonationStatus'];
export type DonationFigures = components['schemas']['DonationFigures'];
export type BankMapping = components['schemas']['BankMapping'];
export type BankCredit = components['schemas']['BankCredit'];
export type BankStatementResult = components['schemas']['BankStatementResult'];
export type DonationQuery = NonNullable<paths['/api/get_donations.php']['get']['parameters']['query']>;

export function fetchDonations(query: DonationQuery): Promise<Outcome<{ donations: Donation[]; total: number }>> {
  return attempt(async () => {
    const { data, error, response } = await api.GET('/api/get_donations.php', { params: { query } });
    if (!data?.success) return failed(error, 'Could not load the donations');
    return { ok: true, data: { donations: data.data, total: Number(response.headers.get('X-Total-Count') ?? data.data.length) } };
  });
}

export function fetchFigures(): Promise<Outcome<DonationFigures>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_donation_figures.php');
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not load the donation figures');
  });
}

/** Confirms (issuing the receipt), rejects with a reason, or reopens; the server's sentence either way. */
export function setDonationStatus(id: string, status: DonationStatus, reason?: string): Promise<Outcome<string>> {
  return attempt(async () =>
    sentence(await api.POST('/api/update_donation.php', { body: { id, status, ...(reason && { reason }) } }), 'Could not change the donation'),
  );
}

export function reissueReceipt(id: string, reason: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/reissue_receipt.php', { body: { id, reason } }), 'Could not reissue the receipt'));
}

export function recordDonation(body: components['schemas']['DonationRecord']): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/add_donation.php', { body }), 'Could not record the donation'));
}

export function importStatement(csv: string, mapping?: BankMapping): Promise<Outcome<BankStatementResult>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/import_bank_statement.php', { body: { csv, ...(mapping && { mapping }) } });
    return data?.success ? { ok: true, data } : failed(error, 'Could not read the bank statement');
  });
}

/** A receipt's PDF, to save. */
export function fetchReceipt(id: string): Promise<Outcome<Blob>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_receipt.php', { params: { query: { id } }, parseAs: 'blob' });
    return data ? { ok: true, data } : failed(error, 'Could not download the receipt');
  });
}

/** Marks a foreign contribution eligible for an 80G receipt (issuing it), or not (cancelling it). */
export function setEligible80g(id: string, eligible: boolean): Promise<Outcome<string>> {
  return attempt(async () =>
    sentence(await api.POST('/api/set_donation_80g.php', { body: { id, eligible_80g: eligible } }), 'Could not change the 80G eligibility'),
  );
}

/** The ledger of a year's foreign contributions, as CSV. */
export function fetchFcLedger(fy: string): Promise<Outcome<Blob>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_fc_ledger.php', { params: { query: { fy } }, parseAs: 'blob' });
    return data ? { ok: true, data } : failed(error, 'Could not download the FC ledger');
  });
}

/** Form 10BD as CSV, and how many received donations it leaves out for want of a PAN. */
export function fetchForm10bd(fy: string): Promise<Outcome<{ csv: Blob; withoutPan: number }>> {
  return attempt(async () => {
    const { data, error, response } = await api.GET('/api/get_form10bd.php', { params: { query: { fy } }, parseAs: 'blob' });
    if (!data) return failed(error, 'Could not download Form 10BD');
    return { ok: true, data: { csv: data, withoutPan: Number(response.headers.get('X-Without-Pan') ?? 0) } };
  });
}
