// The admin's Donations section: the list and figures, recording by hand, and the status changes
// that issue and cancel receipts. Every change is audited with who, what and when.
import type { FilterQuery } from 'mongoose';
import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Handlers, type OperationContext } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import type { Services } from '../../services.js';
import type { AuditEntry } from '../audit/model.js';
import { DonationBook } from './book.js';
import { dayInIndia, financialYearOf } from './financial-year.js';
import { donationMessages } from './messages.js';
import type { Donation, Receipt } from './model.js';
import { noStore } from './report.js';
import { isForeign, referenceKey, toDonationView } from './views.js';
import { designationOf } from '../campaigns/designation.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const actorOf = (ctx: OperationContext<never>) => (ctx.state.user as { sub: string }).sub;

export function donationAdminHandlers(services: Services): Handlers {
  const { Donation: donations, Receipt: receipts, AuditEntry: audit } = services.db.models;
  const book = new DonationBook(services);
  const record = (ctx: OperationContext<never>, action: AuditEntry['action'], subject: string, count = 1) =>
    audit.create({ action, actor: actorOf(ctx), count, subject });
  /** The donation as the admin sees it now, with its receipts. */
  const view = async (id: Donation['_id'] | string) => {
    const donation = (await donations.findById(id).lean<Donation>())!;
    return toDonationView(donation, await receipts.find({ donation: id }).lean<Receipt[]>());
  };

  return {
    async listDonations(ctx) {
      const { page = 1, limit = 25, q, status, fy } = requestInput(ctx).params;
      const filter: FilterQuery<Donation> = {};
      if (status) filter.status = status;
      if (fy) filter.fy = fy;
      const words = q?.trim();
      if (words) {
        const pattern = { $regex: escapeRegExp(words), $options: 'i' };
        const numbered = await receipts.find({ number: pattern }, { donation: 1 }).lean<Pick<Receipt, 'donation'>[]>();
        filter.$or = [
          ...['name', 'email', 'mobile', 'reference'].map((field) => ({ [field]: pattern })),
          { referenceKey: { $regex: escapeRegExp(referenceKey(words)) || '^$' } },
          { _id: { $in: numbered.map((receipt) => receipt.donation) } },
        ];
      }
      const [list, total] = await Promise.all([
        donations
          .find(filter)
          .sort({ createdAt: -1, _id: -1 })
          .skip((page - 1) * limit)
          .limit(limit)
          .lean<Donation[]>(),
        donations.countDocuments(filter),
      ]);
      const theirReceipts = await receipts.find({ donation: { $in: list.map((donation) => donation._id) } }).lean<Receipt[]>();
      noStore(ctx);
      ctx.set('X-Total-Count', String(total));
      reply(ctx, 200, { success: true, data: list.map((donation) => toDonationView(donation, theirReceipts)) });
    },

    async getDonationFigures(ctx) {
      const today = dayInIndia(new Date());
      const fy = financialYearOf(today);
      const [received, pending] = await Promise.all([
        donations.find({ status: 'received', fy }, { amount: 1, receivedOn: 1, citizenship: 1 }).lean<Donation[]>(),
        donations.find({ status: 'pending' }, { amount: 1, bankMatch: 1 }).lean<Donation[]>(),
      ]);
      const total = (list: Donation[]) => ({ amount: list.reduce((sum, donation) => sum + donation.amount, 0), count: list.length });
      const thisMonth = (list: Donation[]) => list.filter((donation) => donation.receivedOn.slice(0, 7) === today.slice(0, 7));
      // Foreign contributions are accounted for apart (FCRA): never in the domestic figures.
      const domestic = received.filter((donation) => !isForeign(donation));
      const foreign = received.filter(isForeign);
      noStore(ctx);
      reply(ctx, 200, {
        success: true,
        data: {
          fy,
          month: total(thisMonth(domestic)),
          year: total(domestic),
          pending: total(pending),
          matched: pending.filter((donation) => donation.bankMatch).length,
          foreign: { month: total(thisMonth(foreign)), year: total(foreign) },
        },
      });
    },

    async addDonation(ctx) {
      const { received_on, donation_type, passport_number, ...fields } = requestInput(ctx).body;
      noStore(ctx);
      const _id = newDocumentId(ctx.state);
      if (!(await donations.exists({ _id }))) {
        try {
          await donations.create({
            _id,
            ...fields,
            ...(await designationOf(services, fields, { by: 'admin' })),
            referenceKey: referenceKey(fields.reference),
            source: 'admin',
            status: 'pending',
            receivedOn: received_on,
            fy: financialYearOf(received_on),
            ...(donation_type && { donationType: donation_type }),
            ...(passport_number && { passportNumber: passport_number.toUpperCase() }),
          });
        } catch (error) {
          if ((error as { code?: number }).code !== 11000) throw error;
          if (!(await donations.exists({ _id }))) throw new HttpError(409, donationMessages.existingReference);
        }
        await record(ctx, 'donation.add', fields.reference);
      }
      reply(ctx, 201, { success: true, message: donationMessages.recorded, data: await view(_id) });
    },

    async updateDonation(ctx) {
      const { id, status, reason = '', donation_type, received_on } = requestInput(ctx).body;
      noStore(ctx);
      const message = await book.change(id, async (donation) => {
        if (donation.status === status) return donationMessages.unchanged;
        if (status === 'received') {
          const receipt = await book.receive(donation, actorOf(ctx), { receivedOn: received_on, donationType: donation_type });
          await record(ctx, 'donation.receive', receipt?.number ?? donation.reference);
          return receipt ? donationMessages.received(receipt.number) : donationMessages.receivedForeign;
        }
        if (status === 'rejected') {
          const cancelled = await book.reject(donation, actorOf(ctx), reason);
          await record(ctx, 'donation.reject', cancelled?.number ?? donation.reference);
          return donationMessages.rejected(cancelled?.number ?? null);
        }
        await book.reopen(donation);
        await record(ctx, 'donation.reopen', donation.reference);
        return donationMessages.reopened;
      });
      reply(ctx, 200, { success: true, message, data: await view(id) });
    },

    async reissueReceipt(ctx) {
      const { id, reason, ...corrections } = requestInput(ctx).body;
      noStore(ctx);
      const message = await book.change(id, async (donation) => {
        const current = await receipts.findOne({ donation: donation._id, status: 'issued' }).lean<Receipt>();
        const issued = await book.reissue(donation, actorOf(ctx), reason, corrections);
        await record(ctx, 'receipt.reissue', `${current?.number ?? ''} → ${issued?.number ?? ''}`);
        return donationMessages.reissued(current?.number ?? '', issued?.number ?? '');
      });
      reply(ctx, 200, { success: true, message, data: await view(id) });
    },
  };
}
