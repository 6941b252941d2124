import { useState } from 'react';
import { Form, useForm } from '../../../components/Form';
import { AdminPanel } from '../AdminPanel';
import { downloadBlob } from '../download';
import { SubmitActions } from '../FormActions';
import { PanelStates } from '../PanelStates';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { useUpload } from '../useUpload';
import { UploadProgressBar } from '../UploadProgressBar';
import { assignCertificate, fetchCertificateBlob, fetchCertificates, type Form10beCertificate, type Form10beImport } from './api';

/**
 * Form 10BE: the tax portal's certificates, imported as PDFs or a ZIP of them. Each is matched to
 * its donor by the PAN (or Aadhaar number) and year it names and mailed once, attached; the rest
 * wait here to be given to a donor by hand.
 */
export function Form10bePanel() {
  const [certificates, reload] = useLoad(fetchCertificates);
  const { saving, progress, send } = useUpload();
  const [result, setResult] = useState<Form10beImport | null>(null);
  const picker = useForm({});

  async function importFiles(_fields: object, event: React.FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem('files') as HTMLInputElement;
    const files = [...(input.files ?? [])];
    if (!files.length) return notify.error('Please choose the Form 10BE certificates (PDF files, or a ZIP of them)');
    const outcome = await send('/api/import_form10be.php', { files }, 'Could not import the certificates');
    if (!outcome.ok) return notify.error(outcome.message);
    notify.success(outcome.data.message);
    setResult(outcome.data);
    input.value = '';
    reload();
  }

  const unmatched = certificates.status === 'ready' ? certificates.data.filter((certificate) => certificate.status === 'unmatched') : [];
  const matched = certificates.status === 'ready' ? certificates.data.filter((certificate) => certificate.status === 'matched') : [];
  return (
    <AdminPanel id="form10be" title="Form 10BE certificates">
      <p className="panel-note">
        After filing Form 10BD, download the donors’ certificates from the income-tax portal and import them here (the PDFs, or the ZIP). Each donor whose PAN
        matches a receipt of that year gets one mail with their certificate attached, in their language. Importing a file again sends nothing again.
      </p>
      <Form form={picker} className="form-grid" onSubmit={importFiles} aria-label="Import Form 10BE certificates">
        <label htmlFor="form10be-files">
          Certificates (PDF or ZIP)
          <input
            id="form10be-files"
            className="input input-file"
            type="file"
            name="files"
            multiple
            accept="application/pdf,application/zip,.pdf,.zip"
            required
          />
        </label>
        <UploadProgressBar progress={progress} />
        <SubmitActions label="Import and mail" busy={saving} busyLabel="Importing..." />
      </Form>
      {result && <ImportResult result={result} />}
      <PanelStates state={certificates} loading="Loading the certificates..." onRetry={reload} />
      {unmatched.length > 0 && (
        <>
          <h3 className="subhead">To assign by hand</h3>
          <ul className="certificate-list">
            {unmatched.map((certificate) => (
              <UnmatchedCertificate key={certificate.id} certificate={certificate} onAssigned={reload} />
            ))}
          </ul>
        </>
      )}
      {matched.length > 0 && (
        <details>
          <summary>Mailed ({matched.length})</summary>
          <ul className="certificate-list">
            {matched.map((certificate) => (
              <li key={certificate.id}>
                {certificate.fy} · {certificate.id_number} → {certificate.donor!.name} &lt;{certificate.donor!.email}&gt;
                <span className="cell-note">
                  {certificate.filename}, matched by {certificate.donor!.matched_by === 'hand' ? 'hand' : certificate.donor!.matched_by.toUpperCase()}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </AdminPanel>
  );
}

function ImportResult({ result }: { result: Form10beImport }) {
  return (
    <div className="import-result" role="status">
      <p>{result.message}</p>
      {result.unreadable.length > 0 && (
        <ul>
          {result.unreadable.map((file) => (
            <li key={file.filename}>
              {file.filename}: {file.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function UnmatchedCertificate({ certificate, onAssigned }: { certificate: Form10beCertificate; onAssigned: () => void }) {
  const form = useForm({ email: '' });
  const [busy, setBusy] = useState(false);
  async function assign({ email }: { email: string }) {
    setBusy(true);
    const outcome = await assignCertificate(certificate.id, email.trim());
    setBusy(false);
    if (!outcome.ok) return notify.error(outcome.message);
    notify.success(outcome.data);
    onAssigned();
  }
  async function download() {
    const outcome = await fetchCertificateBlob(certificate.id);
    if (outcome.ok) downloadBlob(outcome.data, `form-10be-${certificate.fy || certificate.id}.pdf`);
    else notify.error(outcome.message);
  }
  const id = `assign-${certificate.id}`;
  return (
    <li>
      <p>
        {certificate.filename}
        <span className="cell-note">
          {[certificate.fy || 'no year found', certificate.id_number || 'no PAN or Aadhaar found', certificate.reason].filter(Boolean).join(' · ')}
        </span>
      </p>
      <Form form={form} className="assign-form" onSubmit={assign} aria-label={`Assign ${certificate.filename}`}>
        <label htmlFor={id}>Donor’s e-mail</label>
        <input id={id} className="input" type="email" required {...form.field('email')} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Assign and mail'}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void download()}>
          PDF
        </button>
      </Form>
    </li>
  );
}
