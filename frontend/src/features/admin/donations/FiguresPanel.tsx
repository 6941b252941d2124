import { LoadFailed } from '../LoadFailed';
import type { LoadState } from '../useLoad';
import type { DonationFigures } from './api';
import './FiguresPanel.css';

export const rupees = (amount: number) => `₹${new Intl.NumberFormat('en-IN').format(amount)}`;

/** Received this month and this financial year, and what is pending to check. */
export function FiguresPanel({ figures, onRetry }: { figures: LoadState<DonationFigures>; onRetry: () => void }) {
  return (
    <section className="admin-panel" aria-labelledby="donation-figures-title">
      <h2 id="donation-figures-title" className="panel-title">
        Donations at a glance
      </h2>
      {figures.status === 'failed' && <LoadFailed message={figures.message} onRetry={onRetry} />}
      {figures.status === 'ready' && (
        <dl className="donation-figures">
          <div>
            <dt>Received this month</dt>
            <dd>{rupees(figures.data.month.amount)}</dd>
          </div>
          <div>
            <dt>Received in {figures.data.fy}</dt>
            <dd>{rupees(figures.data.year.amount)}</dd>
          </div>
          <div>
            <dt>Foreign contributions in {figures.data.fy} (FCRA, apart)</dt>
            <dd>
              {rupees(figures.data.foreign.year.amount)}
              {figures.data.foreign.year.count > 0 && ` (${figures.data.foreign.year.count})`}
            </dd>
          </div>
          <div>
            <dt>Pending to check</dt>
            <dd>
              {figures.data.pending.count} ({rupees(figures.data.pending.amount)}){figures.data.matched > 0 && `, ${figures.data.matched} matched by the bank`}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
