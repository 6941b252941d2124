import type { Schemas } from '../../contract.js';
import { creditMode } from './bank-statement.js';
import type { Donation, Receipt } from './model.js';

/** ABCPT1234F → ABCPT••••F: enough to tell two donors apart, not enough to use. */
export const maskPan = (pan: string) => (pan ? `${pan.slice(0, 5)}••••${pan.slice(-1)}` : '');

/** The first and last few characters of an address (usually a house and a PIN code). */
export function maskAddress(address: string): string {
  const flat = address.replace(/\s+/g, ' ').trim();
  if (!flat) return '';
  return flat.length <= 12 ? '••••' : `${flat.slice(0, 4)}••••${flat.slice(-6)}`;
}

/** Capitals and digits only: the same reference typed with spaces, dashes or small letters is one. */
export const referenceKey = (reference: string) => reference.toUpperCase().replace(/[^A-Z0-9]/g, '');

export const toReceiptSummary = (receipt: Receipt): Schemas['ReceiptSummary'] => ({
  id: receipt._id.toHexString(),
  number: receipt.number,
  status: receipt.status,
  issued_at: receipt.issuedAt.toISOString(),
  cancelled_at: receipt.cancelledAt?.toISOString() ?? null,
  cancel_reason: receipt.cancelReason,
});

/** K1234567 → K1••••67. */
export const maskPassport = (passport: string) => (passport ? `${passport.slice(0, 2)}••••${passport.slice(-2)}` : '');

/** A foreign contribution (FCRA), kept apart from the domestic gifts. */
export const isForeign = (donation: Pick<Donation, 'citizenship'>) => donation.citizenship === 'foreign';

/** It gets an 80G receipt and goes in Form 10BD: an Indian donor's always, a foreign one's once an admin says so. */
export const isEligible80g = (donation: Pick<Donation, 'citizenship' | 'eligible80g'>) => !isForeign(donation) || donation.eligible80g === true;

/** A donation as the admin's lists show it: PAN, address and passport masked. */
export function toDonationView(donation: Donation, receipts: Receipt[]): Schemas['Donation'] {
  const own = receipts.filter((receipt) => receipt.donation.equals(donation._id)).sort((a, b) => a.issue - b.issue);
  const current = own.find((receipt) => receipt.status === 'issued');
  return {
    id: donation._id.toHexString(),
    name: donation.name,
    email: donation.email,
    mobile: donation.mobile,
    amount: donation.amount,
    campaign_id: donation.campaign_id || null,
    program: donation.program ?? '',
    reference: donation.reference,
    mode: donation.mode,
    monthly: donation.monthly,
    lang: donation.lang,
    pan: maskPan(donation.pan),
    address: maskAddress(donation.address),
    status: donation.status,
    reason: donation.reason,
    source: donation.source,
    fy: donation.fy,
    reported_at: donation.createdAt.toISOString(),
    received_on: donation.receivedOn,
    donation_type: donation.donationType,
    bank_match: donation.bankMatch ? { ...donation.bankMatch, mode: donation.bankMatch.mode ?? creditMode(donation.bankMatch) } : null,
    receipt: current ? toReceiptSummary(current) : null,
    receipts: own.map(toReceiptSummary),
    citizenship: donation.citizenship ?? 'indian',
    country: donation.country ?? '',
    passport_number: maskPassport(donation.passportNumber ?? ''),
    eligible_80g: isEligible80g(donation),
  };
}
