// Foreign contributions (the Foreign Contribution (Regulation) Act, 2010): money from a foreign
// source (a foreign citizen, an OCI or PIO card holder; not an Indian citizen abroad) may only be
// received by a registered organisation, into its FCRA account, and is accounted for apart.
import { legalText, type Lang } from '@ngo-site/shared';
import { badRequest } from '../../http/errors.js';
import type { Database } from '../../database.js';
import { csvCell } from '../donations/form-10bd.js';
import { indianDate } from '../donations/financial-year.js';
import type { Donation } from '../donations/model.js';
import { currentSettings } from '../settings/service.js';
import { complianceMessages } from './messages.js';

interface Gift {
  citizenship?: 'indian' | 'foreign';
  country?: string;
  passport_number?: string;
}

/**
 * 400 for a gift from a foreign source the organisation may not take: none at all without an
 * FCRA registration (the legal sentence, in the donor's language), and none without the donor's
 * country and passport number, which its FC accounts need.
 */
export async function checkForeignGift(db: Database, gift: Gift, lang: Lang): Promise<void> {
  if (gift.citizenship !== 'foreign') return;
  const { settings } = await currentSettings(db);
  if (!settings.fcra_registration.trim()) {
    throw badRequest(legalText(settings.legal, 'fcra_refusal', lang), [{ field: 'citizenship', message: 'citizenship foreign needs an FCRA registration' }]);
  }
  const missing = (['country', 'passport_number'] as const).filter((field) => !gift[field]);
  if (missing.length)
    throw badRequest(
      complianceMessages.foreignNeedsPassport,
      missing.map((field) => ({ field, message: `${field} is required for a foreign source` })),
    );
}

export const fcLedgerColumns = [
  'Sr. No.',
  'Date of receipt',
  'Name of donor',
  'Country',
  'Passport number',
  'Amount (Indian rupees)',
  'Bank reference',
  'E-mail',
] as const;

const row = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The year's foreign contributions in the order the money arrived, as a spreadsheet reads them. */
export function fcLedgerCsv(donations: Donation[]): string {
  const rows = [...donations]
    .sort((a, b) => a.receivedOn.localeCompare(b.receivedOn) || a._id.toHexString().localeCompare(b._id.toHexString()))
    .map((donation, index) =>
      row([
        String(index + 1),
        indianDate(donation.receivedOn),
        donation.name,
        donation.country ?? '',
        donation.passportNumber ?? '',
        String(donation.amount),
        donation.reference,
        donation.email,
      ]),
    );
  return `\uFEFF${row([...fcLedgerColumns])}${rows.join('')}`;
}
