import { describe, expect, it, vi } from 'vitest';
import { pageViewReporter, reportPageView } from './track';

describe('page view reports', () => {
  it('sends the path and the referrer, nothing else', () => {
    const send = vi.fn();
    reportPageView('/blog', 'https://www.google.com/search?q=ngo', send);
    reportPageView('/about', '', send);
    expect(send.mock.calls.map(([body]) => JSON.parse(body as string))).toEqual([
      { path: '/blog', referrer: 'https://www.google.com/search?q=ngo' },
      { path: '/about' },
    ]);
  });

  it('never reports the admin area or the login page', () => {
    const send = vi.fn();
    for (const path of ['/admin', '/admin/dashboard', '/login']) reportPageView(path, '', send);
    expect(send).not.toHaveBeenCalled();
  });

  it('reports each page once, with the referrer only for the first page of the visit', () => {
    const report = vi.fn();
    Object.defineProperty(document, 'referrer', { value: 'https://facebook.com/', configurable: true });
    const reportView = pageViewReporter(report);
    reportView('/');
    reportView('/'); // the query or anchor changed, not the page
    reportView('/blog');
    expect(report.mock.calls).toEqual([
      ['/', 'https://facebook.com/'],
      ['/blog', ''],
    ]);
  });
});
