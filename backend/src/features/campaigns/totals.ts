// Received gifts of a date range, totalled per campaign and per program: what the admin reports to
// funders and boards. A campaign's gifts count for its program too; a gift that names neither is
// "where most needed". Only received donations count, by the day the money arrived.
import type { Schemas } from '../../contract.js';
import { badRequest } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { csvCell } from '../donations/form-10bd.js';
import { dayInIndia, financialYearDays, financialYearOf } from '../donations/financial-year.js';
import type { Donation } from '../donations/model.js';
import { programNames } from './designation.js';
import { campaignMessages, whereMostNeeded } from './messages.js';
import type { StoredCampaign } from './model.js';

type Total = Schemas['DesignationTotal'];
type Gift = Pick<Donation, 'campaign_id' | 'program' | 'amount' | 'email' | 'name'>;

const donorOf = (gift: Gift) => gift.email.trim().toLowerCase() || `name:${gift.name.trim().toLowerCase()}`;

function totalOf(id: string, name: string, gifts: Gift[]): Total {
  return { id, name, amount: gifts.reduce((sum, gift) => sum + gift.amount, 0), count: gifts.length, donors: new Set(gifts.map(donorOf)).size };
}

function groupBy(gifts: Gift[], key: (gift: Gift) => string): Map<string, Gift[]> {
  const groups = new Map<string, Gift[]>();
  for (const gift of gifts) {
    const id = key(gift);
    if (id) groups.set(id, [...(groups.get(id) ?? []), gift]);
  }
  return groups;
}

/** The range asked for: the current financial year up to today by default. */
export function totalsRange(services: Services, from?: string, to?: string): { from: string; to: string } {
  const today = dayInIndia(services.clock());
  const range = { from: from ?? financialYearDays(financialYearOf(today)).from, to: to ?? today };
  if (range.from > range.to) throw badRequest(campaignMessages.badRange, [{ field: 'from', message: campaignMessages.badRange }]);
  return range;
}

export async function designationTotals(services: Services, range: { from: string; to: string }): Promise<Schemas['DesignationTotals']> {
  const { Donation: donations, Campaign: campaigns } = services.db.models;
  const gifts = await donations
    .find({ status: 'received', receivedOn: { $gte: range.from, $lte: range.to } }, { campaign_id: 1, program: 1, amount: 1, email: 1, name: 1 })
    .lean<Gift[]>();
  const byCampaign = groupBy(gifts, (gift) => gift.campaign_id);
  const byProgram = groupBy(gifts, (gift) => gift.program);
  const titles = new Map(
    (await campaigns.find({ _id: { $in: [...byCampaign.keys()] } }, { title: 1 }).lean<StoredCampaign[]>()).map((campaign) => [
      campaign._id.toHexString(),
      campaign.title,
    ]),
  );
  const programs = await programNames(services);
  const byName = (a: Total, b: Total) => b.amount - a.amount || a.name.localeCompare(b.name);
  return {
    ...range,
    campaigns: [...byCampaign].map(([id, list]) => totalOf(id, titles.get(id) ?? id, list)).sort(byName),
    programs: [...byProgram].map(([id, list]) => totalOf(id, programs.get(id) ?? id, list)).sort(byName),
    general: totalOf(
      '',
      whereMostNeeded,
      gifts.filter((gift) => !gift.program && !gift.campaign_id),
    ),
    total: totalOf('', 'Total', gifts),
  };
}

const row = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The totals as a spreadsheet reads them: a byte-order mark, a heading, a row per campaign, program, the rest and the total. */
export function designationTotalsCsv(totals: Schemas['DesignationTotals']): string {
  const line = (kind: string, total: Total) => row([kind, total.id, total.name, String(total.count), String(total.donors), String(total.amount)]);
  return [
    '\uFEFF',
    row([`Received ${totals.from} to ${totals.to}`]),
    row(['Kind', 'Id', 'Name', 'Gifts', 'Donors', 'Rupees']),
    ...totals.campaigns.map((total) => line('Campaign', total)),
    ...totals.programs.map((total) => line('Program', total)),
    line('Where most needed', totals.general),
    line('Total', totals.total),
  ].join('');
}
