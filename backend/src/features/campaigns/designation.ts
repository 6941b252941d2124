// What a gift is for: a campaign (and so the campaign's program), a program, or neither ("where
// most needed"). Checked when a gift is reported or recorded; the receipt names it in words.
import { programLinks } from '@ngo-site/shared';
import { isValidObjectId } from 'mongoose';
import { badRequest } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { dayInIndia } from '../donations/financial-year.js';
import { PageService } from '../pages/service.js';
import { campaignTimes } from './days.js';
import { campaignMessages, whereMostNeeded } from './messages.js';
import type { StoredCampaign } from './model.js';

export interface Designation {
  /** '' for none. */
  campaign_id: string;
  /** The campaign's program for a campaign's gift; '' where most needed. */
  program: string;
}

/** The programs of the programs page, by id, with their English names. */
export async function programNames(services: Services): Promise<Map<string, string>> {
  const { content } = await new PageService(services).view('programs', 'en');
  return new Map(programLinks(content).map((program) => [program.id, program.name]));
}

/**
 * The designation of a gift as sent. A donor may give only to a live campaign (400 for one that
 * ended or has not started); an admin recording a bank credit by hand may name any campaign, since
 * money can arrive after the last day.
 */
export async function designationOf(
  services: Services,
  given: { campaign_id?: string; program?: string },
  { by }: { by: 'donor' | 'admin' },
): Promise<Designation> {
  if (given.campaign_id) {
    const campaign = isValidObjectId(given.campaign_id)
      ? await services.db.models.Campaign.findOne({ _id: given.campaign_id, ...(by === 'donor' ? { status: 'published' } : {}) }).lean<StoredCampaign>()
      : null;
    const refuse = (message: string, field = 'campaign_id') => badRequest(message, [{ field, message }]);
    if (!campaign) throw refuse(campaignMessages.noSuchCampaign);
    if (by === 'donor') {
      const { state } = campaignTimes(campaign, dayInIndia(services.clock()));
      if (state === 'ended') throw refuse(campaignMessages.campaignEnded);
      if (state === 'upcoming') throw refuse(campaignMessages.campaignNotStarted);
    }
    if (given.program && given.program !== campaign.program) throw refuse(campaignMessages.otherProgram, 'program');
    return { campaign_id: campaign._id.toHexString(), program: campaign.program };
  }
  if (given.program && !(await programNames(services)).has(given.program)) {
    throw badRequest(campaignMessages.unknownProgram, [{ field: 'program', message: campaignMessages.unknownProgram }]);
  }
  return { campaign_id: '', program: given.program ?? '' };
}

/** The words a receipt gives for what the gift is for. */
export async function designationWords(services: Services, designation: Partial<Designation>): Promise<string> {
  if (designation.campaign_id && isValidObjectId(designation.campaign_id)) {
    const campaign = await services.db.models.Campaign.findById(designation.campaign_id, { title: 1 }).lean<StoredCampaign>();
    if (campaign) return `Campaign: ${campaign.title}`;
  }
  if (designation.program) return `Program: ${(await programNames(services)).get(designation.program) ?? designation.program}`;
  return whereMostNeeded;
}
