import { useState } from 'react';
import { Form, useForm } from '../../../components/Form';
import { AdminPanel } from '../AdminPanel';
import { ConfirmDialog } from '../ConfirmDialog';
import { SubmitActions } from '../FormActions';
import { PanelStates } from '../PanelStates';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { useUpload } from '../useUpload';
import { UploadProgressBar } from '../UploadProgressBar';
import { deleteDocument, fetchDocuments, type PublicDocument } from './api';

const kindLabels: Record<PublicDocument['kind'], string> = {
  'annual-report': 'Annual report',
  'audited-accounts': 'Audited accounts',
  'fc-accounts': 'Foreign contribution accounts (FCRA Rule 13)',
  registration: 'Registration',
  other: 'Other',
};

/** The transparency page's documents: PDFs by financial year, published at once. */
export function DocumentsPanel() {
  const [documents, reload] = useLoad(fetchDocuments);
  const form = useForm({ title: '', title_hi: '', kind: 'annual-report', fy: '' });
  const { saving, progress, send } = useUpload();
  const [removing, setRemoving] = useState<PublicDocument | null>(null);

  async function publish(fields: { title: string; title_hi: string; kind: string; fy: string }, event: React.FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return notify.error('Please choose the document as a PDF file.');
    const outcome = await send(
      '/api/add_document.php',
      { file, title: fields.title.trim(), title_hi: fields.title_hi.trim(), kind: fields.kind, fy: fields.fy.trim() },
      'Could not publish the document',
    );
    if (!outcome.ok) return notify.error(outcome.message);
    notify.success(outcome.data.message);
    form.reset();
    input.value = '';
    reload();
  }

  async function remove(document: PublicDocument) {
    const outcome = await deleteDocument(document.id);
    if (outcome.ok) notify.success(outcome.data);
    else notify.error(outcome.message);
    setRemoving(null);
    reload();
  }

  return (
    <AdminPanel id="documents" title="Transparency page: documents" count={documents.status === 'ready' ? documents.data.length : undefined}>
      <p className="panel-note">
        Annual reports, audited accounts and the foreign contribution accounts, which FCRA Rule 13 asks to be on the website within nine months of the year’s
        end. The board and the registrations are edited under Pages and Settings.
      </p>
      <Form form={form} className="form-grid two-columns" onSubmit={publish} aria-label="Publish a document">
        <label htmlFor="document-file" className="span-all">
          The document (PDF)
          <input id="document-file" className="input input-file" type="file" name="file" accept="application/pdf,.pdf" required />
        </label>
        <label htmlFor="document-title">
          Title
          <input id="document-title" className="input" required maxLength={200} {...form.field('title')} />
        </label>
        <label htmlFor="document-title-hi" lang="hi">
          शीर्षक (हिन्दी)
          <input id="document-title-hi" className="input" maxLength={200} {...form.field('title_hi')} />
        </label>
        <label htmlFor="document-kind">
          Kind
          <select id="document-kind" className="input" {...form.field('kind')}>
            {Object.entries(kindLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor="document-fy">
          Financial year (such as 2025-26)
          <input id="document-fy" className="input" required pattern="(19|20)[0-9]{2}-[0-9]{2}" {...form.field('fy')} />
        </label>
        <UploadProgressBar progress={progress} />
        <SubmitActions label="Publish" busy={saving} busyLabel="Uploading..." />
      </Form>
      <PanelStates
        state={documents}
        loading="Loading the documents..."
        onRetry={reload}
        empty={documents.status === 'ready' && documents.data.length === 0 ? 'No documents are published yet.' : undefined}
      />
      {documents.status === 'ready' && documents.data.length > 0 && (
        <ul className="certificate-list">
          {documents.data.map((document) => (
            <li key={document.id}>
              <a href={document.url} target="_blank" rel="noreferrer">
                {document.title}
              </a>
              <span className="cell-note">
                {document.fy} · {kindLabels[document.kind]}
              </span>
              <button type="button" className="btn btn-outline" onClick={() => setRemoving(document)} aria-label={`Remove ${document.title}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          question="Take this document off the transparency page?"
          subject={`${removing.title} (${removing.fy})`}
          confirmLabel="Remove"
          busyLabel="Removing..."
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </AdminPanel>
  );
}
