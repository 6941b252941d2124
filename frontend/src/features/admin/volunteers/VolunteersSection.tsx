import { useState } from 'react';
import { eraseVolunteers, exportVolunteers, fetchAuditLog, fetchVolunteers, type Volunteer } from '../api';
import { AdminIcon } from '../AdminIcon';
import { ConfirmDialog } from '../ConfirmDialog';
import { notify, notifyOutcome } from '../toasts';
import { downloadBlob } from '../download';
import { useLoad } from '../useLoad';
import { PanelStates } from '../PanelStates';
import { ListPages, ListSearchBox, useAdminList } from '../ListControls';
import { AuditLog } from './AuditLog';
import { HoursPanel } from './HoursPanel';
import { Timestamp } from '../Timestamp';
import './VolunteersSection.css';
import { AdminTable } from '../AdminTable';
import { AdminPanel } from '../AdminPanel';

const dash = '-';

/** Volunteer registrations (beyond the spec): newest first, a page at a time, searched by the server, with a CSV download. */
export function VolunteersSection() {
  const [volunteers, reload, search] = useAdminList(fetchVolunteers);
  const [auditLog, reloadAuditLog] = useLoad(fetchAuditLog);
  const rows = volunteers.status === 'ready' ? volunteers.data.items : [];
  const total = volunteers.status === 'ready' ? volunteers.data.total : 0;
  // Erasing one registration, or every registration of its e-mail address (the right to erasure).
  const [erasing, setErasing] = useState<{ volunteer: Volunteer; everyOfEmail: boolean } | null>(null);

  // The server streams every registration as CSV and logs who downloaded it and when.
  async function downloadCsv() {
    const outcome = await exportVolunteers();
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    downloadBlob(outcome.data.file, outcome.data.name);
    reloadAuditLog();
  }

  async function confirmErase(volunteer: Volunteer, everyOfEmail: boolean) {
    const outcome = await eraseVolunteers(everyOfEmail ? { email: volunteer.email } : { id: volunteer.id });
    if (!notifyOutcome(outcome)) return;
    setErasing(null);
    reload();
    reloadAuditLog();
  }

  return (
    <>
      <AdminPanel
        id="volunteers"
        title="Registrations"
        count={volunteers.status === 'ready' ? total : undefined}
        actions={
          <button type="button" className="btn btn-primary" disabled={total === 0 && !search.q} onClick={() => void downloadCsv()}>
            <AdminIcon name="download" />
            Download CSV
          </button>
        }
      >
        <ListSearchBox label="Search registrations" placeholder="Name, e-mail, mobile or address" />

        <PanelStates
          state={volunteers}
          loading="Loading volunteers..."
          onRetry={reload}
          empty={
            volunteers.status === 'ready' && rows.length === 0 && (search.q ? `No registration matches “${search.q}”.` : 'No volunteer registrations yet.')
          }
        />
        {rows.length > 0 && (
          <AdminTable className="volunteer-table" columns={['Name', 'Contact', 'Interest', 'Start date', 'Address', 'About', 'Registered', 'Actions']}>
            {rows.map((volunteer) => (
              <tr key={volunteer.id}>
                <th scope="row" data-label="Name">
                  {volunteer.name}
                  {volunteer.gender && <span className="cell-note">{volunteer.gender}</span>}
                  {volunteer.withdrawn_at && <span className="cell-note">Withdrawn</span>}
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
          </AdminTable>
        )}
        <ListPages total={total} label="Pages of registrations" />
        {erasing && (
          <ConfirmDialog
            question={erasing.everyOfEmail ? 'Delete every registration of this e-mail address?' : 'Delete this registration?'}
            subject={erasing.everyOfEmail ? erasing.volunteer.email : `${erasing.volunteer.name} (${erasing.volunteer.email})`}
            confirmLabel="Delete"
            onConfirm={() => confirmErase(erasing.volunteer, erasing.everyOfEmail)}
            onCancel={() => setErasing(null)}
          />
        )}
      </AdminPanel>
      <HoursPanel volunteers={rows} />
      <AuditLog log={auditLog} onRetry={reloadAuditLog} />
    </>
  );
}
