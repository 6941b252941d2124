import { useState } from 'react';
import { Form, useForm } from '../../../components/Form';
import { rupees as formatRupees } from '../donations/FiguresPanel';
import { AdminPanel } from '../AdminPanel';
import { ConfirmDialog } from '../ConfirmDialog';
import { PanelStates } from '../PanelStates';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { changePledge, fetchPledges, type Pledge, type PledgeQuery } from './api';
import './PledgesSection.css';

const statusLabels: Record<Pledge['status'], string> = { active: 'Active', paused: 'Paused', stopped: 'Stopped' };
const monthStates: Record<Pledge['months'][number]['state'], string> = { due: 'Reminder going out', reminded: 'Reminded', paid: 'Paid', missed: 'Missed' };

/** Monthly pledges: each with its months (reminded, paid or missed after a bank statement), paused, resumed or stopped here. */
export function PledgesSection() {
  const filters = useForm({ status: '', q: '' });
  const [query, setQuery] = useState<PledgeQuery>({});
  const [pledges, reload] = useLoad(() => fetchPledges(query), JSON.stringify(query));
  const [stopping, setStopping] = useState<Pledge | null>(null);

  async function change(pledge: Pledge, action: 'pause' | 'resume' | 'stop') {
    const outcome = await changePledge(pledge.id, action);
    if (outcome.ok) notify.success(outcome.data);
    else notify.error(outcome.message);
    setStopping(null);
    reload();
  }

  return (
    <AdminPanel
      id="pledges"
      title="Monthly pledges"
      count={pledges.status === 'ready' ? pledges.data.total : undefined}
      actions={
        <Form
          form={filters}
          className="donation-filters"
          role="search"
          aria-label="Find pledges"
          onSubmit={({ status, q }) => setQuery({ ...(status && { status: status as Pledge['status'] }), ...(q.trim() && { q: q.trim() }) })}
        >
          <label htmlFor="pledge-status">Status</label>
          <select id="pledge-status" className="input" {...filters.field('status')}>
            <option value="">All</option>
            {Object.entries(statusLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <label htmlFor="pledge-search">Name, e-mail or reference</label>
          <input id="pledge-search" className="input" type="search" {...filters.field('q')} />
          <button type="submit" className="btn btn-outline">
            Search
          </button>
        </Form>
      }
    >
      <PanelStates
        state={pledges}
        loading="Loading pledges..."
        onRetry={reload}
        empty={pledges.status === 'ready' && pledges.data.pledges.length === 0 && 'No pledges here.'}
      />
      {pledges.status === 'ready' && pledges.data.pledges.length > 0 && (
        <div className="table-wrap">
          <table className="admin-table pledge-table">
            <thead>
              <tr>
                <th scope="col">Donor</th>
                <th scope="col">Every month</th>
                <th scope="col">Months</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {pledges.data.pledges.map((pledge) => (
                <tr key={pledge.id}>
                  <th scope="row" data-label="Donor">
                    {pledge.name}
                    <span className="cell-note">{pledge.email}</span>
                    {pledge.pan && <span className="cell-note">PAN {pledge.pan}</span>}
                  </th>
                  <td data-label="Every month">
                    {formatRupees(pledge.amount)}
                    <span className="cell-note">on day {pledge.day}</span>
                  </td>
                  <td data-label="Months">
                    {pledge.months.length === 0 ? (
                      <span className="cell-note">No reminder yet</span>
                    ) : (
                      <ul className="pledge-months">
                        {pledge.months.map((month) => (
                          <li key={month.month}>
                            {month.month}: {monthStates[month.state]} <span className="cell-note">{month.reference}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td data-label="Status">
                    {statusLabels[pledge.status]}
                    {pledge.stopped_by && <span className="cell-note">by the {pledge.stopped_by}</span>}
                  </td>
                  <td data-label="Actions" className="donation-actions">
                    {pledge.status === 'active' && (
                      <button
                        type="button"
                        className="btn btn-outline"
                        aria-label={`Pause the pledge of ${pledge.name}`}
                        onClick={() => void change(pledge, 'pause')}
                      >
                        Pause
                      </button>
                    )}
                    {pledge.status === 'paused' && (
                      <button
                        type="button"
                        className="btn btn-outline"
                        aria-label={`Resume the pledge of ${pledge.name}`}
                        onClick={() => void change(pledge, 'resume')}
                      >
                        Resume
                      </button>
                    )}
                    {pledge.status !== 'stopped' && (
                      <button type="button" className="btn btn-outline" aria-label={`Stop the pledge of ${pledge.name}`} onClick={() => setStopping(pledge)}>
                        Stop
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {stopping && (
        <ConfirmDialog
          question="Stop this pledge?"
          subject={`${stopping.name}, ${formatRupees(stopping.amount)} every month`}
          note="No more reminders go out, and the donor is told by e-mail. A stopped pledge cannot be resumed."
          confirmLabel="Stop"
          busyLabel="Stopping..."
          onConfirm={() => change(stopping, 'stop')}
          onCancel={() => setStopping(null)}
        />
      )}
    </AdminPanel>
  );
}
