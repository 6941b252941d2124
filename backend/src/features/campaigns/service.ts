// Campaigns as the admin writes them and visitors read them. A campaign's raised money is read
// from the received donations that name it each time its answer is made (once per content
// version): a confirmation raises the version, so every instance shows it within a second.
import type { BlogDocument } from '@ngo-site/shared';
import { Types, isValidObjectId } from 'mongoose';
import type { Schemas } from '../../contract.js';
import { badRequest, notFound, HttpError } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { checkedDocument } from '../blogs/document.js';
import { dayInIndia } from '../donations/financial-year.js';
import type { Donation } from '../donations/model.js';
import type { ContentLang } from '../translations.js';
import { programNames } from './designation.js';
import { campaignMessages } from './messages.js';
import type { StoredCampaign } from './model.js';
import { campaignOrder, toCampaignView, type Raised } from './views.js';

type CampaignFields = Omit<Schemas['CampaignUpdate'], 'id'>;

export class CampaignService {
  constructor(private readonly services: Services) {}

  private get campaigns() {
    return this.services.db.models.Campaign;
  }

  private today() {
    return dayInIndia(this.services.clock());
  }

  /** Received gifts by campaign: their rupees and their different donors (by e-mail, else by name). */
  async raised(ids: Types.ObjectId[]): Promise<Map<string, Raised>> {
    const gifts = await this.services.db.models.Donation.find(
      { campaign_id: { $in: ids.map((id) => id.toHexString()) }, status: 'received' },
      { campaign_id: 1, amount: 1, email: 1, name: 1 },
    ).lean<Pick<Donation, 'campaign_id' | 'amount' | 'email' | 'name'>[]>();
    const totals = new Map<string, { amount: number; donors: Set<string> }>();
    for (const gift of gifts) {
      const total = totals.get(gift.campaign_id) ?? { amount: 0, donors: new Set<string>() };
      total.amount += gift.amount;
      total.donors.add(gift.email.trim().toLowerCase() || `name:${gift.name.trim().toLowerCase()}`);
      totals.set(gift.campaign_id, total);
    }
    return new Map([...totals].map(([id, total]) => [id, { amount: total.amount, donors: total.donors.size }]));
  }

  private async views(campaigns: StoredCampaign[], lang: ContentLang) {
    const raised = await this.raised(campaigns.map((campaign) => campaign._id));
    const today = this.today();
    return campaigns.map((campaign) => toCampaignView(campaign, raised.get(campaign._id.toHexString()) ?? { amount: 0, donors: 0 }, today, lang));
  }

  /** The published campaigns (with `drafts`, every one), live ones first. */
  async list({ lang = 'en', drafts = false }: { lang?: ContentLang; drafts?: boolean } = {}) {
    const stored = await this.campaigns.find(drafts ? {} : { status: 'published' }).lean<StoredCampaign[]>();
    return (await this.views(stored, lang)).sort(campaignOrder);
  }

  /** One campaign as visitors see it (a draft is not found, unless `drafts`). */
  async get(id: string, { lang = 'en', drafts = false }: { lang?: ContentLang; drafts?: boolean } = {}) {
    const stored = isValidObjectId(id) ? await this.campaigns.findOne({ _id: id, ...(drafts ? {} : { status: 'published' }) }).lean<StoredCampaign>() : null;
    if (!stored) throw notFound(campaignMessages.notFound);
    return (await this.views([stored], lang))[0]!;
  }

  async add(fields: Schemas['CampaignInput'], _id: Types.ObjectId) {
    if (!(await this.campaigns.exists({ _id }))) {
      await this.campaigns.create({ _id, ...(await this.checked(fields, null)) });
    }
    return this.get(_id.toHexString(), { drafts: true });
  }

  async update(id: string, fields: CampaignFields) {
    const stored = await this.campaigns.findById(id).lean<StoredCampaign>();
    if (!stored) throw notFound(campaignMessages.notFound);
    await this.campaigns.updateOne({ _id: stored._id }, { $set: await this.checked(fields, stored) });
    return this.get(id, { drafts: true });
  }

  async remove(id: string) {
    if (!(await this.campaigns.exists({ _id: id }))) throw notFound(campaignMessages.notFound);
    const gifts = await this.services.db.models.Donation.countDocuments({ campaign_id: id });
    if (gifts) throw new HttpError(409, campaignMessages.hasGifts(gifts));
    await this.campaigns.deleteOne({ _id: id });
  }

  /** The fields as stored, once each holds: the days in order, a program of the programs page, the picture and the story's photos in the library. */
  private async checked(fields: CampaignFields, stored: StoredCampaign | null): Promise<Partial<StoredCampaign>> {
    const { picture, story, story_hi, ...plain } = fields;
    const startsOn = fields.starts_on ?? stored?.starts_on ?? '';
    const endsOn = fields.ends_on ?? stored?.ends_on ?? '';
    if (endsOn < startsOn) throw badRequest(campaignMessages.endsBeforeStart, [{ field: 'ends_on', message: campaignMessages.endsBeforeStart }]);
    if (fields.program !== undefined && !(await programNames(this.services)).has(fields.program)) {
      throw badRequest(campaignMessages.unknownProgram, [{ field: 'program', message: campaignMessages.unknownProgram }]);
    }
    const set: Partial<StoredCampaign> = { ...plain };
    if (picture !== undefined) {
      const id = picture === null ? null : new Types.ObjectId(picture);
      if (id && !(await this.services.images.originals([id])).length) {
        throw badRequest(campaignMessages.pictureNotStored, [{ field: 'picture', message: campaignMessages.pictureNotStored }]);
      }
      set.picture = id;
    }
    if (story !== undefined) set.story = await checkedDocument(this.services, story, 'story');
    if (story_hi !== undefined) set.story_hi = story_hi === null ? null : ((await checkedDocument(this.services, story_hi, 'story_hi')) as BlogDocument);
    return set;
  }
}
