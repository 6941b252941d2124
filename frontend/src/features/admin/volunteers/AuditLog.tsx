import type { AuditLogEntry } from '../api';
import { PanelStates } from '../PanelStates';
import type { LoadState } from '../useLoad';
import { Timestamp } from '../Timestamp';
import { AdminTable } from '../AdminTable';
import { AdminPanel } from '../AdminPanel';

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
    case 'donation.add':
      return `Recorded donation ${entry.subject ?? ''}`;
    case 'donation.receive':
      return `Confirmed a donation: receipt ${entry.subject ?? ''}`;
    case 'donation.reject':
      return `Rejected a donation (${entry.subject ?? ''})`;
    case 'donation.reopen':
      return `Set donation ${entry.subject ?? ''} back to pending`;
    case 'receipt.reissue':
      return `Reissued receipt ${entry.subject ?? ''}`;
    case 'receipt.download':
      return `Downloaded receipt ${entry.subject ?? ''}`;
    case 'donations.import':
      return `Matched a bank statement (${entry.subject ?? ''}): ${entry.count} found`;
    case 'donations.form10bd':
      return `Downloaded Form 10BD ${entry.subject ?? ''}`;
    case 'subscribers.export':
      return `Downloaded ${entry.count} newsletter subscriber${entry.count === 1 ? '' : 's'} as CSV`;
    case 'subscribers.import':
      return `Imported ${entry.count} newsletter subscriber${entry.count === 1 ? '' : 's'}`;
    case 'subscriber.erase':
      return `Erased one address from the newsletter (${entry.count} record${entry.count === 1 ? '' : 's'})`;
    case 'volunteer.hours.add':
      return 'Recorded volunteer hours';
    case 'volunteer.hours.update':
      return 'Corrected volunteer hours';
    case 'volunteer.hours.delete':
      return 'Removed volunteer hours';
    case 'volunteer.certificate.download':
      return 'Downloaded a certificate of volunteer hours';
    case 'volunteer.certificate.mail':
      return 'Mailed a certificate of volunteer hours';
    case 'volunteer.certificate.revoke':
      return 'Revoked a certificate of volunteer hours';
    case 'supporter.erase':
      return 'A person erased their own data at /my';
    case 'pledge.pause':
      return 'Paused a monthly pledge';
    case 'pledge.resume':
      return 'Resumed a monthly pledge';
    case 'pledge.stop':
      return 'Stopped a monthly pledge';
    case 'rsvps.export':
      return `Downloaded ${entry.count === 1 ? '1 sign-up' : `${entry.count} sign-ups`} of an event as CSV`;
    case 'rsvp.cancel':
      return 'Cancelled a sign-up to an event';
    case 'donations.fc_ledger':
      return `Downloaded the FC ledger ${entry.subject ?? ''}`;
    case 'donation.eligible_80g':
      return `Changed the 80G eligibility of a foreign contribution (${entry.subject ?? ''})`;
    case 'form10be.import':
      return `Imported Form 10BE certificates (${entry.subject ?? ''}): ${entry.count} mailed`;
    case 'form10be.assign':
      return `Assigned a Form 10BE certificate by hand (${entry.subject ?? ''})`;
    case 'form10be.download':
      return `Downloaded a Form 10BE certificate (${entry.subject ?? ''})`;
  }
}

/**
 * Who downloaded or deleted volunteers' data, and when (the DPDP Act asks that this be known).
 * The log holds no names or addresses, so neither does this list.
 */
export function AuditLog({ log, onRetry }: { log: LoadState<AuditLogEntry[]>; onRetry: () => void }) {
  return (
    <AdminPanel id="audit-log" title="Data log">
      <p className="panel-note">Every download and deletion of registrations, with who did it and when. The log keeps no personal data.</p>
      <PanelStates
        state={log}
        loading="Loading the data log..."
        onRetry={onRetry}
        empty={log.status === 'ready' && log.data.length === 0 && 'No downloads or deletions yet.'}
      />
      {log.status === 'ready' && log.data.length > 0 && (
        <AdminTable className="audit-table" columns={['When', 'What', 'Who']}>
          {log.data.map((entry) => (
            <tr key={entry.id}>
              <td data-label="When">
                <Timestamp iso={entry.created_at} />
              </td>
              <td data-label="What">{describeEntry(entry)}</td>
              <td data-label="Who">{entry.actor ? `${entry.actor.name} (${entry.actor.email})` : 'A removed account'}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPanel>
  );
}
