import type { Volunteer } from './model.js';
import { toVolunteerView } from './view.js';

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return that some programs strip first) gets a leading apostrophe, so a registration
 * cannot make the admin's spreadsheet run anything (OWASP "CSV injection"). Cells with a quote,
 * comma or line break are quoted, with quotes doubled (RFC 4180).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row of cells, as RFC 4180 ends it. */
export const csvRow = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

type VolunteerView = ReturnType<typeof toVolunteerView>;
const columns: [heading: string, value: (volunteer: VolunteerView) => string][] = [
  ['Registered', (v) => v.created_at],
  ['Name', (v) => v.name],
  ['Email', (v) => v.email],
  ['Mobile', (v) => v.mobile],
  ['Gender', (v) => v.gender],
  ['Interest', (v) => v.interest],
  ['Start date', (v) => v.start_date],
  ['Address', (v) => v.address],
  ['About', (v) => v.about],
];

/**
 * The file, a piece at a time: a byte-order mark (so spreadsheet programs read names in any
 * script) and the heading row, then one row per registration as `rows` yields them. `done`
 * hears how many rows went out, also when the download stopped half-way.
 */
export async function* volunteersCsv(rows: AsyncIterable<Volunteer>, done: (count: number) => Promise<void>): AsyncGenerator<string> {
  let count = 0;
  try {
    yield `\uFEFF${csvRow(columns.map(([heading]) => heading))}`;
    for await (const row of rows) {
      const view = toVolunteerView(row);
      count++;
      yield csvRow(columns.map(([, value]) => value(view)));
    }
  } finally {
    await done(count);
  }
}
