import type { components } from '@ngo-site/shared/contract';
import { api } from '../../../api/client';
import { attempt, failed, sentence, type Outcome } from '../api';

export type Campaign = components['schemas']['Campaign'];
export type CampaignInput = components['schemas']['CampaignInput'];
export type DesignationTotals = components['schemas']['DesignationTotals'];

/** Every campaign, drafts too, with what each raised. */
export function fetchAdminCampaigns(): Promise<Outcome<Campaign[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_campaigns.php', { params: { query: { drafts: true } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not load the campaigns');
  });
}

/** Adds a campaign, or changes the one `id` names; the server's sentence either way. */
export function saveCampaign(fields: CampaignInput, id?: string): Promise<Outcome<string>> {
  return attempt(async () =>
    id
      ? sentence(await api.POST('/api/update_campaign.php', { body: { id, ...fields } }), 'Could not save the campaign')
      : sentence(await api.POST('/api/add_campaign.php', { body: fields }), 'Could not save the campaign'),
  );
}

export function deleteCampaign(id: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/delete_campaign.php', { body: { id } }), 'Could not delete the campaign'));
}

export function fetchTotals(range: { from?: string; to?: string }): Promise<Outcome<DesignationTotals>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_designation_totals.php', { params: { query: range } });
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not add up the gifts');
  });
}

export function fetchTotalsCsv(range: { from?: string; to?: string }): Promise<Outcome<Blob>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/export_designation_totals.php', { params: { query: range }, parseAs: 'blob' });
    return data ? { ok: true, data } : failed(error, 'Could not download the totals');
  });
}
