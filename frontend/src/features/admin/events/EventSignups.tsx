import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSearchText } from '../../listing/useSearchText';
import { AdminIcon } from '../AdminIcon';
import { AdminPanel } from '../AdminPanel';
import { ConfirmDialog } from '../ConfirmDialog';
import { SearchBox } from '../ListControls';
import { PanelStates } from '../PanelStates';
import { formatIndiaTime } from '../blogs/india-time';
import { downloadBlob } from '../download';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { changeRsvp, fetchAdminEvent, fetchRsvps, fetchRsvpsCsv, type Rsvp, type RsvpQuery } from './api';
import './events.css';

const pageSize = 50;
type Filter = Pick<RsvpQuery, 'status' | 'checked_in'>;
const filters: { label: string; filter: Filter }[] = [
  { label: 'Everyone', filter: {} },
  { label: 'Confirmed', filter: { status: 'confirmed' } },
  { label: 'Not here yet', filter: { status: 'confirmed', checked_in: false } },
  { label: 'Checked in', filter: { checked_in: true } },
  { label: 'Waiting list', filter: { status: 'waitlisted' } },
  { label: 'Cancelled', filter: { status: 'cancelled' } },
];

const statusText = (rsvp: Rsvp) =>
  rsvp.status === 'waitlisted' ? `Waiting${rsvp.position ? ` (${rsvp.position})` : ''}` : rsvp.status === 'cancelled' ? 'Cancelled' : 'Confirmed';

/**
 * The list of the day: an event's sign-ups with their counts, searched and filtered, a person
 * checked in by tapping their name (on a phone at the door), printed (print CSS) or downloaded as CSV.
 */
export function EventSignups({ eventId }: { eventId: string }) {
  const [event] = useLoad(() => fetchAdminEvent(eventId), eventId);
  const [query, setQuery] = useState<{ q: string; page: number; filter: number }>({ q: '', page: 1, filter: 0 });
  const text = useSearchText('', (q) => setQuery((current) => ({ ...current, q: q.trim(), page: 1 })));
  const [list, reload] = useLoad(
    () => fetchRsvps({ event_id: eventId, limit: pageSize, page: query.page, ...(query.q ? { q: query.q } : {}), ...filters[query.filter]!.filter }),
    `${query.page}|${query.q}|${query.filter}`,
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Rsvp | null>(null);
  const title = event.status === 'ready' ? event.data.title : 'Event';

  async function toggle(rsvp: Rsvp) {
    if (busy) return;
    setBusy(rsvp.id);
    const outcome = await changeRsvp(rsvp.id, rsvp.checked_in_at ? 'undo_check_in' : 'check_in');
    setBusy(null);
    if (outcome.ok) notify.success(`${outcome.data.message}: ${rsvp.name}`);
    else notify.error(outcome.message);
    reload();
  }

  async function cancel(rsvp: Rsvp) {
    const outcome = await changeRsvp(rsvp.id, 'cancel');
    if (outcome.ok) notify.success(outcome.data.message);
    else notify.error(outcome.message);
    setCancelling(null);
    reload();
  }

  async function download() {
    const outcome = await fetchRsvpsCsv(eventId);
    if (outcome.ok) downloadBlob(outcome.data, `signups-${eventId}.csv`);
    else notify.error(outcome.message);
  }

  const counts = list.status === 'ready' ? list.data.counts : null;
  const pages = list.status === 'ready' ? Math.max(1, Math.ceil(list.data.total / pageSize)) : 1;
  return (
    <>
      <p className="no-print">
        <Link to="/admin/dashboard" search={{ section: 'events' }} className="back-link">
          <AdminIcon name="back" /> All events
        </Link>
      </p>
      <AdminPanel
        id="signups"
        title={`Sign-ups: ${title}`}
        actions={
          <div className="panel-actions no-print">
            <button type="button" className="btn btn-outline" onClick={() => window.print()}>
              <AdminIcon name="print" /> Print the list
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void download()}>
              <AdminIcon name="download" /> Download CSV
            </button>
          </div>
        }
      >
        {event.status === 'ready' && (
          <p className="signup-event-when">
            {formatIndiaTime(event.data.starts_at)} · {event.data.venue}
          </p>
        )}
        {counts && (
          <dl className="signup-counts">
            <div>
              <dt>Confirmed</dt>
              <dd>
                {counts.confirmed}
                {counts.seats_confirmed !== counts.confirmed && <small> ({counts.seats_confirmed} places)</small>}
              </dd>
            </div>
            <div>
              <dt>Checked in</dt>
              <dd>
                {counts.checked_in}
                {counts.seats_checked_in !== counts.checked_in && <small> ({counts.seats_checked_in} people)</small>}
              </dd>
            </div>
            <div>
              <dt>Waiting</dt>
              <dd>{counts.waitlisted}</dd>
            </div>
            <div>
              <dt>Cancelled</dt>
              <dd>{counts.cancelled}</dd>
            </div>
          </dl>
        )}
        <div className="signup-tools no-print">
          <SearchBox label="Find a person" placeholder="Name, e-mail or mobile" text={text} />
          <div className="signup-filters" role="group" aria-label="Show">
            {filters.map((choice, index) => (
              <button
                key={choice.label}
                type="button"
                className={index === query.filter ? 'btn btn-primary' : 'btn btn-outline'}
                aria-pressed={index === query.filter}
                onClick={() => setQuery((current) => ({ ...current, filter: index, page: 1 }))}
              >
                {choice.label}
              </button>
            ))}
          </div>
        </div>
        <PanelStates
          state={list}
          loading="Loading sign-ups..."
          onRetry={reload}
          empty={list.status === 'ready' && list.data.rsvps.length === 0 && 'No one here.'}
        />
        {list.status === 'ready' && list.data.rsvps.length > 0 && (
          <ol className="signup-list">
            {list.data.rsvps.map((rsvp) => (
              <li key={rsvp.id} className={rsvp.checked_in_at ? 'signup-row checked-in' : 'signup-row'}>
                {rsvp.status === 'confirmed' ? (
                  <button
                    type="button"
                    className="signup-name"
                    aria-pressed={Boolean(rsvp.checked_in_at)}
                    disabled={busy === rsvp.id}
                    onClick={() => void toggle(rsvp)}
                  >
                    <span className="signup-mark" aria-hidden="true">
                      {rsvp.checked_in_at ? '✓' : ''}
                    </span>
                    <span>
                      <strong>{rsvp.name}</strong>
                      {rsvp.seats > 1 && <span className="signup-seats"> · {rsvp.seats} places</span>}
                      <span className="visually-hidden">{rsvp.checked_in_at ? ', checked in: tap to undo' : ', tap to check in'}</span>
                    </span>
                  </button>
                ) : (
                  <span className="signup-name signup-inactive">
                    <span className="signup-mark" aria-hidden="true" />
                    <strong>{rsvp.name}</strong>
                  </span>
                )}
                <span className="signup-details">
                  {statusText(rsvp)} · {rsvp.email}
                  {rsvp.mobile && ` · ${rsvp.mobile}`}
                  {rsvp.checked_in_at && ` · in at ${formatIndiaTime(rsvp.checked_in_at)}`}
                </span>
                {rsvp.status !== 'cancelled' && !rsvp.checked_in_at && (
                  <button
                    type="button"
                    className="btn btn-outline signup-cancel no-print"
                    aria-label={`Cancel the sign-up of ${rsvp.name}`}
                    onClick={() => setCancelling(rsvp)}
                  >
                    Cancel
                  </button>
                )}
              </li>
            ))}
          </ol>
        )}
        {pages > 1 && (
          <nav className="pagination no-print" aria-label="Sign-up pages">
            <button
              type="button"
              className="btn btn-outline"
              disabled={query.page <= 1}
              onClick={() => setQuery((current) => ({ ...current, page: current.page - 1 }))}
            >
              Previous
            </button>
            <span className="pagination-status">
              Page {query.page} of {pages}
            </span>
            <button
              type="button"
              className="btn btn-outline"
              disabled={query.page >= pages}
              onClick={() => setQuery((current) => ({ ...current, page: current.page + 1 }))}
            >
              Next
            </button>
          </nav>
        )}
      </AdminPanel>
      {cancelling && (
        <ConfirmDialog
          question="Cancel this sign-up?"
          subject={cancelling.name}
          note="They are told by e-mail, and their places go to the first on the waiting list who fits."
          confirmLabel="Cancel the sign-up"
          busyLabel="Cancelling..."
          onConfirm={() => cancel(cancelling)}
          onCancel={() => setCancelling(null)}
        />
      )}
    </>
  );
}
