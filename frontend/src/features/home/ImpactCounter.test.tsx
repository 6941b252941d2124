import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route';
import { counterDurationMs } from './ImpactCounter';

const endValues = [
  ['People Impacted', '120+'],
  ['Trees Planted', '90+'],
  ['Clean Water Projects', '5+'],
  ['States Reached', '4+'],
] as const;

function valueOf(label: string): string | null | undefined {
  return screen.getByText(label).previousElementSibling?.textContent;
}

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('impact counters', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('count up from zero to 120+, 90+, 5+ and 4+ over 2.5 seconds', async () => {
    preferReducedMotion(false);
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout', 'performance'] });
    renderRoute('/');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(valueOf('People Impacted')).toBe('0+');

    await act(() => vi.advanceTimersByTimeAsync(counterDurationMs / 2));
    const halfway = Number.parseInt(valueOf('People Impacted') ?? '', 10);
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(120);

    await act(() => vi.advanceTimersByTimeAsync(counterDurationMs));
    for (const [label, value] of endValues) expect(valueOf(label)).toBe(value);
  });

  it('show the end values at once when the visitor prefers reduced motion', async () => {
    preferReducedMotion(true);
    renderRoute('/');
    await screen.findByText('People Impacted');
    for (const [label, value] of endValues) expect(valueOf(label)).toBe(value);
  });
});
