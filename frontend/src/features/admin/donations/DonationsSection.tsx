import { useCallback, useEffect, useState } from 'react';
import { Form, useForm } from '../../../components/Form';
import { downloadBlob } from '../download';
import { LoadFailed } from '../LoadFailed';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import {
  fetchDonations,
  fetchFcLedger,
  fetchFigures,
  fetchForm10bd,
  fetchReceipt,
  reissueReceipt,
  setDonationStatus,
  setEligible80g,
  type Donation,
  type DonationQuery,
} from './api';
import { BankImport } from './BankImport';
import { FiguresPanel, rupees } from './FiguresPanel';
import { ReasonDialog } from './ReasonDialog';
import { modeLabels } from './modes';
import { Designation } from '../campaigns/Designation';
import './DonationsSection.css';

const statusLabels = { pending: 'Pending', received: 'Received', rejected: 'Rejected' } as const;
const pageSize = 25;

/** The financial year (April to March) of today in India: 2026-27. */
function currentFinancialYear(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number);
  const start = month! >= 4 ? year! : year! - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

type Asking = { donation: Donation; action: 'reject' | 'reissue' } | null;
type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; donations: Donation[]; total: number };

/** Donations: what donors reported and what the bank shows, confirmed into numbered 80G receipts. */
export function DonationsSection() {
  const [figures, reloadFigures] = useLoad(fetchFigures);
  const [query, setQuery] = useState<DonationQuery>({ status: 'pending' });
  const filters = useForm({ status: 'pending', q: '' });
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [asking, setAsking] = useState<Asking>(null);
  const year = useForm({ fy: currentFinancialYear() });
  const ledgerYear = useForm({ fy: currentFinancialYear() });
  const page = query.page ?? 1;

  const load = useCallback(async () => {
    const outcome = await fetchDonations({ ...query, limit: pageSize });
    setLoaded(outcome.ok ? { status: 'ready', ...outcome.data } : { status: 'failed', message: outcome.message });
  }, [query]);
  useEffect(() => void load(), [load]);
  const reload = () => {
    void load();
    reloadFigures();
  };

  async function change(donation: Donation, status: Donation['status'], reason?: string) {
    const outcome = await setDonationStatus(donation.id, status, reason);
    if (outcome.ok) notify.success(outcome.data);
    else notify.error(outcome.message);
    setAsking(null);
    reload();
  }

  async function reissue(donation: Donation, reason: string) {
    const outcome = await reissueReceipt(donation.id, reason);
    if (outcome.ok) notify.success(outcome.data);
    else notify.error(outcome.message);
    setAsking(null);
    reload();
  }

  async function downloadReceipt(donation: Donation) {
    const outcome = await fetchReceipt(donation.receipt!.id);
    if (outcome.ok) downloadBlob(outcome.data, `receipt-${donation.receipt!.number.replace('/', '-')}.pdf`);
    else notify.error(outcome.message);
  }

  async function downloadForm10bd({ fy }: { fy: string }) {
    const outcome = await fetchForm10bd(fy);
    if (!outcome.ok) return notify.error(outcome.message);
    downloadBlob(outcome.data.csv, `form-10bd-${fy}.csv`);
    const left = outcome.data.withoutPan;
    notify.success(
      left
        ? `Form 10BD ${fy} downloaded. ${left} received donation${left === 1 ? '' : 's'} without a PAN ${left === 1 ? 'is' : 'are'} not in it.`
        : `Form 10BD ${fy} downloaded.`,
    );
  }

  async function changeEligibility(donation: Donation) {
    const outcome = await setEligible80g(donation.id, !donation.eligible_80g);
    if (outcome.ok) notify.success(outcome.data);
    else notify.error(outcome.message);
    reload();
  }

  async function downloadFcLedger({ fy }: { fy: string }) {
    const outcome = await fetchFcLedger(fy);
    if (!outcome.ok) return notify.error(outcome.message);
    downloadBlob(outcome.data, `fc-ledger-${fy}.csv`);
    notify.success(`FC ledger ${fy} downloaded.`);
  }

  /** The filters as the form holds them: the status at once when chosen, the words when searched. */
  const search = ({ status, q }: { status: string; q: string }) =>
    setQuery((current) => ({ ...current, status: (status || undefined) as DonationQuery['status'], q: q.trim() || undefined, page: 1 }));

  return (
    <>
      <FiguresPanel figures={figures} onRetry={reloadFigures} />

      <section className="admin-panel" aria-labelledby="donations-title">
        <div className="panel-head">
          <h2 id="donations-title" className="panel-title">
            Donations{loaded.status === 'ready' && <span className="panel-count">{loaded.total}</span>}
          </h2>
          <Form form={filters} className="donation-filters" role="search" aria-label="Find donations" onSubmit={search}>
            <label htmlFor="donation-status">Status</label>
            <select
              id="donation-status"
              className="input"
              {...filters.field('status')}
              onChange={(event) => {
                const status = event.target.value;
                setQuery((current) => ({ ...current, status: (status || undefined) as DonationQuery['status'], page: 1 }));
              }}
            >
              <option value="">All</option>
              {Object.entries(statusLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <label htmlFor="donation-search">Name, e-mail, reference or receipt</label>
            <input id="donation-search" className="input" type="search" {...filters.field('q')} />
            <button type="submit" className="btn btn-outline">
              Search
            </button>
          </Form>
        </div>
        {loaded.status === 'loading' && <p className="panel-state">Loading donations...</p>}
        {loaded.status === 'failed' && <LoadFailed message={loaded.message} onRetry={() => void load()} />}
        {loaded.status === 'ready' && loaded.donations.length === 0 && <p className="panel-state">No donations here.</p>}
        {loaded.status === 'ready' && loaded.donations.length > 0 && (
          <div className="table-wrap">
            <table className="admin-table donation-table">
              <thead>
                <tr>
                  <th scope="col">Donor</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Reference</th>
                  <th scope="col">PAN</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {loaded.donations.map((donation) => (
                  <tr key={donation.id}>
                    <th scope="row" data-label="Donor">
                      {donation.name}
                      <span className="cell-note">{donation.email}</span>
                    </th>
                    <td data-label="Amount">
                      {rupees(donation.amount)}
                      {donation.monthly && <span className="cell-note">monthly</span>}
                      <Designation campaignId={donation.campaign_id} program={donation.program} />
                      {donation.citizenship === 'foreign' && (
                        <span className="cell-note foreign-note">
                          Foreign contribution, {donation.country || 'country not given'} (passport {donation.passport_number || 'not given'})
                          {donation.eligible_80g ? ', marked eligible for 80G' : ', no 80G receipt'}
                        </span>
                      )}
                    </td>
                    <td data-label="Reference">
                      {donation.reference}
                      <span className="cell-note">{modeLabels[donation.mode]}</span>
                    </td>
                    <td data-label="PAN">{donation.pan || 'none'}</td>
                    <td data-label="Status">
                      {statusLabels[donation.status]}
                      {donation.receipt && <span className="cell-note">Receipt {donation.receipt.number}</span>}
                      {donation.bank_match && donation.status === 'pending' && (
                        <span className="cell-note">
                          Found in the bank statement: {donation.bank_match.description || donation.bank_match.reference} (
                          {modeLabels[donation.bank_match.mode]})
                        </span>
                      )}
                      {donation.reason && <span className="cell-note">{donation.reason}</span>}
                    </td>
                    <td data-label="Actions" className="donation-actions">
                      {donation.status !== 'received' && (
                        <button
                          type="button"
                          className="btn btn-primary"
                          aria-label={`Confirm ${rupees(donation.amount)} from ${donation.name}`}
                          onClick={() => void change(donation, 'received')}
                        >
                          Confirm
                        </button>
                      )}
                      {donation.status === 'pending' && (
                        <button
                          type="button"
                          className="btn btn-outline"
                          aria-label={`Reject ${rupees(donation.amount)} from ${donation.name}`}
                          onClick={() => setAsking({ donation, action: 'reject' })}
                        >
                          Reject
                        </button>
                      )}
                      {donation.citizenship === 'foreign' && (
                        <button
                          type="button"
                          className="btn btn-outline"
                          aria-label={`${donation.eligible_80g ? 'Mark not eligible for 80G' : 'Mark eligible for 80G'}: ${rupees(donation.amount)} from ${donation.name}`}
                          onClick={() => void changeEligibility(donation)}
                        >
                          {donation.eligible_80g ? 'Not eligible for 80G' : 'Eligible for 80G'}
                        </button>
                      )}
                      {donation.receipt && (
                        <>
                          <button
                            type="button"
                            className="btn btn-outline"
                            aria-label={`Download receipt ${donation.receipt.number}`}
                            onClick={() => void downloadReceipt(donation)}
                          >
                            Receipt PDF
                          </button>
                          <button
                            type="button"
                            className="btn btn-outline"
                            aria-label={`Cancel and reissue receipt ${donation.receipt.number}`}
                            onClick={() => setAsking({ donation, action: 'reissue' })}
                          >
                            Reissue
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {loaded.status === 'ready' && loaded.total > pageSize && (
          <nav className="donation-filters" aria-label="Pages of donations">
            <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => setQuery((current) => ({ ...current, page: page - 1 }))}>
              Previous
            </button>
            <span>
              Page {page} of {Math.ceil(loaded.total / pageSize)}
            </span>
            <button
              type="button"
              className="btn btn-outline"
              disabled={page * pageSize >= loaded.total}
              onClick={() => setQuery((current) => ({ ...current, page: page + 1 }))}
            >
              Next
            </button>
          </nav>
        )}
        {asking && (
          <ReasonDialog
            title={asking.action === 'reject' ? 'Reject this donation?' : 'Cancel this receipt and issue a new one?'}
            subject={`${asking.donation.name}, ${rupees(asking.donation.amount)}, ${asking.donation.reference}`}
            label={asking.action === 'reject' ? 'Why is it rejected?' : 'Why is the receipt cancelled?'}
            confirmLabel={asking.action === 'reject' ? 'Reject' : 'Cancel and reissue'}
            onConfirm={(reason) => (asking.action === 'reject' ? change(asking.donation, 'rejected', reason) : reissue(asking.donation, reason))}
            onCancel={() => setAsking(null)}
          />
        )}
      </section>

      <section className="admin-panel" aria-labelledby="form-10bd-title">
        <h2 id="form-10bd-title" className="panel-title">
          Form 10BD
        </h2>
        <Form form={year} className="donation-filters" onSubmit={downloadForm10bd}>
          <label htmlFor="form-10bd-year">Financial year</label>
          <input id="form-10bd-year" className="input" pattern="20[0-9]{2}-[0-9]{2}" required {...year.field('fy')} />
          <button type="submit" className="btn btn-primary">
            Download CSV
          </button>
        </Form>
      </section>

      <section className="admin-panel" aria-labelledby="fc-ledger-title">
        <h2 id="fc-ledger-title" className="panel-title">
          Foreign contributions (FCRA)
        </h2>
        <p className="panel-note">
          Gifts from foreign citizens, OCI and PIO card holders are kept apart: no 80G receipt and not in Form 10BD unless marked eligible. Their ledger of a
          year lists donor, country, passport, amount, date and bank reference.
        </p>
        <Form form={ledgerYear} className="donation-filters" onSubmit={downloadFcLedger}>
          <label htmlFor="fc-ledger-year">Year of the ledger</label>
          <input id="fc-ledger-year" className="input" pattern="20[0-9]{2}-[0-9]{2}" required {...ledgerYear.field('fy')} />
          <button type="submit" className="btn btn-primary">
            Download the FC ledger
          </button>
        </Form>
      </section>
      <BankImport onChanged={reload} />
    </>
  );
}
