// The admin's calls for volunteer hours and certificates.
import type { components } from '@ngo-site/shared/contract';
import { api } from '../../../api/client';
import { attempt, failed, sentence, type Outcome } from '../api';

export type HoursReport = components['schemas']['VolunteerHoursReport'];

export function fetchHours(range: { from?: string; to?: string; volunteer_id?: string }): Promise<Outcome<HoursReport>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_volunteer_hours.php', { params: { query: range } });
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not load the hours');
  });
}

export function addHours(body: { volunteer_id: string; hours: number; date: string; note?: string; program?: string }): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/add_volunteer_hours.php', { body }), 'Could not record the hours'));
}

export function correctHours(body: { id: string; hours: number }): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/update_volunteer_hours.php', { body }), 'Could not correct the hours'));
}

export function removeHours(id: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/delete_volunteer_hours.php', { body: { id } }), 'Could not remove the hours'));
}

export function mailCertificate(volunteerId: string, lang: 'en' | 'hi'): Promise<Outcome<string>> {
  return attempt(async () =>
    sentence(await api.POST('/api/mail_certificate.php', { body: { volunteer_id: volunteerId, lang } }), 'Could not mail the certificate'),
  );
}

export function downloadCertificate(volunteerId: string, lang: 'en' | 'hi'): Promise<Outcome<{ file: Blob; name: string }>> {
  return attempt(async () => {
    const { data, error, response } = await api.GET('/api/get_certificate.php', { params: { query: { volunteer_id: volunteerId, lang } }, parseAs: 'blob' });
    if (!data) return failed(error, 'Could not make the certificate');
    const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'certificate.pdf';
    return { ok: true, data: { file: data, name } };
  });
}
