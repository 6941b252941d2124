import { useEffect } from 'react';
import { create } from 'zustand';
import { useAdminPrograms } from '../programs';
import { fetchAdminCampaigns } from './api';

// The campaigns' titles by id, read once for the admin's lists of gifts.
const useTitles = create<{ titles: Map<string, string> | null; loading: boolean }>(() => ({ titles: null, loading: false }));

function useCampaignTitles() {
  const titles = useTitles((state) => state.titles);
  useEffect(() => {
    if (useTitles.getState().titles || useTitles.getState().loading) return;
    useTitles.setState({ loading: true });
    void fetchAdminCampaigns().then((outcome) =>
      useTitles.setState({ loading: false, titles: new Map(outcome.ok ? outcome.data.map((campaign) => [campaign.id, campaign.title]) : []) }),
    );
  }, []);
  return titles;
}

/** What a gift is for, under its amount in the donations list: a campaign, a program, or where most needed. */
export function Designation({ campaignId, program }: { campaignId?: string | null; program?: string }) {
  const titles = useCampaignTitles();
  const programs = useAdminPrograms();
  const text = campaignId
    ? `For: ${titles?.get(campaignId) ?? 'a campaign'}`
    : program
      ? `For: ${programs?.find((found) => found.id === program)?.label ?? program}`
      : 'Where most needed';
  return <span className="cell-note">{text}</span>;
}
