// Indian financial years run from 1 April to 31 March and are written 2026-27; the day of a
// payment is the day in India, whatever the server's clock zone.

const indiaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of a moment, in India. */
export const dayInIndia = (moment: Date) => indiaDay.format(moment);

/** The financial year a YYYY-MM-DD day belongs to: 2027-03-31 → 2026-27, 2027-04-01 → 2027-28. */
export function financialYearOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Whether a name such as 2026-27 is a financial year (the second part follows the first). */
export const isFinancialYear = (fy: string) => /^\d{4}-\d{2}$/.test(fy) && financialYearOf(`${fy.slice(0, 4)}-04-01`) === fy;

/** The first and last day of a financial year, for reports. */
export function financialYearDays(fy: string): { from: string; to: string } {
  const start = Number(fy.slice(0, 4));
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** DD-MM-YYYY, as receipts and Form 10BD write dates. */
export const indianDate = (day: string) => (day ? `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}` : '');
