import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, unreachable } from '../../../../test/api-fetch';
import { renderRoute } from '../../../../test/render-route';
import type { Analytics } from '../api';
import { serveAdminApi, signInAsAdmin } from '../test-support';
import { axisTicks, changeAgainst } from './figures';

function analytics(days: 7 | 30 | 90, fields: Partial<Analytics> = {}): Analytics {
  const start = Date.UTC(2025, 0, 1);
  const daily = Array.from({ length: days }, (_, index) => ({
    date: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    views: index === days - 1 ? 12 : index % 3,
  }));
  return {
    days,
    from: daily[0]!.date,
    to: daily.at(-1)!.date,
    total: daily.reduce((sum, day) => sum + day.views, 0),
    previous_total: 10,
    direct: 4,
    daily,
    top_pages: [
      { path: '/blog', views: 9 },
      { path: '/', views: 3 },
    ],
    top_referrers: [{ host: 'google.com', views: 7 }],
    ...fields,
  };
}

function openAnalytics(
  handler: (request: Request) => Response | Promise<Response> = (request) =>
    json({ success: true, data: analytics(Number(new URL(request.url).searchParams.get('days')) as 7 | 30 | 90) }),
) {
  const served = serveAdminApi({ 'GET /api/get_analytics.php': handler });
  signInAsAdmin();
  renderRoute('/admin/dashboard?section=analytics');
  return served;
}

describe('Analytics', () => {
  it('shows the last 30 days as a chart with text labels, a table of the same figures, top pages and top referrers', async () => {
    openAnalytics();
    const figure = await screen.findByRole('figure', { name: 'Page views per day' });
    expect(figure.querySelectorAll('rect')).toHaveLength(30);
    expect(figure.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(within(figure.querySelector('svg')! as unknown as HTMLElement).getByText('30 Jan')).toBeInTheDocument();
    const table = within(figure).getByRole('table', { hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(31);
    expect(within(table).getByRole('row', { name: '30 Jan 12', hidden: true })).toBeInTheDocument();
    expect(screen.getByText(/views in the last 30 days/)).toHaveTextContent(/^\d+ views in the last 30 days/);
    const pages = screen.getByRole('region', { name: 'Top pages' });
    expect(
      within(pages)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['/blog', '/']);
    const referrers = screen.getByRole('region', { name: 'Top referrers' });
    expect(within(referrers).getByRole('rowheader', { name: 'google.com' })).toBeInTheDocument();
    expect(referrers).toHaveTextContent('Direct or unknown: 4 views');
  });

  it('shows the views that could not be counted, and the referring sites past the daily number, only when there are some', async () => {
    openAnalytics(() => json({ success: true, data: analytics(30, { dropped: 1520, other_referrers: 37 }) }));
    await screen.findByRole('figure');
    expect(screen.getByText(/^Not counted:/)).toHaveTextContent(/^Not counted: 1,520 views in this range came faster than the site could count them/);
    expect(screen.getByRole('region', { name: 'Top referrers' })).toHaveTextContent('Other sites, past the number kept each day: 37 views');
  });

  it('says nothing of dropped views or other sites when there are none', async () => {
    openAnalytics(() => json({ success: true, data: analytics(30, { dropped: 0, other_referrers: 0 }) }));
    await screen.findByRole('figure');
    expect(screen.queryByText(/^Not counted:/)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Top referrers' })).not.toHaveTextContent('Other sites');
  });

  it('switches between 7, 30 and 90 days', async () => {
    const { requests } = openAnalytics();
    const user = userEvent.setup();
    await screen.findByRole('figure');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(screen.getByRole('figure').querySelectorAll('rect')).toHaveLength(7));
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(screen.getByRole('figure').querySelectorAll('rect')).toHaveLength(90));
    const asked = requests.filter((request) => request.url.includes('/api/get_analytics.php'));
    expect(asked.map((request) => new URL(request.url).searchParams.get('days'))).toEqual(['30', '7', '90']);
  });

  it('says when nothing was counted, and offers a retry when the figures cannot be loaded', async () => {
    let fail = true;
    openAnalytics(() =>
      fail
        ? unreachable(new Request('http://localhost/'))
        : json({ success: true, data: analytics(30, { total: 0, daily: [], top_pages: [], top_referrers: [] }) }),
    );
    expect(await screen.findByText('Error connecting to server')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No page views counted in this range yet.')).toBeInTheDocument();
  });
});

describe('analytics figures', () => {
  it('compares with the period before', () => {
    expect(changeAgainst(123, 100)).toBe('+23%');
    expect(changeAgainst(50, 100)).toBe('-50%');
    expect(changeAgainst(5, 0)).toBe('new');
    expect(changeAgainst(0, 0)).toBe('no change');
  });

  it('puts gridlines at round numbers above the highest bar', () => {
    expect(axisTicks(0)).toEqual([0]);
    expect(axisTicks(12)).toEqual([0, 5, 10, 15]);
    expect(axisTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
});
