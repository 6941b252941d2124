import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route';
import { programScrollDelayMs } from './programs';

describe('programs page', () => {
  const scrolled: { id: string; at: number; behavior: ScrollBehavior | undefined }[] = [];

  beforeEach(() => {
    scrolled.length = 0;
    // jsdom does not lay out pages, so it has no scrollIntoView; record the calls instead.
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      scrolled.push({ id: this.id, at: performance.now(), behavior: typeof options === 'object' ? options.behavior : undefined });
    };
  });

  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
    vi.unstubAllGlobals();
  });

  it('shows the four programs with their anchors and three stats each', async () => {
    renderRoute('/programs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Programs' })).toBeInTheDocument();
    for (const [id, title] of [
      ['health', 'Clean Water Initiative'],
      ['education', 'Education for All'],
      ['reforestation', 'Reforestation Project'],
      ['sustainable-farming', 'Sustainable Farming'],
    ] as const) {
      const program = screen.getByRole('article', { name: title });
      expect(program).toHaveAttribute('id', id);
      expect(program.querySelectorAll('.program-stat')).toHaveLength(3);
    }
    expect(screen.getByText('100,000 plants')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Donate Now' })).toHaveAttribute('href', '/donate');
  });

  it('scrolls smoothly to the program in the URL hash after 500 ms', async () => {
    const openedAt = performance.now();
    renderRoute('/programs#reforestation');
    await screen.findByRole('heading', { level: 1, name: 'Our Programs' });
    const smoothScrollTo = (id: string) => scrolled.filter((call) => call.id === id && call.behavior === 'smooth');
    // Nothing jumps there at once, not even the router on a first load.
    expect(scrolled.filter((call) => call.id === 'reforestation')).toHaveLength(0);
    await waitFor(() => expect(smoothScrollTo('reforestation')).toHaveLength(1), { timeout: 2000 });
    expect(smoothScrollTo('reforestation')[0]!.at - openedAt).toBeGreaterThanOrEqual(programScrollDelayMs - 5);
  });
});
