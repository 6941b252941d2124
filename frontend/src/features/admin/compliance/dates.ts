/** YYYY-MM-DD as the admin reads a date: 31-05-2027. */
export const indianDate = (day: string) => (day ? `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}` : '');

/** How far off a date is, in words. */
export function whenDue(daysLeft: number): string {
  if (daysLeft < 0) return `overdue by ${-daysLeft} day${daysLeft === -1 ? '' : 's'}`;
  if (daysLeft === 0) return 'today';
  return `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
}
