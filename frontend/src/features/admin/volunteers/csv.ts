import type { Volunteer } from '../api';

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

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const volunteerColumns: ReadonlyArray<[heading: string, value: (volunteer: Volunteer) => string]> = [
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

export function volunteersCsv(volunteers: readonly Volunteer[]): string {
  return toCsv([volunteerColumns.map(([heading]) => heading), ...volunteers.map((v) => volunteerColumns.map(([, value]) => value(v)))]);
}

/** The file to download: UTF-8 with a byte-order mark, so spreadsheet programs read names in any script. */
export function volunteersCsvBlob(volunteers: readonly Volunteer[]): Blob {
  return new Blob(['\uFEFF', volunteersCsv(volunteers)], { type: 'text/csv;charset=utf-8' });
}
