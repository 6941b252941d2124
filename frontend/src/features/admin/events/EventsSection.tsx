import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../../stores/session';
import { AdminIcon } from '../AdminIcon';
import { AdminModal } from '../AdminModal';
import { AdminPanel } from '../AdminPanel';
import { AdminTable } from '../AdminTable';
import { ConfirmDialog } from '../ConfirmDialog';
import { ListPages, ListSearchBox, useAdminList } from '../ListControls';
import { PanelStates } from '../PanelStates';
import { formatIndiaTime } from '../blogs/india-time';
import { notify } from '../toasts';
import { EventForm } from './EventForm';
import { deleteEvent, fetchAdminEvents, saveEvent, type EventRecord } from './api';
import './events.css';

type Editing = { event?: EventRecord } | null;
type Asking = { event: EventRecord; action: 'cancel' | 'delete' } | null;

const statusLabels: Record<EventRecord['status'], string> = { draft: 'Draft', published: 'Published', cancelled: 'Cancelled' };

/** Places as the list shows them: "12 of 40", or "12" with no limit. */
const placesOf = (event: EventRecord) => (event.capacity === null ? `${event.counts.seats_confirmed}` : `${event.counts.seats_confirmed} of ${event.capacity}`);

/** Events: the camps and drives people sign up for, newest first; an event's sign-ups open from its row. */
export function EventsSection() {
  const [state, reload] = useAdminList(fetchAdminEvents);
  const [editing, setEditing] = useState<Editing>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const isAdmin = useSession((session) => session.userRole === 'admin');

  async function act({ event, action }: NonNullable<Asking>) {
    const outcome = action === 'delete' ? await deleteEvent(event.id) : await saveEvent({ update: { id: event.id, status: 'cancelled' } });
    if (outcome.ok) notify.success(typeof outcome.data === 'string' ? outcome.data : outcome.data.message);
    else notify.error(outcome.message);
    setAsking(null);
    reload();
  }

  return (
    <>
      <AdminPanel
        id="events"
        title="Events"
        count={state.status === 'ready' ? state.data.total : undefined}
        actions={
          <div className="panel-actions">
            <ListSearchBox label="Search events" placeholder="Title or venue" />
            <button type="button" className="btn btn-primary" onClick={() => setEditing({})}>
              <AdminIcon name="plus" /> Add event
            </button>
          </div>
        }
      >
        <PanelStates
          state={state}
          loading="Loading events..."
          onRetry={reload}
          empty={state.status === 'ready' && state.data.items.length === 0 && 'No events yet.'}
        />
        {state.status === 'ready' && state.data.items.length > 0 && (
          <>
            <AdminTable columns={['Event', 'When (India time)', 'Places', 'Waiting', 'Actions']} className="events-table">
              {state.data.items.map((event) => (
                <tr key={event.id}>
                  <th scope="row" data-label="Event">
                    {event.title}
                    <span className="cell-note">
                      {statusLabels[event.status]} · {event.venue}
                    </span>
                  </th>
                  <td data-label="When">{formatIndiaTime(event.starts_at)}</td>
                  <td data-label="Places">
                    {placesOf(event)}
                    {event.counts.checked_in > 0 && <span className="cell-note">{event.counts.checked_in} checked in</span>}
                  </td>
                  <td data-label="Waiting">{event.counts.waitlisted}</td>
                  <td data-label="Actions" className="row-actions">
                    {isAdmin && (
                      <Link
                        to="/admin/dashboard"
                        search={{ section: 'events', slug: event.id }}
                        className="btn btn-primary"
                        aria-label={`Sign-ups of ${event.title}`}
                      >
                        Sign-ups
                      </Link>
                    )}
                    <button type="button" className="btn btn-outline" aria-label={`Edit ${event.title}`} onClick={() => setEditing({ event })}>
                      Edit
                    </button>
                    {event.status === 'published' && (
                      <button
                        type="button"
                        className="btn btn-outline"
                        aria-label={`Cancel ${event.title}`}
                        onClick={() => setAsking({ event, action: 'cancel' })}
                      >
                        Cancel event
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-outline"
                      aria-label={`Delete ${event.title}`}
                      onClick={() => setAsking({ event, action: 'delete' })}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </AdminTable>
            <ListPages total={state.data.total} label="Event pages" />
          </>
        )}
      </AdminPanel>
      {editing && (
        <AdminModal open title={editing.event ? 'Edit event' : 'Add event'} size="large" onClose={() => setEditing(null)}>
          <EventForm
            event={editing.event}
            onSaved={() => {
              setEditing(null);
              reload();
            }}
            onCancel={() => setEditing(null)}
          />
        </AdminModal>
      )}
      {asking && (
        <ConfirmDialog
          question={asking.action === 'cancel' ? 'Cancel this event?' : 'Delete this event?'}
          subject={asking.event.title}
          note={
            asking.action === 'cancel'
              ? `Everyone signed up (${asking.event.counts.confirmed} with a place, ${asking.event.counts.waitlisted} waiting) is told by e-mail. The event stays on the site, marked cancelled.`
              : 'An event people signed up for cannot be deleted: cancel it instead.'
          }
          confirmLabel={asking.action === 'cancel' ? 'Cancel the event' : 'Delete'}
          busyLabel={asking.action === 'cancel' ? 'Cancelling...' : 'Deleting...'}
          onConfirm={() => act(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
