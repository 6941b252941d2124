import type { CampaignView } from '@ngo-site/shared';
import { apiClient } from '../../api/on-demand';
import { langQuery, type Lang } from '../../i18n/paths';

/** The published campaigns, live ones first, as the browser reads them on a navigation (a first view comes inside the server's HTML). */
export async function fetchCampaigns(lang: Lang = 'en'): Promise<CampaignView[]> {
  const { data, response } = await (await apiClient()).GET('/api/get_campaigns.php', { params: { query: langQuery(lang) } });
  if (!data?.success) throw new Error(`Could not load the campaigns (HTTP ${response.status})`);
  return data.data;
}

/** One campaign, or null when there is no published campaign with that id. Other failures throw. */
export async function fetchCampaign(id: string, lang: Lang = 'en'): Promise<CampaignView | null> {
  const { data, response } = await (await apiClient()).GET('/api/get_campaign.php', { params: { query: { id, ...langQuery(lang) } } });
  if (data?.success) return data.data;
  if (response.status === 404 || response.status === 400) return null;
  throw new Error(`Could not load the campaign (HTTP ${response.status})`);
}
