import { parse } from 'csv-parse/sync';
import type { MailLang } from '../mail/model.js';
import { csvCell } from '../volunteers/csv.js';
import type { Consent, Subscriber } from './model.js';
import { consentView } from './view.js';

/** A row of an imported file that holds an address. */
export interface ImportedRow {
  line: number;
  email: string;
  name: string;
  lang: MailLang | null;
}

const emailColumns = ['email', 'e-mail', 'email address', 'e-mail address', 'mail'];
// The shape ajv-formats checks for `format: email`, which the site's forms are held to.
const emailShape = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/**
 * The addresses of a CSV file with a heading row (`email`, and optionally `name` and `language`):
 * the rows that hold one, and the lines that do not. null when no column is an address's.
 */
export function readImport(text: string): { rows: ImportedRow[]; invalid: { line: number; value: string }[] } | null {
  const records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, trim: true }) as string[][];
  const heading = (records[0] ?? []).map((cell) => cell.toLowerCase());
  const at = (names: string[]) => heading.findIndex((cell) => names.includes(cell));
  const email = at(emailColumns);
  if (email < 0) return null;
  const name = at(['name', 'full name']);
  const language = at(['language', 'lang']);
  const rows: ImportedRow[] = [];
  const invalid: { line: number; value: string }[] = [];
  records.slice(1).forEach((record, index) => {
    const value = (record[email] ?? '').trim();
    const line = index + 2;
    if (value.length > 254 || !emailShape.test(value)) return void invalid.push({ line, value: value.slice(0, 254) });
    const lang = (record[language] ?? '').trim().toLowerCase();
    rows.push({
      line,
      email: value,
      name: (record[name] ?? '').slice(0, 100),
      lang: lang === 'hi' || lang === 'hindi' ? 'hi' : lang === 'en' || lang === 'english' ? 'en' : null,
    });
  });
  return { rows, invalid };
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : '');
const csvRow = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

const consentCell = (consents: Consent[]) =>
  consents
    .map(consentView)
    .map((consent) =>
      [consent.at, consent.source, consent.page, consent.notice_version ? `notice v${consent.notice_version}` : null, consent.detail].filter(Boolean).join(' '),
    )
    .join(' | ');

const columns: [heading: string, value: (subscriber: Subscriber, consents: Consent[]) => string][] = [
  ['Email', (s) => s.email],
  ['Name', (s) => s.name ?? ''],
  ['Language', (s) => s.lang],
  ['State', (s) => s.state],
  ['Added', (s) => iso(s.createdAt)],
  ['Confirmed', (s) => iso(s.confirmedAt)],
  ['Unsubscribed', (s) => iso(s.unsubscribedAt)],
  ['Bounced', (s) => iso(s.bouncedAt)],
  ['Bounce', (s) => s.bounce ?? ''],
  ['Consent', (_s, consents) => consentCell(consents)],
];

/** The subscribers as a spreadsheet reads them: a byte-order mark, a heading row, one row each. */
export function subscribersCsv(subscribers: Subscriber[], consentsOf: (email: string) => Consent[]): string {
  return `\uFEFF${csvRow(columns.map(([heading]) => heading))}${subscribers.map((subscriber) => csvRow(columns.map(([, value]) => value(subscriber, consentsOf(subscriber.email))))).join('')}`;
}
