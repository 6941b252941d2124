import { useEffect, useState } from 'react';
import { FilterButtons } from '../../../components/FilterButtons';
import { fetchAnalytics, type Analytics, type AnalyticsRange, type Outcome } from '../api';
import { PanelStates } from '../PanelStates';
import { adminMessages } from '../messages';
import { comparison, formatCount } from './figures';
import { ViewsChart } from './ViewsChart';
import './AnalyticsSection.css';
import { AdminPanel } from '../AdminPanel';

const ranges: { id: `${AnalyticsRange}`; label: string }[] = [
  { id: '7', label: 'Last 7 days' },
  { id: '30', label: 'Last 30 days' },
  { id: '90', label: 'Last 90 days' },
];

type State = { status: 'loading' } | { status: 'ready'; data: Analytics } | { status: 'failed'; message: string };

/**
 * Analytics: page views per day, the top pages and the sites visitors came from, counted by the
 * site itself without cookies or any record of who the visitors are.
 */
export function AnalyticsSection() {
  const [range, setRange] = useState<`${AnalyticsRange}`>('30');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    void fetchAnalytics(Number(range) as AnalyticsRange).then((outcome: Outcome<Analytics>) => {
      if (current) setState(outcome.ok ? { status: 'ready', data: outcome.data } : { status: 'failed', message: outcome.message });
    });
    return () => {
      current = false;
    };
  }, [range, attempt]);

  const data = state.status === 'ready' ? state.data : null;

  return (
    <div className="analytics">
      <AdminPanel id="views" title="Page views" actions={<FilterButtons label="Range" options={ranges} selected={range} onSelect={setRange} />}>
        <p className="muted">
          Counted by this site without cookies: only the page, the day and the site a visitor came from are kept. The admin area and crawlers are not counted.
        </p>
        <PanelStates state={state} loading={adminMessages.analyticsLoading} onRetry={() => setAttempt((value) => value + 1)} />
        {data && (
          <>
            <p className="analytics-total">
              <strong>{formatCount(data.total)}</strong> views in the last {data.days} days
              <span className="muted"> · {comparison(data)}</span>
            </p>
            {data.total === 0 ? <p className="panel-state">No page views counted in this range yet.</p> : <ViewsChart daily={data.daily} />}
            {Boolean(data.dropped) && (
              <p className="muted">
                Not counted: {formatCount(data.dropped ?? 0)} views in this range came faster than the site could count them (the visitors saw their pages; only
                the count was refused).
              </p>
            )}
          </>
        )}
      </AdminPanel>

      {data && data.total > 0 && (
        <div className="overview-columns">
          <section className="admin-panel" aria-labelledby="top-pages-title">
            <h2 id="top-pages-title" className="panel-title">
              Top pages
            </h2>
            <CountTable heading="Page" rows={data.top_pages.map((page) => ({ name: page.path, views: page.views }))} />
          </section>
          <section className="admin-panel" aria-labelledby="top-referrers-title">
            <h2 id="top-referrers-title" className="panel-title">
              Top referrers
            </h2>
            {data.top_referrers.length === 0 ? (
              <p className="muted">No visitor came from another site in this range.</p>
            ) : (
              <CountTable heading="Site" rows={data.top_referrers.map((referrer) => ({ name: referrer.host, views: referrer.views }))} />
            )}
            <p className="muted">Direct or unknown: {formatCount(data.direct)} views</p>
            {Boolean(data.other_referrers) && (
              <p className="muted">Other sites, past the number kept each day: {formatCount(data.other_referrers ?? 0)} views</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/** A two-column table of names and their view counts, most first (top pages, top referrers). */
function CountTable({ heading, rows }: { heading: string; rows: { name: string; views: number }[] }) {
  return (
    <table className="admin-table compact-table">
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col" className="numeric">
            Views
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.name}</th>
            <td className="numeric">{formatCount(row.views)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
