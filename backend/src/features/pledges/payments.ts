// A bank statement against the months of the pledges: a credit that carries a month's reference
// and its amount makes the month paid and records its gift as a pending donation, which the
// statement's match (documents.ts) then finds like any report, ready to confirm and receipt.
// A reminded month whose days the statement covers without such a credit is missed; a later
// statement that shows the money still makes it paid.
import { Types } from 'mongoose';
import type { Services } from '../../services.js';
import { creditReferences } from '../donations/bank-match.js';
import { creditMode } from '../donations/bank-statement.js';
import { dayInIndia, financialYearOf } from '../donations/financial-year.js';
import type { BankCredit, Donation } from '../donations/model.js';
import { isDuplicateKey } from '../../invariants/claims.js';
import { addDays } from '../campaigns/days.js';
import type { Pledge, PledgeMonth } from './model.js';

/** Days after its due day that a month's money may take before a statement covering them calls it missed. */
export const missedAfterDays = 7;
const isPledgeReference = (reference: string) => /^PLG\d{10}$/.test(reference);

export async function recordPledgePayments(services: Services, credits: BankCredit[]): Promise<{ paid: number; missed: number }> {
  const { PledgeMonth: months, Pledge: pledges } = services.db.models;
  const references = [...new Set(credits.flatMap((credit) => creditReferences(credit)).filter(isPledgeReference))];
  const open = references.length ? await months.find({ reference: { $in: references }, state: { $ne: 'paid' } }).lean<PledgeMonth[]>() : [];
  let paid = 0;
  for (const month of open) {
    const credit = credits.find((candidate) => candidate.amount === month.amount && creditReferences(candidate).includes(month.reference));
    const pledge = credit && (await pledges.findById(month.pledge).lean<Pledge>());
    if (!credit || !pledge) continue;
    const donation = await recordGift(services, pledge, month, credit);
    await months.updateOne({ _id: month._id }, { $set: { state: 'paid', paidOn: credit.date || null, donation } });
    paid += 1;
  }

  // The days the statement covers: a reminded month due in them, with its days of grace too, and not paid, is missed.
  const days = credits
    .map((credit) => credit.date)
    .filter(Boolean)
    .sort();
  let missed = 0;
  if (days.length) {
    const lastDue = addDays(days.at(-1)!, -missedAfterDays);
    const result = await months.updateMany({ state: 'reminded', dueOn: { $gte: days[0]!, $lte: lastDue } }, { $set: { state: 'missed' } });
    missed = result.modifiedCount;
  }
  return { paid, missed };
}

/** The month's gift as a pending donation, once: its unique reference decides between two imports at once. */
async function recordGift(services: Services, pledge: Pledge, month: PledgeMonth, credit: BankCredit): Promise<Types.ObjectId> {
  const donations = services.db.models.Donation;
  const existing = await donations.findOne({ referenceKey: month.reference }, { _id: 1 }).lean<Pick<Donation, '_id'>>();
  if (existing) return existing._id;
  const mode = credit.mode ?? creditMode(credit);
  const gift: Partial<Donation> = {
    _id: new Types.ObjectId(),
    name: pledge.name,
    email: pledge.email,
    mobile: pledge.mobile,
    amount: month.amount,
    campaign_id: '',
    program: '',
    reference: month.reference,
    referenceKey: month.reference,
    mode: mode === 'bank' || mode === 'cash' || mode === 'cheque' ? mode : 'upi',
    pan: pledge.pan,
    address: pledge.address,
    monthly: true,
    lang: pledge.lang,
    source: 'pledge',
    status: 'pending',
    fy: financialYearOf(credit.date || dayInIndia(services.clock())),
  };
  try {
    await donations.create(gift);
    return gift._id!;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return (await donations.findOne({ referenceKey: month.reference }, { _id: 1 }).lean<Pick<Donation, '_id'>>())!._id;
  }
}
