import type { AuditLogEntry } from '../api';
import { LoadFailed } from '../LoadFailed';
import type { LoadState } from '../useLoad';
import { Timestamp } from '../Timestamp';

const registrations = (count: number) => (count === 1 ? '1 registration' : `${count} registrations`);

/** What an entry says happened, in the words of the buttons that did it. */
export function describeEntry(entry: AuditLogEntry): string {
  switch (entry.action) {
    case 'volunteers.export':
      return `Downloaded ${registrations(entry.count)} as CSV`;
    case 'volunteer.erase':
      return `Deleted ${registrations(entry.count)}`;
    case 'volunteer.erase_email':
      return `Deleted ${registrations(entry.count)} of one e-mail address`;
  }
}

/**
 * Who downloaded or deleted volunteers' data, and when (the DPDP Act asks that this be known).
 * The log holds no names or addresses, so neither does this list.
 */
export function AuditLog({ log, onRetry }: { log: LoadState<AuditLogEntry[]>; onRetry: () => void }) {
  return (
    <section className="admin-panel" aria-labelledby="audit-log-title">
      <div className="panel-head">
        <h2 id="audit-log-title" className="panel-title">
          Data log
        </h2>
      </div>
      <p className="panel-note">Every download and deletion of registrations, with who did it and when. The log keeps no personal data.</p>
      {log.status === 'loading' && <p className="panel-state">Loading the data log...</p>}
      {log.status === 'failed' && <LoadFailed message={log.message} onRetry={onRetry} />}
      {log.status === 'ready' && log.data.length === 0 && <p className="panel-state">No downloads or deletions yet.</p>}
      {log.status === 'ready' && log.data.length > 0 && (
        <div className="table-wrap">
          <table className="admin-table audit-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Who</th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="When">
                    <Timestamp iso={entry.created_at} />
                  </td>
                  <td data-label="What">{describeEntry(entry)}</td>
                  <td data-label="Who">{entry.actor ? `${entry.actor.name} (${entry.actor.email})` : 'A removed account'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
