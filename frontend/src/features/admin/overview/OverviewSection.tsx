import { Link } from '@tanstack/react-router';
import type { Stats } from '../api';
import { fetchStats } from '../api';
import { AdminIcon, type AdminIconName } from '../AdminIcon';
import { useLoad } from '../useLoad';
import { describeActivity, formatWhen } from './activity';
import { LoadFailed } from '../LoadFailed';

interface StatCard {
  label: string;
  icon: AdminIconName;
  value: (stats: Stats) => string;
  note: string | ((stats: Stats) => string);
  /** The value is words, not a figure. */
  wordy?: boolean;
}

const numberFormat = new Intl.NumberFormat('en-IN');

/**
 * The spec's four cards, with real figures. The site has no visitor tracking, so Page Views says
 * so instead of showing a number; Active Users counts the accounts that can sign in, by role.
 */
const statCards: StatCard[] = [
  { label: 'Total Blog Posts', icon: 'blog', value: (s) => numberFormat.format(s.blogs), note: 'Posts on the blog' },
  { label: 'Gallery Images', icon: 'gallery', value: (s) => numberFormat.format(s.gallery_images), note: 'Images in the gallery' },
  {
    label: 'Active Users',
    icon: 'users',
    value: (s) => numberFormat.format(s.admins),
    note: (s) =>
      s.accounts_by_role
        ? `Accounts: ${s.accounts_by_role.admin} admin, ${s.accounts_by_role.editor} editor${s.accounts_by_role.editor === 1 ? '' : 's'}`
        : 'Accounts that can sign in',
  },
  { label: 'Page Views', icon: 'analytics', value: () => 'Not tracked', note: 'The site collects no visitor analytics', wordy: true },
];

const quickActions = [
  { label: 'Add New Blog Post', icon: 'plus', search: { section: 'blogs', open: 'add-blog' } },
  { label: 'Upload to Gallery', icon: 'upload', search: { section: 'gallery', open: 'upload-image' } },
  { label: 'View Analytics', icon: 'analytics', search: { section: 'analytics' } },
] as const;

export function OverviewSection() {
  const [stats, reload] = useLoad(fetchStats);
  const figures = stats.status === 'ready' ? stats.data : null;

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
            <p className={card.wordy ? 'stat-value stat-value-text' : 'stat-value'}>{figures ? card.value(figures) : '–'}</p>
            <p className="stat-note">{typeof card.note === 'string' ? card.note : figures ? card.note(figures) : 'Accounts by role'}</p>
          </li>
        ))}
      </ul>

      <div className="overview-columns">
        <section className="admin-panel" aria-labelledby="quick-actions-title">
          <h2 id="quick-actions-title" className="panel-title">
            Quick Actions
          </h2>
          <div className="quick-actions">
            {quickActions.map((action) => (
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
