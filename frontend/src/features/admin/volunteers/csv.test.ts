import { describe, expect, it } from 'vitest';
import type { Volunteer } from '../api';
import { csvCell, toCsv, volunteersCsv, volunteersCsvBlob } from './csv';

describe('CSV for volunteer registrations', () => {
  it('leaves plain cells as they are', () => {
    expect(csvCell('Priya Kumari')).toBe('Priya Kumari');
    expect(csvCell('')).toBe('');
    expect(csvCell('प्रिया')).toBe('प्रिया');
  });

  it('quotes cells with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvCell('Harmu, Ranchi')).toBe('"Harmu, Ranchi"');
    expect(csvCell('I teach "sometimes"')).toBe('"I teach ""sometimes"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=HYPERLINK("http://evil.example","x")', '+91 94311 52874', '-2+3', '@SUM(A1:A2)', '\tcmd', '\rcmd'])(
    'keeps a spreadsheet from reading %j as a formula',
    (value) => {
      const cell = csvCell(value);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(unquoted).toBe(`'${value}`);
    },
  );

  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c, d', '=1'],
      ]),
    ).toBe('a,b\r\n"c, d",\'=1\r\n');
  });

  const volunteer: Volunteer = {
    id: '65f1c0ffee0000000000aa01',
    name: 'Priya Kumari',
    email: 'priya@example.org',
    mobile: '+91 94311 52874',
    gender: 'Female',
    interest: 'teaching',
    start_date: '2025-04-01',
    address: 'Harmu, Ranchi',
    about: 'Weekends',
    created_at: '2025-03-05T10:00:00.000Z',
  };

  it('has a heading row and one row per registration', () => {
    expect(volunteersCsv([volunteer]).split('\r\n')).toEqual([
      'Registered,Name,Email,Mobile,Gender,Interest,Start date,Address,About',
      `2025-03-05T10:00:00.000Z,Priya Kumari,priya@example.org,'+91 94311 52874,Female,teaching,2025-04-01,"Harmu, Ranchi",Weekends`,
      '',
    ]);
  });

  it('is UTF-8 text with a byte-order mark', async () => {
    const blob = volunteersCsvBlob([volunteer]);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
