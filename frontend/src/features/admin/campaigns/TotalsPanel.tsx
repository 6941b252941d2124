import { useState } from 'react';
import { TextField } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { rupees as formatRupees } from '../donations/FiguresPanel';
import { AdminPanel } from '../AdminPanel';
import { downloadBlob } from '../download';
import { PanelStates } from '../PanelStates';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { fetchTotals, fetchTotalsCsv, type DesignationTotals } from './api';

type Range = { from: string; to: string };
type Row = DesignationTotals['total'];

/** Received gifts of a date range per campaign and per program (what funders ask), and as CSV. */
export function TotalsPanel() {
  const form = useForm<Range>({ from: '', to: '' });
  const [range, setRange] = useState<Partial<Range>>({});
  const [totals, reload] = useLoad(() => fetchTotals(range), `${range.from}|${range.to}`);
  const asked = (fields: Range) => ({ ...(fields.from && { from: fields.from }), ...(fields.to && { to: fields.to }) });

  async function download() {
    const chosen = asked(form.read());
    const outcome = await fetchTotalsCsv(chosen);
    if (!outcome.ok) return notify.error(outcome.message);
    const shown = totals.status === 'ready' ? totals.data : null;
    downloadBlob(outcome.data, `gifts-by-campaign-and-program-${chosen.from ?? shown?.from ?? ''}-to-${chosen.to ?? shown?.to ?? ''}.csv`);
  }

  return (
    <AdminPanel id="totals" title="Gifts by campaign and program">
      <Form form={form} className="donation-filters" aria-label="Date range" onSubmit={(fields) => setRange(asked(fields))}>
        <TextField id="totals-from" label="From" type="date" {...form.field('from')} />
        <TextField id="totals-to" label="To" type="date" {...form.field('to')} />
        <button type="submit" className="btn btn-outline">
          Show
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void download()}>
          Download CSV
        </button>
      </Form>
      <PanelStates state={totals} loading="Adding up the gifts..." onRetry={reload} />
      {totals.status === 'ready' && (
        <div className="table-wrap">
          <p className="muted">
            Received (confirmed) gifts from {totals.data.from} to {totals.data.to}. A campaign's gifts count for its program too.
          </p>
          <table className="admin-table totals-table">
            <thead>
              <tr>
                <th scope="col">For</th>
                <th scope="col">Gifts</th>
                <th scope="col">Donors</th>
                <th scope="col">Rupees</th>
              </tr>
            </thead>
            <tbody>
              {totals.data.campaigns.map((row) => (
                <TotalRow key={`c${row.id}`} kind="Campaign" row={row} />
              ))}
              {totals.data.programs.map((row) => (
                <TotalRow key={`p${row.id}`} kind="Program" row={row} />
              ))}
              <TotalRow kind="" row={totals.data.general} />
              <TotalRow kind="" row={totals.data.total} />
            </tbody>
          </table>
        </div>
      )}
    </AdminPanel>
  );
}

function TotalRow({ kind, row }: { kind: string; row: Row }) {
  return (
    <tr>
      <th scope="row" data-label="For">
        {kind ? `${kind}: ${row.name}` : row.name}
      </th>
      <td data-label="Gifts">{row.count}</td>
      <td data-label="Donors">{row.donors}</td>
      <td data-label="Rupees">{formatRupees(row.amount)}</td>
    </tr>
  );
}
