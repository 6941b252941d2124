import { describe, expect, it } from 'vitest';
import { formatPostDate } from './display';

describe('formatPostDate', () => {
  it('writes every month of both locales as ICU does', () => {
    for (const locale of ['en-IN', 'hi-IN']) {
      for (let month = 1; month <= 12; month++) {
        for (const day of [1, 9, 28]) {
          const date = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const icu = new Date(Date.UTC(2026, month - 1, day)).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
          expect(formatPostDate(date, locale)).toBe(icu);
        }
      }
    }
  });

  it('reads the calendar date whatever the time that follows, and says so when there is none', () => {
    expect(formatPostDate('2025-03-05T23:30:00-10:00')).toBe('5 March 2025');
    expect(formatPostDate('2025-03-05', 'hi-IN')).toBe('5 मार्च 2025');
    expect(formatPostDate('yesterday')).toBe('Unknown date');
    expect(formatPostDate('2025-02-30')).toBe('2 March 2025');
  });
});
