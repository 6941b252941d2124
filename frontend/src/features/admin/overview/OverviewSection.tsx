import { Link } from '@tanstack/react-router';
import type { Analytics, Outcome, Stats } from '../api';
import { fetchAnalytics, fetchStats } from '../api';
import { changeAgainst } from '../analytics/figures';
import { AdminIcon, type AdminIconName } from '../AdminIcon';
import { useSession } from '../../../stores/session';
import { useLoad } from '../useLoad';
import { describeActivity, formatWhen } from './activity';
import { LoadFailed } from '../LoadFailed';
import { NextDeadlines } from '../compliance/NextDeadlines';
import './OverviewSection.css';

interface StatCard {
  label: string;
  icon: AdminIconName;
  value: (stats: Stats, views: Analytics | null) => string;
  note: string | ((stats: Stats | null, views: Analytics | null) => string);
  /** The value is words, not a figure. */
  wordy?: boolean;
}

const numberFormat = new Intl.NumberFormat('en-IN');

/**
 * The spec's four cards, with real figures. Active Users counts the accounts that can sign in,
 * by role; Page Views are the site's own counts of the last 30 days against the 30 before.
 */
const statCards: StatCard[] = [
  { label: 'Total Blog Posts', icon: 'blog', value: (s) => numberFormat.format(s.blogs), note: 'Posts on the blog' },
  { label: 'Gallery Images', icon: 'gallery', value: (s) => numberFormat.format(s.gallery_images), note: 'Images in the gallery' },
  {
    label: 'Active Users',
    icon: 'users',
    value: (s) => numberFormat.format(s.admins),
    note: (s) =>
      s?.accounts_by_role
        ? `Accounts: ${s.accounts_by_role.admin} admin, ${s.accounts_by_role.editor} editor${s.accounts_by_role.editor === 1 ? '' : 's'}`
        : 'Accounts that can sign in',
  },
  {
    label: 'Page Views',
    icon: 'analytics',
    value: (_s, views) => (views ? numberFormat.format(views.total) : '–'),
    note: (_s, views) => (views ? `Last 30 days · ${changeAgainst(views.total, views.previous_total)} against the 30 before` : 'Last 30 days'),
  },
];

const quickActions = [
  { label: 'Add New Blog Post', icon: 'plus', search: { section: 'blogs', open: 'add-blog' } },
  { label: 'Upload to Gallery', icon: 'upload', search: { section: 'gallery', open: 'upload-image' } },
  { label: 'View Analytics', icon: 'analytics', search: { section: 'analytics' } },
] as const;

const loadPageViews = (): Promise<Outcome<Analytics | null>> => fetchAnalytics(30);
/** Analytics are the admins' (the server refuses them to editors): an editor's card shows no figure. */
const loadNoPageViews = async (): Promise<Outcome<Analytics | null>> => ({ ok: true, data: null });

export function OverviewSection() {
  const [stats, reload] = useLoad(fetchStats);
  const figures = stats.status === 'ready' ? stats.data : null;
  const isAdmin = useSession((state) => state.userRole) === 'admin';
  const [pageViews] = useLoad(isAdmin ? loadPageViews : loadNoPageViews);
  const views = pageViews.status === 'ready' ? pageViews.data : null;

  return (
    <div className="admin-overview">
      {stats.status === 'failed' && <LoadFailed message={stats.message} onRetry={reload} className="admin-notice" />}
      <ul className="stat-grid" aria-busy={stats.status === 'loading'}>
        {statCards.map((card) => (
          <li key={card.label} className="stat-card">
            <span className="stat-icon">
              <AdminIcon name={card.icon} />
            </span>
            <p className="stat-label">{card.label}</p>
            <p className={card.wordy ? 'stat-value stat-value-text' : 'stat-value'}>{figures ? card.value(figures, views) : '–'}</p>
            <p className="stat-note">{typeof card.note === 'string' ? card.note : card.note(figures, views)}</p>
          </li>
        ))}
      </ul>

      {isAdmin && <NextDeadlines />}

      <div className="overview-columns">
        <section className="admin-panel" aria-labelledby="quick-actions-title">
          <h2 id="quick-actions-title" className="panel-title">
            Quick Actions
          </h2>
          <div className="quick-actions">
            {quickActions
              .filter((action) => isAdmin || action.search.section !== 'analytics')
              .map((action) => (
                <Link key={action.label} to="/admin/dashboard" search={action.search} className="quick-action">
                  <AdminIcon name={action.icon} />
                  {action.label}
                </Link>
              ))}
          </div>
        </section>

        <section className="admin-panel" aria-labelledby="recent-activity-title">
          <h2 id="recent-activity-title" className="panel-title">
            Recent Activity
          </h2>
          {stats.status === 'loading' && <p className="muted">Loading activity...</p>}
          {figures && figures.recent.length === 0 && (
            <p className="muted">No recent activity yet. New and changed posts, images and volunteer registrations will show here.</p>
          )}
          {figures && figures.recent.length > 0 && (
            <ul className="activity-list">
              {figures.recent.map((entry) => {
                const { icon, text } = describeActivity(entry);
                return (
                  <li key={`${entry.kind}-${entry.at}-${entry.title}`} className="activity-item">
                    <span className={`activity-icon activity-${entry.kind}`}>
                      <AdminIcon name={icon} size={18} />
                    </span>
                    <div>
                      <p className="activity-text">{text}</p>
                      <time className="activity-time" dateTime={entry.at}>
                        {formatWhen(entry.at)}
                      </time>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
