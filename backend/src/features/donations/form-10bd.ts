// Form 10BD (rule 18AB): the statement of donations the organisation files for a financial year,
// in the column order of the income-tax portal's template, one row per receipt in force.
import { indianDate } from './financial-year.js';
import type { Receipt } from './model.js';

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return that some programs strip first) gets a leading apostrophe (OWASP "CSV
 * injection"); cells with a quote, comma or line break are quoted, quotes doubled (RFC 4180).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const form10bdColumns = [
  'Sr. No.',
  'Pre Acknowledgement Number',
  'ID Code',
  'Unique Identification Number',
  'Section Code',
  'Unique Registration Number',
  'Date of Issuance of Unique Registration Number',
  'Name of donor',
  'Address of donor',
  'Donation Type',
  'Mode of receipt',
  'Amount of donation (Indian rupees)',
] as const;

/** ID Code 1 is a PAN; the others (Aadhaar, passport...) are not asked for by the site. */
const panIdCode = '1';
const electronicModes = 'Electronic modes including account payee cheque/draft';
/** The portal's "Mode of receipt": what the bank's line showed when a statement matched it (book.ts). */
const modeOfReceipt = (mode: Receipt['mode']) => (mode === 'cash' ? 'Cash' : electronicModes);

const row = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The file: a byte-order mark (spreadsheets then read names in any script), the headings, a row per receipt with a PAN. */
export function form10bdCsv(receipts: Receipt[]): string {
  const rows = receipts
    .filter((receipt) => receipt.status === 'issued' && receipt.donor.pan)
    .sort((a, b) => a.seq - b.seq)
    .map((receipt, index) =>
      row([
        String(index + 1),
        '',
        panIdCode,
        receipt.donor.pan,
        'Section 80G',
        receipt.issuer.registration80g,
        indianDate(receipt.issuer.registration80gDate),
        receipt.donor.name,
        receipt.donor.address.replace(/\s*\r?\n\s*/g, ', '),
        receipt.donationType,
        modeOfReceipt(receipt.mode),
        String(receipt.amount),
      ]),
    );
  return `\uFEFF${row([...form10bdColumns])}${rows.join('')}`;
}
