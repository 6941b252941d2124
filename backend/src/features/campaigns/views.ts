import type { Schemas } from '../../contract.js';
import { imageUrl } from '../images/store.js';
import { inLanguage, type ContentLang } from '../translations.js';
import { campaignTimes } from './days.js';
import type { StoredCampaign } from './model.js';

/** What a campaign has raised: received gifts only, and the different donors among them. */
export interface Raised {
  amount: number;
  donors: number;
}

/** A campaign as get_campaign(s).php answer it, in the page's language, by `today` in India. */
export function toCampaignView(campaign: StoredCampaign, raised: Raised, today: string, lang: ContentLang): Schemas['Campaign'] {
  const { state, daysLeft } = campaignTimes(campaign, today);
  const view = {
    id: campaign._id.toHexString(),
    title: campaign.title,
    title_hi: campaign.title_hi ?? '',
    story: campaign.story,
    story_hi: campaign.story_hi ?? null,
    goal: campaign.goal,
    starts_on: campaign.starts_on,
    ends_on: campaign.ends_on,
    program: campaign.program,
    picture: campaign.picture ? campaign.picture.toHexString() : null,
    picture_url: imageUrl(campaign.picture),
    status: campaign.status,
    state,
    days_left: daysLeft,
    raised: raised.amount,
    donors: raised.donors,
    created_at: campaign.createdAt.toISOString(),
    updated_at: campaign.updatedAt.toISOString(),
  };
  return inLanguage(view, lang, ['title', 'story']) as Schemas['Campaign'];
}

const stateOrder = { live: 0, upcoming: 1, ended: 2 };

/** Live campaigns first (ending soonest), then those to come (starting soonest), then ended ones (latest first). */
export function campaignOrder(a: Schemas['Campaign'], b: Schemas['Campaign']): number {
  if (a.state !== b.state) return stateOrder[a.state] - stateOrder[b.state];
  if (a.state === 'live') return a.ends_on.localeCompare(b.ends_on);
  if (a.state === 'upcoming') return a.starts_on.localeCompare(b.starts_on);
  return b.ends_on.localeCompare(a.ends_on);
}
