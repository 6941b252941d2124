// A bank's CSV export read as credits. Banks put account details above the table and name their
// columns each their own way, so the admin maps the columns once by their names in the file.
import { parse } from 'csv-parse/sync';
import type { Schemas } from '../../contract.js';
import type { BankCredit } from './model.js';

export type BankMapping = Schemas['BankMapping'];
type BankCreditMode = Schemas['BankCreditMode'];

export interface Statement {
  /** The column names of the table's heading row (empty when none was found). */
  columns: string[];
  credits: BankCredit[];
  skipped: { line: number; reason: string }[];
}

export const statementMessages = {
  unreadable: 'The file could not be read as CSV. Please upload the statement as the bank exports it (CSV).',
  noColumn: (name: string) => `The file has no column “${name}”. Please choose its columns again.`,
  noReference: 'Please choose the column that holds the reference, or the description (narration) that carries it.',
  badAmount: 'the amount could not be read',
};

/** How the money came, as the bank's line says it; `unknown` when it does not. */
export function creditMode(credit: Pick<BankCredit, 'reference' | 'description'>): BankCreditMode {
  const line = `${credit.description} ${credit.reference}`.toUpperCase();
  if (/\bUPI\b/.test(line)) return 'upi';
  if (/\b(CASH|CSH)\b/.test(line)) return 'cash';
  if (/\b(NEFT|RTGS|IMPS|TRF|TRANSFER|INB|NETBANKING)\b/.test(line)) return 'bank';
  if (/\b(CHQ|CHEQUE|CLG|CLEARING|MICR)\b/.test(line)) return 'cheque';
  return 'unknown';
}

/** The file's lines, each a list of trimmed cells; null when it is not CSV at all. */
function readRows(csv: string): { cells: string[]; line: number }[] | null {
  try {
    const lines: number[] = [];
    const options = { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true };
    const records = parse(csv, { ...options, on_record: (record: string[], { lines: line }: { lines: number }) => (lines.push(line), record) });
    return records.map((cells, index) => ({ cells, line: lines[index]! }));
  } catch {
    return null;
  }
}

const guesses: [keyof BankMapping, RegExp][] = [
  ['date', /^(txn|tran|transaction|value)?\s*\.?\s*date|^date/i],
  ['amount', /credit|deposit|^cr\b|amount/i],
  ['reference', /ref|utr|chq|cheque/i],
  ['description', /desc|narration|particular|remark|details/i],
];

/** A mapping guessed from the column names, for the admin to confirm. */
export function guessMapping(columns: string[]): BankMapping | null {
  const mapping: Partial<BankMapping> = {};
  for (const [field, pattern] of guesses) {
    const column = columns.find((name) => pattern.test(name) && !/debit|withdraw|balance/i.test(name) && !Object.values(mapping).includes(name));
    if (column) mapping[field] = column;
  }
  return mapping.date && mapping.amount && (mapping.reference || mapping.description) ? (mapping as BankMapping) : null;
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** YYYY-MM-DD of the dates banks write (2026-04-05, 05/04/2026, 05-04-26, 05 Apr 2026, 05-Apr-2026), or ''. */
export function readDate(text: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const dmy = /^(\d{1,2})[/.\- ]([A-Za-z]{3,9}|\d{1,2})[/.\- ,]+(\d{2}|\d{4})\b/.exec(text);
  let [year, month, day] = iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : [0, 0, 0];
  if (!iso && dmy) {
    month = /\d/.test(dmy[2]!) ? Number(dmy[2]) : months.indexOf(dmy[2]!.slice(0, 3).toLowerCase()) + 1;
    day = Number(dmy[1]);
    year = dmy[3]!.length === 2 ? 2000 + Number(dmy[3]) : Number(dmy[3]);
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid = year > 1999 && month >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? date.toISOString().slice(0, 10) : '';
}

/** Rupees of a credit cell ("1,20,000.00", "₹500", "500 CR"); 0 for an empty cell; NaN when unreadable. */
export function readAmount(text: string): number {
  const plain = text.replace(/[₹,\s]|INR|Rs\.?|CR$/gi, '');
  if (!plain) return 0;
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain) : Number.NaN;
}

/**
 * The credits of the file under a mapping. The heading row is the first that has the mapped
 * date and amount columns (a mapping names them as the file does); rows above it are the bank's
 * account details, and rows without an amount are debits.
 */
export function readStatement(csv: string, mapping: BankMapping | null): Statement | 'unreadable' {
  const rows = readRows(csv);
  if (!rows) return 'unreadable';
  const isHeading = mapping
    ? (cells: string[]) => cells.includes(mapping.date) && cells.includes(mapping.amount)
    : (cells: string[]) => guessMapping(cells) !== null;
  const headingIndex = rows.findIndex((row) => isHeading(row.cells));
  const heading = headingIndex >= 0 ? rows[headingIndex]!.cells : (rows[0]?.cells ?? []);
  const columns = heading.filter(Boolean);
  if (!mapping || headingIndex < 0) return { columns, credits: [], skipped: [] };

  const at = (cells: string[], name: string | undefined) => (name ? (cells[heading.indexOf(name)] ?? '') : '');
  const credits: BankCredit[] = [];
  const skipped: Statement['skipped'] = [];
  for (const { cells, line } of rows.slice(headingIndex + 1)) {
    const amount = readAmount(at(cells, mapping.amount));
    if (amount === 0) continue;
    if (Number.isNaN(amount)) {
      skipped.push({ line, reason: statementMessages.badAmount });
      continue;
    }
    const [reference, description] = [at(cells, mapping.reference), at(cells, mapping.description)];
    credits.push({ line, date: readDate(at(cells, mapping.date)), amount, reference, description, mode: creditMode({ reference, description }) });
  }
  return { columns, credits, skipped };
}

/** The mapped column the file lacks, if any. */
export const missingColumn = (columns: string[], mapping: BankMapping) =>
  [mapping.date, mapping.amount, mapping.reference, mapping.description].find((name) => name !== undefined && !columns.includes(name));
