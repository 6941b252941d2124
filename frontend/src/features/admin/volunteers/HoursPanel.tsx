import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Form, useForm } from '../../../components/Form';
import { AdminPanel } from '../AdminPanel';
import { AdminTable } from '../AdminTable';
import { downloadBlob } from '../download';
import { useAdminPrograms } from '../programs';
import { notify, notifyOutcome } from '../toasts';
import type { Volunteer } from '../api';
import { addHours, correctHours, downloadCertificate, fetchHours, mailCertificate, removeHours, type HoursReport } from './hoursApi';

const today = () => new Date().toISOString().slice(0, 10);

/** Volunteer hours: each person's total and the hours by program for a date range; recording, correcting and removing hours; certificates. */
export function HoursPanel({ volunteers }: { volunteers: Volunteer[] }) {
  const programs = useAdminPrograms() ?? [];
  const range = useForm({ from: '', to: '' }, { id: 'hours-range' });
  const adding = useForm({ volunteer_id: '', hours: '', date: today(), program: '', note: '' }, { id: 'hours-add' });
  const [report, setReport] = useState<HoursReport | null>(null);
  const [shown, setShown] = useState<{ from?: string; to?: string }>({});
  const [person, setPerson] = useState<string | null>(null);
  const [entries, setEntries] = useState<NonNullable<HoursReport['entries']>>([]);
  const programName = (id: string) => programs.find((program) => program.id === id)?.label ?? (id || 'No program');

  const load = useCallback(async (query: { from?: string; to?: string }, volunteerId: string | null) => {
    const outcome = await fetchHours({ ...query, ...(volunteerId && { volunteer_id: volunteerId }) });
    if (!outcome.ok) return notify.error(outcome.message);
    setReport(outcome.data);
    setEntries(outcome.data.entries ?? []);
  }, []);
  useEffect(() => void load({}, null), [load]);

  const showRange = ({ from, to }: { from: string; to: string }, _event: FormEvent<HTMLFormElement>) => {
    const query = { ...(from && { from }), ...(to && { to }) };
    setShown(query);
    return load(query, person);
  };
  async function record(fields: { volunteer_id: string; hours: string; date: string; program: string; note: string }, _event: FormEvent<HTMLFormElement>) {
    const outcome = await addHours({
      volunteer_id: fields.volunteer_id,
      hours: Number(fields.hours),
      date: fields.date,
      ...(fields.note.trim() && { note: fields.note.trim() }),
      ...(fields.program && { program: fields.program }),
    });
    if (notifyOutcome(outcome)) await load(shown, person);
  }
  async function reloadAfter(outcome: Awaited<ReturnType<typeof removeHours>>) {
    if (notifyOutcome(outcome)) await load(shown, person);
  }
  async function open(volunteerId: string | null) {
    setPerson(volunteerId);
    await load(shown, volunteerId);
  }
  async function certificate(volunteerId: string, lang: 'en' | 'hi') {
    const outcome = await downloadCertificate(volunteerId, lang);
    if (outcome.ok) downloadBlob(outcome.data.file, outcome.data.name);
    else notify.error(outcome.message);
  }

  return (
    <AdminPanel id="hours" title="Volunteer hours">
      <Form form={range} className="admin-form-row" onSubmit={showRange} aria-label="Date range">
        <label>
          From <input type="date" className="input" {...range.field('from')} />
        </label>
        <label>
          To <input type="date" className="input" {...range.field('to')} />
        </label>
        <button type="submit" className="btn btn-outline">
          Show
        </button>
      </Form>
      {report && (
        <>
          <p className="hours-total">Total: {report.total} hours</p>
          <AdminTable className="hours-programs" columns={['Program', 'Hours']}>
            {report.programs.map((row) => (
              <tr key={row.program}>
                <th scope="row">{programName(row.program)}</th>
                <td>{row.hours}</td>
              </tr>
            ))}
          </AdminTable>
          <AdminTable className="hours-people" columns={['Volunteer', 'Hours', 'Actions']}>
            {report.people.map((row) => (
              <tr key={row.email}>
                <th scope="row">
                  {row.name}
                  <span className="cell-note">{row.email}</span>
                </th>
                <td>{row.hours}</td>
                <td>
                  {row.volunteer_id && (
                    <>
                      <button type="button" className="btn btn-outline" onClick={() => void open(row.volunteer_id)}>
                        Entries of {row.name}
                      </button>
                      <button type="button" className="btn btn-outline" onClick={() => void certificate(row.volunteer_id!, 'en')}>
                        Certificate (English)
                      </button>
                      <button type="button" className="btn btn-outline" onClick={() => void certificate(row.volunteer_id!, 'hi')}>
                        Certificate (Hindi)
                      </button>
                      <button type="button" className="btn btn-outline" onClick={() => void mailCertificate(row.volunteer_id!, 'en').then(notifyOutcome)}>
                        Mail the certificate to {row.name}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
      {person && (
        <AdminTable className="hours-entries" columns={['Date', 'Hours', 'Program', 'Note', 'Actions']}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <th scope="row">{entry.date}</th>
              <td>{entry.hours}</td>
              <td>{programName(entry.program)}</td>
              <td>{entry.note}</td>
              <td>
                {entry.source === 'admin' && (
                  <>
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => {
                        const hours = Number(window.prompt('Correct hours', String(entry.hours)));
                        if (hours > 0) void correctHours({ id: entry.id, hours }).then(reloadAfter);
                      }}
                    >
                      Correct
                    </button>
                    <button type="button" className="btn btn-outline" onClick={() => void removeHours(entry.id).then(reloadAfter)}>
                      Remove
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Form form={adding} className="admin-form-row" onSubmit={record} aria-label="Record hours">
        <label>
          Volunteer
          <select className="input" required {...adding.field('volunteer_id')}>
            <option value="">Choose…</option>
            {volunteers.map((volunteer) => (
              <option key={volunteer.id} value={volunteer.id}>
                {volunteer.name} ({volunteer.email})
              </option>
            ))}
          </select>
        </label>
        <label>
          Hours <input type="number" className="input" min="0.25" step="0.25" required {...adding.field('hours')} />
        </label>
        <label>
          Date <input type="date" className="input" required {...adding.field('date')} />
        </label>
        <label>
          Program
          <select className="input" {...adding.field('program')}>
            <option value="">No program</option>
            {programs.map((program) => (
              <option key={program.id} value={program.id}>
                {program.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Note <input className="input" {...adding.field('note')} />
        </label>
        <button type="submit" className="btn btn-primary">
          Record hours
        </button>
      </Form>
    </AdminPanel>
  );
}
