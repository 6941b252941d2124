import { useState } from 'react';
import { Field } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { AdminPanel } from '../AdminPanel';
import { SubmitActions } from '../FormActions';
import { notify } from '../toasts';
import { addSubscriber, importSubscribers, type SubscriberImport } from './api';

const language = (value: string) => (value === 'hi' ? 'hi' : 'en');

/** One address added by hand, with where its consent came from; or sent a confirmation mail instead. */
export function AddSubscriberForm({ onAdded }: { onAdded: () => void }) {
  const form = useForm({ email: '', name: '', language: 'en', reason: '', confirm: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <AdminPanel id="subscriber-add" title="Add a subscriber">
      <Form
        form={form}
        className="form-grid two-columns"
        noValidate
        onSubmit={async (fields) => {
          if (!fields.email.trim() || !fields.reason.trim()) return setError('Enter the e-mail address and the reason');
          setBusy(true);
          const outcome = await addSubscriber({
            email: fields.email.trim(),
            ...(fields.name.trim() ? { name: fields.name.trim() } : {}),
            language: language(fields.language),
            reason: fields.reason.trim(),
            ...(fields.confirm === 'true' ? { confirm: true } : {}),
          });
          setBusy(false);
          if (!outcome.ok) return setError(outcome.message);
          setError('');
          notify.success(outcome.data);
          form.reset();
          onAdded();
        }}
      >
        <Field id="subscriber-email" label="E-mail address">
          <input id="subscriber-email" className="input" type="email" required {...form.field('email')} />
        </Field>
        <Field id="subscriber-name" label="Name (optional)">
          <input id="subscriber-name" className="input" {...form.field('name')} />
        </Field>
        <Field id="subscriber-language" label="Language">
          <select id="subscriber-language" className="input" {...form.field('language')}>
            <option value="en">English</option>
            <option value="hi">Hindi</option>
          </select>
        </Field>
        <Field id="subscriber-reason" label="Reason: who asked, where and when">
          <input id="subscriber-reason" className="input" required placeholder="Signed the paper list at the Gumla camp, 12 March" {...form.field('reason')} />
        </Field>
        <div className="check-field span-all">
          <input id="subscriber-confirm" type="checkbox" value="true" {...form.field('confirm')} />
          <label htmlFor="subscriber-confirm">Mail them a confirmation link instead (they are subscribed once they confirm)</label>
        </div>
        <SubmitActions label="Add" busy={busy} busyLabel="Adding..." />
        <p className="form-error span-all" role="alert">
          {error}
        </p>
      </Form>
    </AdminPanel>
  );
}

/** A CSV file of addresses: confirmation mails to each new one, unless the admin says where their consent came from. */
export function ImportSubscribersForm({ onImported }: { onImported: () => void }) {
  const form = useForm({ consent_source: '', default_language: 'en' });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SubscriberImport | null>(null);
  return (
    <AdminPanel id="subscriber-import" title="Import a CSV file">
      <p className="panel-note">
        A heading row with an “email” column (and “name”, “language” if you have them). Each new address gets a confirmation mail and receives nothing until it
        confirms, unless you record where these people gave their consent.
      </p>
      <Form
        form={form}
        className="form-grid two-columns"
        noValidate
        onSubmit={async (fields) => {
          if (!file) return setError('Choose the CSV file');
          setBusy(true);
          const outcome = await importSubscribers({
            csv: await file.text(),
            ...(fields.consent_source.trim() ? { consent_source: fields.consent_source.trim() } : {}),
            default_language: language(fields.default_language),
          });
          setBusy(false);
          if (!outcome.ok) return setError(outcome.message);
          setError('');
          setResult(outcome.data.result);
          notify.success(outcome.data.message);
          onImported();
        }}
      >
        <Field id="import-file" label="CSV file">
          <input id="import-file" className="input" type="file" accept=".csv,text/csv" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </Field>
        <Field id="import-language" label="Language of rows without one">
          <select id="import-language" className="input" {...form.field('default_language')}>
            <option value="en">English</option>
            <option value="hi">Hindi</option>
          </select>
        </Field>
        <Field id="import-consent" label="Where their consent came from (leave empty to send confirmation mails)">
          <input id="import-consent" className="input" placeholder="Paper sign-up sheets, health camps 2025" {...form.field('consent_source')} />
        </Field>
        <SubmitActions label="Import" busy={busy} busyLabel="Importing..." />
        <p className="form-error span-all" role="alert">
          {error}
        </p>
      </Form>
      {result && (
        <div className="import-result" role="status">
          <p>
            {result.added} added ({result.subscribed} subscribed at once, {result.confirmations} confirmation mails), {result.unchanged} already on the list.
          </p>
          {result.invalid.length > 0 && (
            <ul>
              {result.invalid.map((row) => (
                <li key={row.line}>
                  Line {row.line}: “{row.value}” is not an e-mail address
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </AdminPanel>
  );
}
