// A campaign runs from its first to its last day, both included, by the date in India.
import type { StoredCampaign } from './model.js';

const dayMs = 24 * 60 * 60 * 1000;
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** How many days `to` is after `from` (YYYY-MM-DD each; negative when before). */
export const daysFrom = (from: string, to: string) => Math.round((utcOf(to) - utcOf(from)) / dayMs);

/** The day `days` after `day`. */
export const addDays = (day: string, days: number) => new Date(utcOf(day) + days * dayMs).toISOString().slice(0, 10);

export type CampaignState = 'upcoming' | 'live' | 'ended';

/** Where the campaign stands `today`, and the days it still takes gifts (today included). */
export function campaignTimes(campaign: Pick<StoredCampaign, 'starts_on' | 'ends_on'>, today: string): { state: CampaignState; daysLeft: number } {
  if (today > campaign.ends_on) return { state: 'ended', daysLeft: 0 };
  return { state: today < campaign.starts_on ? 'upcoming' : 'live', daysLeft: daysFrom(today, campaign.ends_on) + 1 };
}
