import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route';
import { ImpactCounter, counterDurationMs } from './ImpactCounter';

const endValues = [
  ['People Impacted', '120+'],
  ['Trees Planted', '90+'],
  ['Clean Water Projects', '5+'],
  ['States Reached', '4+'],
] as const;

/** The figure a sighted visitor sees (while it counts, screen readers read the real one beside it). */
function shownOf(label: string): string | null | undefined {
  const figure = screen.getByText(label).previousElementSibling;
  return (figure?.querySelector('[aria-hidden="true"]') ?? figure)?.textContent;
}
const readOutOf = (label: string) => {
  const figure = screen.getByText(label).previousElementSibling;
  return (figure?.querySelector('.visually-hidden') ?? figure)?.textContent;
};

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** The counters below the screen; `scrollIntoView()` brings them in. */
function belowTheScreen() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 2000 } as DOMRect);
  const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return { scrollIntoView: () => observers.forEach((callback) => callback([{ isIntersecting: true }])) };
}

describe('impact counters', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('are the real figures in the server HTML', () => {
    const html = renderToString(<ImpactCounter value={120} suffix="+" label="People Impacted" />);
    expect(html).toContain('<p class="counter-value">120<!-- -->+</p>');
  });

  it('below the screen, count up from zero to 120+, 90+, 5+ and 4+ over 2.5 seconds once scrolled into view; screen readers read the real figure meanwhile', async () => {
    preferReducedMotion(false);
    const screenful = belowTheScreen();
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout', 'performance'] });
    renderRoute('/');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shownOf('People Impacted')).toBe('0+');
    expect(readOutOf('People Impacted')).toBe('120+');
    await act(() => vi.advanceTimersByTimeAsync(counterDurationMs));
    expect(shownOf('People Impacted')).toBe('0+');

    act(() => screenful.scrollIntoView());
    await act(() => vi.advanceTimersByTimeAsync(counterDurationMs / 2));
    const halfway = Number.parseInt(shownOf('People Impacted') ?? '', 10);
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(120);

    await act(() => vi.advanceTimersByTimeAsync(counterDurationMs));
    for (const [label, value] of endValues) expect(shownOf(label)).toBe(value);
  });

  it('already on the screen when the script takes over: seen, they stay the real figures', async () => {
    preferReducedMotion(false);
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout', 'performance'] });
    renderRoute('/');
    await act(() => vi.advanceTimersByTimeAsync(0));
    for (const [label, value] of endValues) expect(shownOf(label)).toBe(value);
    await act(() => vi.advanceTimersByTimeAsync(counterDurationMs / 2));
    for (const [label, value] of endValues) expect(shownOf(label)).toBe(value);
  });

  it('show the end values at once when the visitor prefers reduced motion', async () => {
    preferReducedMotion(true);
    belowTheScreen();
    renderRoute('/');
    await screen.findByText('People Impacted');
    for (const [label, value] of endValues) expect(shownOf(label)).toBe(value);
  });
});
