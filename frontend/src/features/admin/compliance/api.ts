import type { components } from '@ngo-site/shared/contract';
import { api } from '../../../api/client';
import { attempt, failed, sentence, type Outcome } from '../api';

export type LegalDeadline = components['schemas']['LegalDeadline'];
export type DataRequest = components['schemas']['DataRequest'];
export type DataRequestKind = components['schemas']['DataRequestKind'];
export type Form10beCertificate = components['schemas']['Form10beCertificate'];
export type Form10beImport = components['schemas']['Form10beImport'];
export type PublicDocument = components['schemas']['PublicDocument'];

export function fetchDeadlines(): Promise<Outcome<{ today: string; deadlines: LegalDeadline[] }>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_deadlines.php');
    return data?.success ? { ok: true, data: { today: data.today, deadlines: data.data } } : failed(error, 'Could not load the legal dates');
  });
}

export function addDeadline(title: string, due_on: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/add_deadline.php', { body: { title, due_on } }), 'Could not add the date'));
}

export function setDeadlineDone(id: string, done: boolean): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/update_deadline.php', { body: { id, done } }), 'Could not change the date'));
}

export function deleteDeadline(id: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/delete_deadline.php', { body: { id } }), 'Could not remove the date'));
}

export function fetchDataRequests(): Promise<Outcome<{ requests: DataRequest[]; overdue: number }>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_data_requests.php');
    return data?.success ? { ok: true, data: { requests: data.data, overdue: data.overdue } } : failed(error, 'Could not load the requests');
  });
}

export function addDataRequest(body: { kind: DataRequestKind; name: string; email: string; message: string; received_on?: string }): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/add_data_request.php', { body }), 'Could not record the request'));
}

export function setDataRequestStatus(id: string, status: DataRequest['status'], note?: string): Promise<Outcome<string>> {
  return attempt(async () =>
    sentence(await api.POST('/api/update_data_request.php', { body: { id, status, ...(note !== undefined && { note }) } }), 'Could not change the request'),
  );
}

export function fetchCertificates(): Promise<Outcome<Form10beCertificate[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_form10be.php');
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not load the certificates');
  });
}

export function assignCertificate(id: string, email: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/assign_form10be.php', { body: { id, email } }), 'Could not assign the certificate'));
}

export function fetchCertificateBlob(id: string): Promise<Outcome<Blob>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_form10be_pdf.php', { params: { query: { id } }, parseAs: 'blob' });
    return data ? { ok: true, data } : failed(error, 'Could not download the certificate');
  });
}

export function fetchDocuments(): Promise<Outcome<PublicDocument[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_documents.php');
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not load the documents');
  });
}

export function deleteDocument(id: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/delete_document.php', { body: { id } }), 'Could not remove the document'));
}
