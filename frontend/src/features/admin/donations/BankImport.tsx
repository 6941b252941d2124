import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Field, SelectField } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { notify } from '../toasts';
import './BankImport.css';
import { importStatement, recordDonation, setDonationStatus, type BankCredit, type BankMapping, type BankStatementResult } from './api';
import { modeLabels } from './modes';

const rupees = (amount: number) => `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(amount)}`;
const mappedFields: { field: keyof BankMapping; label: string }[] = [
  { field: 'date', label: 'Date column' },
  { field: 'amount', label: 'Credit (deposit) column' },
  { field: 'reference', label: 'Reference column' },
  { field: 'description', label: 'Description (narration) column' },
];

/** A credit's reference for recording it by hand: its reference column, else the longest run of digits in its narration. */
const referenceOf = (credit: BankCredit) => credit.reference || ((credit.description.match(/[0-9]{6,}/g) ?? []).sort((a, b) => b.length - a.length)[0] ?? '');

/** A credit as the bank wrote it: its date, amount, narration and mode. */
const bankLine = (credit: BankCredit) =>
  `${credit.date || 'unreadable date'}, ${rupees(credit.amount)}, ${credit.description || credit.reference || 'no narration'} (${modeLabels[credit.mode]})`;

/**
 * The bank statement: the admin uploads the bank's CSV export and maps its columns once (the
 * server remembers them); reported donations that match a credit are confirmed in one click, and
 * credits no one reported are recorded by hand.
 */
export function BankImport({ onChanged }: { onChanged: () => void }) {
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<BankStatementResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(text: string, chosen?: BankMapping) {
    setBusy(true);
    const outcome = await importStatement(text, chosen);
    setBusy(false);
    if (!outcome.ok) return notify.error(outcome.message);
    setResult(outcome.data);
    if (!outcome.data.needs_mapping) {
      notify.success(outcome.data.message);
      onChanged();
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    await run(text);
  }

  async function confirm(id: string) {
    const outcome = await setDonationStatus(id, 'received');
    if (outcome.ok) notify.success(outcome.data);
    else notify.error(outcome.message);
    setResult((current) => current && { ...current, matched: current.matched.filter((match) => match.donation.id !== id) });
    onChanged();
  }

  async function record(event: FormEvent<HTMLFormElement>, credit: BankCredit) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    const mode = credit.mode === 'unknown' ? 'bank' : credit.mode;
    const outcome = await recordDonation({ name, amount: Math.round(credit.amount), reference: referenceOf(credit), mode, received_on: credit.date });
    if (!outcome.ok) return notify.error(outcome.message);
    notify.success(`${outcome.data}: ${name}, ${rupees(credit.amount)}. Confirm it in the list to issue its receipt.`);
    setResult((current) => current && { ...current, unreported: current.unreported.filter((other) => other.line !== credit.line) });
    onChanged();
  }

  return (
    <section className="admin-panel" aria-labelledby="bank-import-title">
      <h2 id="bank-import-title" className="panel-title">
        Bank statement
      </h2>
      <Field id="bank-statement-file" label="The bank's CSV export">
        <input id="bank-statement-file" type="file" accept=".csv,text/csv" disabled={busy} onChange={(event) => void choose(event)} />
      </Field>
      {result?.needs_mapping && <MappingForm result={result} busy={busy} onMap={(chosen) => void run(csv, chosen)} />}
      {result && !result.needs_mapping && (
        <>
          <p role="status">{result.message}</p>
          {result.matched.length > 0 && (
            <>
              <h3>Reported and found in the bank</h3>
              <ul className="bank-list">
                {result.matched.map(({ donation, credit }) => (
                  <li key={donation.id}>
                    <span>
                      Reported: {donation.name}, {rupees(donation.amount)}, {donation.reference} ({modeLabels[donation.mode]})
                      <span className="cell-note">In the bank: {bankLine(credit)}</span>
                    </span>
                    <button type="button" className="btn btn-primary" onClick={() => void confirm(donation.id)}>
                      Confirm {donation.name}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.ambiguous.length > 0 && (
            <>
              <h3>Fits more than one way: check by hand</h3>
              <ul className="bank-list">
                {result.ambiguous.map((group) => (
                  <li key={group.credits.map((credit) => credit.line).join('-')}>
                    <span>
                      {group.credits.map((credit) => (
                        <span key={credit.line} className="cell-note">
                          In the bank: {bankLine(credit)}
                        </span>
                      ))}
                      {group.donations.map((donation) => (
                        <span key={donation.id} className="cell-note">
                          Reported: {donation.name}, {rupees(donation.amount)}, {donation.reference}
                        </span>
                      ))}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.unreported.length > 0 && (
            <>
              <h3>Credits no one reported</h3>
              <ul className="bank-list">
                {result.unreported.map((credit) => (
                  <li key={credit.line}>
                    <span>{bankLine(credit)}</span>
                    <form onSubmit={(event) => void record(event, credit)}>
                      <label htmlFor={`bank-credit-${credit.line}`}>Donor&apos;s name</label>
                      <input id={`bank-credit-${credit.line}`} name="name" className="input" required maxLength={100} />
                      <button type="submit" className="btn btn-outline">
                        Record
                      </button>
                    </form>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Which column of the statement holds what: the server's guess (or the last mapping) to start from. */
function MappingForm({ result, busy, onMap }: { result: BankStatementResult; busy: boolean; onMap: (mapping: BankMapping) => void }) {
  const known: Partial<BankMapping> = result.mapping ?? {};
  const form = useForm({ date: known.date ?? '', amount: known.amount ?? '', reference: known.reference ?? '', description: known.description ?? '' });
  return (
    <Form
      form={form}
      className="bank-mapping"
      onSubmit={(mapping) => onMap(Object.fromEntries(Object.entries(mapping).filter(([, column]) => column)) as BankMapping)}
    >
      <p>{result.message}</p>
      {mappedFields.map(({ field, label }) => (
        <SelectField
          key={field}
          id={`bank-map-${field}`}
          label={label}
          required={field === 'date' || field === 'amount'}
          placeholder="None"
          options={result.columns.map((column) => ({ value: column, label: column }))}
          {...form.field(field)}
        />
      ))}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Match the credits
      </button>
    </Form>
  );
}
