import { useState } from 'react';
import { eraseVolunteers, fetchAuditLog, fetchVolunteers, type Volunteer } from '../api';
import { AdminIcon } from '../AdminIcon';
import { ConfirmDialog } from '../ConfirmDialog';
import { notify } from '../toasts';
import { downloadBlob } from '../download';
import { useLoad } from '../useLoad';
import { volunteersCsvBlob } from './csv';
import { LoadFailed } from '../LoadFailed';
import { AuditLog } from './AuditLog';
import { Timestamp } from '../Timestamp';

function byNewest(a: Volunteer, b: Volunteer): number {
  return b.created_at.localeCompare(a.created_at);
}

const dash = '-';

/** Volunteer registrations (beyond the spec): newest first, with a CSV download. */
export function VolunteersSection() {
  const [volunteers, reload] = useLoad(fetchVolunteers);
  const [auditLog, reloadAuditLog] = useLoad(fetchAuditLog);
  const rows = volunteers.status === 'ready' ? [...volunteers.data].sort(byNewest) : [];
  const today = new Date().toISOString().slice(0, 10);
  // Erasing one registration, or every registration of its e-mail address (the right to erasure).
  const [erasing, setErasing] = useState<{ volunteer: Volunteer; everyOfEmail: boolean } | null>(null);

  // The download reads the list afresh as an export, so the server logs who exported it and when.
  async function downloadCsv() {
    const outcome = await fetchVolunteers('export');
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    downloadBlob(volunteersCsvBlob([...outcome.data].sort(byNewest)), `volunteers-${today}.csv`);
    reloadAuditLog();
  }

  async function confirmErase(volunteer: Volunteer, everyOfEmail: boolean) {
    const outcome = await eraseVolunteers(everyOfEmail ? { email: volunteer.email } : { id: volunteer.id });
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    notify.success(outcome.data);
    setErasing(null);
    reload();
    reloadAuditLog();
  }

  return (
    <>
      <section className="admin-panel" aria-labelledby="volunteers-title">
        <div className="panel-head">
          <h2 id="volunteers-title" className="panel-title">
            Registrations{volunteers.status === 'ready' && <span className="panel-count">{rows.length}</span>}
          </h2>
          <button type="button" className="btn btn-primary" disabled={rows.length === 0} onClick={() => void downloadCsv()}>
            <AdminIcon name="download" />
            Download CSV
          </button>
        </div>

        {volunteers.status === 'loading' && <p className="panel-state">Loading volunteers...</p>}
        {volunteers.status === 'failed' && <LoadFailed message={volunteers.message} onRetry={reload} />}
        {volunteers.status === 'ready' && rows.length === 0 && <p className="panel-state">No volunteer registrations yet.</p>}
        {rows.length > 0 && (
          <div className="table-wrap">
            <table className="admin-table volunteer-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Contact</th>
                  <th scope="col">Interest</th>
                  <th scope="col">Start date</th>
                  <th scope="col">Address</th>
                  <th scope="col">About</th>
                  <th scope="col">Registered</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((volunteer) => (
                  <tr key={volunteer.id}>
                    <th scope="row" data-label="Name">
                      {volunteer.name}
                      {volunteer.gender && <span className="cell-note">{volunteer.gender}</span>}
                    </th>
                    <td data-label="Contact">
                      <a href={`mailto:${volunteer.email}`}>{volunteer.email}</a>
                      <a className="cell-note" href={`tel:${volunteer.mobile.replace(/[^+\d]/g, '')}`}>
                        {volunteer.mobile}
                      </a>
                    </td>
                    <td data-label="Interest" className="capitalize">
                      {volunteer.interest || dash}
                    </td>
                    <td data-label="Start date">{volunteer.start_date || dash}</td>
                    <td data-label="Address">{volunteer.address || dash}</td>
                    <td data-label="About" className="cell-long">
                      {volunteer.about || dash}
                    </td>
                    <td data-label="Registered">
                      <Timestamp iso={volunteer.created_at} />
                    </td>
                    <td data-label="Actions">
                      <button
                        type="button"
                        className="btn btn-outline"
                        aria-label={`Delete the registration of ${volunteer.name}`}
                        onClick={() => setErasing({ volunteer, everyOfEmail: false })}
                      >
                        <AdminIcon name="trash" />
                        Delete
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline"
                        aria-label={`Delete all of this e-mail: ${volunteer.email}`}
                        onClick={() => setErasing({ volunteer, everyOfEmail: true })}
                      >
                        Delete all of this e-mail
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {erasing && (
          <ConfirmDialog
            question={erasing.everyOfEmail ? 'Delete every registration of this e-mail address?' : 'Delete this registration?'}
            subject={erasing.everyOfEmail ? erasing.volunteer.email : `${erasing.volunteer.name} (${erasing.volunteer.email})`}
            confirmLabel="Delete"
            onConfirm={() => confirmErase(erasing.volunteer, erasing.everyOfEmail)}
            onCancel={() => setErasing(null)}
          />
        )}
      </section>
      <AuditLog log={auditLog} onRetry={reloadAuditLog} />
    </>
  );
}
