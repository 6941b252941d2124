import { useState } from 'react';
import { Form, useForm } from '../../../components/Form';
import { AdminPanel } from '../AdminPanel';
import { SubmitActions } from '../FormActions';
import { PanelStates } from '../PanelStates';
import { Timestamp } from '../Timestamp';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { addDataRequest, fetchDataRequests, setDataRequestStatus, type DataRequest, type DataRequestKind } from './api';
import { indianDate, whenDue } from './dates';
import { ReasonDialog } from '../donations/ReasonDialog';

const kindLabels: Record<DataRequestKind, string> = {
  access: 'See their data',
  correction: 'Correct their data',
  erasure: 'Erase their data',
  withdrawal: 'Withdraw a consent',
  grievance: 'Grievance',
  other: 'Request or complaint',
};

/**
 * Requests about personal data and grievances (DPDP Rules, 2025), each to be answered within 90
 * days: the deadline shown, the overdue ones highlighted. They come from the contact form's
 * "Personal data request or complaint", or are recorded here when received by post or phone.
 */
export function DataRequestsPanel() {
  const [loaded, reload] = useLoad(fetchDataRequests);
  const form = useForm({ kind: 'other', name: '', email: '', message: '', received_on: '' });
  const [saving, setSaving] = useState(false);

  async function record(fields: { kind: string; name: string; email: string; message: string; received_on: string }) {
    setSaving(true);
    const outcome = await addDataRequest({
      kind: fields.kind as DataRequestKind,
      name: fields.name.trim(),
      email: fields.email.trim(),
      message: fields.message.trim(),
      ...(fields.received_on && { received_on: fields.received_on }),
    });
    setSaving(false);
    if (outcome.ok) {
      notify.success(outcome.data);
      form.reset();
      reload();
    } else notify.error(outcome.message);
  }

  const [closing, setClosing] = useState<DataRequest | null>(null);
  async function change(request: DataRequest, status: DataRequest['status'], note?: string) {
    const outcome = await setDataRequestStatus(request.id, status, note);
    if (outcome.ok) notify.success(outcome.data);
    else notify.error(outcome.message);
    setClosing(null);
    reload();
  }

  const overdue = loaded.status === 'ready' ? loaded.data.overdue : 0;
  return (
    <AdminPanel
      id="data-requests"
      title="Requests and grievances (personal data)"
      count={loaded.status === 'ready' ? loaded.data.requests.filter((request) => request.status === 'open').length : undefined}
    >
      {overdue > 0 && (
        <p className="panel-note overdue-note" role="status">
          {overdue} request{overdue === 1 ? ' is' : 's are'} past the 90 days the DPDP Rules allow.
        </p>
      )}
      <PanelStates
        state={loaded}
        loading="Loading the requests..."
        onRetry={reload}
        empty={loaded.status === 'ready' && loaded.data.requests.length === 0 ? 'No requests or grievances.' : undefined}
      />
      {loaded.status === 'ready' && loaded.data.requests.length > 0 && (
        <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Request</th>
                <th scope="col">Deadline</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.requests.map((request) => (
                <tr key={request.id} className={request.overdue ? 'is-overdue' : undefined}>
                  <th scope="row" data-label="From">
                    {request.name}
                    <span className="cell-note">{request.email}</span>
                  </th>
                  <td data-label="Request">
                    <strong>{kindLabels[request.kind]}</strong>
                    <span className="cell-note pre-line">{request.message}</span>
                    <span className="cell-note">
                      Received <Timestamp iso={request.received_at} />
                    </span>
                  </td>
                  <td data-label="Deadline">
                    {request.status === 'closed' ? (
                      <>
                        Answered
                        {request.note && <span className="cell-note">{request.note}</span>}
                      </>
                    ) : (
                      <>
                        {indianDate(request.due_on)}
                        <span className="cell-note">{request.overdue ? <strong>{whenDue(request.days_left)}</strong> : whenDue(request.days_left)}</span>
                      </>
                    )}
                  </td>
                  <td data-label="Actions">
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => (request.status === 'open' ? setClosing(request) : void change(request, 'open'))}
                      aria-label={`${request.status === 'open' ? 'Close as answered' : 'Open again'}: ${request.name}`}
                    >
                      {request.status === 'open' ? 'Close as answered' : 'Open again'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {closing && (
        <ReasonDialog
          title="Close this request as answered?"
          subject={`${closing.name}: ${kindLabels[closing.kind]}`}
          label="What was done or answered (kept with the request)"
          confirmLabel="Close as answered"
          onConfirm={(note) => change(closing, 'closed', note)}
          onCancel={() => setClosing(null)}
        />
      )}
      <details className="record-request">
        <summary>Record a request received by post, phone or e-mail</summary>
        <Form form={form} className="form-grid two-columns" onSubmit={record}>
          <label htmlFor="request-kind">
            Kind
            <select id="request-kind" className="input" {...form.field('kind')}>
              {Object.entries(kindLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor="request-received">
            Received on (today when left empty)
            <input id="request-received" className="input" type="date" {...form.field('received_on')} />
          </label>
          <label htmlFor="request-name">
            Name
            <input id="request-name" className="input" required maxLength={100} {...form.field('name')} />
          </label>
          <label htmlFor="request-email">
            E-mail
            <input id="request-email" className="input" type="email" required {...form.field('email')} />
          </label>
          <label htmlFor="request-message" className="span-all">
            What they ask
            <textarea id="request-message" className="input" rows={3} required maxLength={5000} {...form.field('message')} />
          </label>
          <SubmitActions label="Record the request" busy={saving} busyLabel="Recording..." outline />
        </Form>
      </details>
    </AdminPanel>
  );
}
