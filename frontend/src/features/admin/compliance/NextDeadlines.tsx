import { Link } from '@tanstack/react-router';
import { LoadFailed } from '../LoadFailed';
import { useLoad } from '../useLoad';
import { fetchDataRequests, fetchDeadlines } from './api';
import { indianDate, whenDue } from './dates';
import './compliance.css';

/** The dashboard's next legal dates, and the personal-data requests past their 90 days. */
export function NextDeadlines() {
  const [deadlines, reload] = useLoad(fetchDeadlines);
  const [requests] = useLoad(fetchDataRequests);
  const next = deadlines.status === 'ready' ? deadlines.data.deadlines.filter((deadline) => !deadline.done_on).slice(0, 4) : [];
  const overdue = requests.status === 'ready' ? requests.data.overdue : 0;
  return (
    <section className="admin-panel" aria-labelledby="next-deadlines-title">
      <h2 id="next-deadlines-title" className="panel-title">
        Next legal dates
      </h2>
      {deadlines.status === 'loading' && <p className="muted">Loading the legal dates...</p>}
      {deadlines.status === 'failed' && <LoadFailed message={deadlines.message} onRetry={reload} />}
      {deadlines.status === 'ready' && next.length === 0 && <p className="muted">Nothing due: every legal date is recorded as done.</p>}
      {next.length > 0 && (
        <ul className="deadline-list">
          {next.map((deadline) => (
            <li key={deadline.id} className={`deadline${deadline.days_left < 0 ? ' is-overdue' : deadline.days_left <= 30 ? ' is-near' : ''}`}>
              <div>
                <p className="deadline-title">{deadline.title}</p>
                <p className="cell-note">
                  {indianDate(deadline.due_on)}: {whenDue(deadline.days_left)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {overdue > 0 && (
        <p className="overdue-note">
          {overdue} personal-data request{overdue === 1 ? ' is' : 's are'} past the 90 days.
        </p>
      )}
      <Link to="/admin/dashboard" search={{ section: 'compliance' }}>
        Open Compliance
      </Link>
    </section>
  );
}
