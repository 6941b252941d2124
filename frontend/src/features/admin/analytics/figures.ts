import type { Analytics } from '../api';

const numberFormat = new Intl.NumberFormat('en-IN');
export const formatCount = (value: number) => numberFormat.format(value);

/** "+23%", "-5%", "no change", or "new" when there was nothing to compare with. */
export function changeAgainst(total: number, previous: number): string {
  if (previous === 0) return total === 0 ? 'no change' : 'new';
  const percent = Math.round(((total - previous) / previous) * 100);
  return percent === 0 ? 'no change' : `${percent > 0 ? '+' : ''}${percent}%`;
}

/** The sentence comparing a range with the one before it. */
export function comparison({ total, previous_total, days }: Pick<Analytics, 'total' | 'previous_total' | 'days'>): string {
  return `${changeAgainst(total, previous_total)} against the ${days} days before (${formatCount(previous_total)})`;
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "5 Mar" for 2025-03-05. */
export const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** Round axis steps (1, 2, 5, 10, 20, 50, ...) so that about four gridlines cover `max`. */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [0];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const ticks = [];
  for (let value = 0; value < max + step; value += step) ticks.push(value);
  return ticks;
}
