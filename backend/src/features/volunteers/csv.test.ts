import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { csvCell, volunteersCsv } from './csv.js';
import type { Volunteer } from './model.js';

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

  const volunteer: Volunteer = {
    _id: new Types.ObjectId('65f1c0ffee0000000000aa01'),
    name: 'Priya Kumari',
    email: 'priya@example.org',
    mobile: '+91 94311 52874',
    gender: 'Female',
    interest: 'teaching',
    start_date: new Date('2025-04-01T00:00:00.000Z'),
    address: 'Harmu, Ranchi',
    about: 'Weekends',
    createdAt: new Date('2025-03-05T10:00:00.000Z'),
    updatedAt: new Date('2025-03-05T10:00:00.000Z'),
  };
  async function* rows(...volunteers: Volunteer[]) {
    yield* volunteers;
  }
  const written = async (source: AsyncIterable<Volunteer>) => {
    let counted = -1;
    let text = '';
    for await (const piece of volunteersCsv(source, async (count) => void (counted = count))) text += piece;
    return { text, counted };
  };

  it('starts with a byte-order mark and a heading row, then one CRLF line per registration', async () => {
    const { text, counted } = await written(rows(volunteer, { ...volunteer, name: 'Asha' }));
    expect(text.split('\r\n')).toEqual([
      '\uFEFFRegistered,Name,Email,Mobile,Gender,Interest,Start date,Address,About',
      `2025-03-05T10:00:00.000Z,Priya Kumari,priya@example.org,'+91 94311 52874,Female,teaching,2025-04-01,"Harmu, Ranchi",Weekends`,
      `2025-03-05T10:00:00.000Z,Asha,priya@example.org,'+91 94311 52874,Female,teaching,2025-04-01,"Harmu, Ranchi",Weekends`,
      '',
    ]);
    expect(counted).toBe(2);
  });

  it('says how many rows went out when the download stops half-way', async () => {
    let counted = -1;
    const pieces = volunteersCsv(rows(volunteer, volunteer, volunteer), async (count) => void (counted = count));
    await pieces.next();
    await pieces.next();
    await pieces.return(undefined);
    expect(counted).toBe(1);
  });
});
