// Months of a pledge, as YYYY-MM, and the day of each that its reminder is due (India time).

/** The YYYY-MM `count` months after `month`. */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The YYYY-MM-DD of `day` in `month` (days run 1 to 28, so every month has it). */
export const dueOnIn = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;
