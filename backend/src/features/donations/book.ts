import { Types } from 'mongoose';
import { legalText } from '@ngo-site/shared';
import { HttpError } from '../../http/errors.js';
import { WorkClaims } from '../../jobs/claim.js';
import type { Services } from '../../services.js';
import { currentSettings } from '../settings/service.js';
import { dayInIndia, financialYearOf } from './financial-year.js';
import { receiptLetter } from './letters.js';
import type { Donation, DonationType, Receipt, ReceiptIssuer } from './model.js';
import { tokenPlaceholder } from '../mail/send-time-tokens.js';
import { receiptLinkDays, receiptLinkToken } from './receipt-link.js';
import { creditMode } from './bank-statement.js';
import { ReceiptNumbers } from './receipt-numbers.js';
import { designationWords } from '../campaigns/designation.js';
import { isEligible80g } from './views.js';

export const bookMessages = {
  notFound: 'No donation has that id',
  busy: 'Another admin is changing this donation right now. Please try again in a moment.',
  receivedStaysReceived: 'A received donation keeps its receipt. To undo it, reject it with a reason (its receipt is then cancelled).',
  noReceipt: 'Only a received donation has a receipt to reissue.',
};

/** How long one admin's change of a donation holds it: far longer than issuing a receipt takes. */
const leaseMs = 30_000;

/**
 * The changes of a donation's status and its receipts. Each runs while holding the donation's
 * claim (jobs/claim.ts), so two admins confirming one donation at once on two instances issue
 * one receipt: the second sees it received, or is told to try again.
 */
const receiptTokenMaker = 'receipt-link';

export class DonationBook {
  private readonly claims: WorkClaims;
  private readonly numbers: ReceiptNumbers;

  constructor(private readonly services: Services) {
    // The receipt's mail keeps which receipt its link opens; the token is made when it is sent.
    const { config, mail } = services;
    mail.outbox.tokens.register(receiptTokenMaker, ({ receipt, issuedAt }) => receiptLinkToken(config.jwtSecret, receipt!, new Date(issuedAt!)));
    const { models } = services.db;
    this.claims = new WorkClaims(models.JobLease, 'donation', services.claims);
    this.numbers = new ReceiptNumbers(models.Receipt, models.ReceiptCounter);
  }

  private get models() {
    return this.services.db.models;
  }

  /** Runs `change` on the donation as it is now, holding its claim. */
  async change<T>(id: string, change: (donation: Donation) => Promise<T>): Promise<T> {
    const claim = await this.claims.claim(this.models.Donation, { _id: new Types.ObjectId(id) }, { leaseMs, sort: { _id: 1 } });
    if (!claim) {
      if (!(await this.models.Donation.exists({ _id: id }))) throw new HttpError(404, bookMessages.notFound);
      throw new HttpError(409, bookMessages.busy, { headers: { 'Retry-After': '2' } });
    }
    try {
      return await change(claim.work as Donation);
    } finally {
      await this.claims.release(claim.lease);
    }
  }

  /**
   * Confirms the money arrived and issues the receipt (or links the one a cut-short attempt issued).
   * A foreign contribution gets none unless an admin marked it eligible (FCRA: kept apart).
   */
  async receive(donation: Donation, actor: string, options: { receivedOn?: string; donationType?: DonationType }): Promise<Receipt | null> {
    if (donation.status === 'received') return null;
    const receivedOn = options.receivedOn ?? (donation.bankMatch?.date || dayInIndia(donation.createdAt));
    const fy = financialYearOf(receivedOn);
    const donationType = options.donationType ?? donation.donationType;
    // The mode is the bank's when its line says it (Form 10BD shows it), else the donor's.
    const bankMode = donation.bankMatch && (donation.bankMatch.mode ?? creditMode(donation.bankMatch));
    const mode = bankMode && bankMode !== 'unknown' ? bankMode : donation.mode;
    if (!isEligible80g(donation)) {
      await this.models.Donation.updateOne({ _id: donation._id }, { $set: { status: 'received', reason: '', receivedOn, fy, donationType } });
      return null;
    }
    const receipt =
      (await this.models.Receipt.findOne({ donation: donation._id, status: 'issued' }).lean<Receipt>()) ??
      (await this.numbers.issue(fy, {
        _id: new Types.ObjectId(),
        donation: donation._id,
        issue: (await this.models.Receipt.countDocuments({ donation: donation._id })) + 1,
        ...this.receiptContent({ ...donation, receivedOn, donationType, mode }),
        designation: await designationWords(this.services, donation),
        issuer: await this.issuer(),
        issuedAt: new Date(),
        issuedBy: actor,
        status: 'issued',
        cancelledAt: null,
        cancelledBy: '',
        cancelReason: '',
      }));
    await this.models.Donation.updateOne({ _id: donation._id }, { $set: { status: 'received', reason: '', receivedOn, fy, donationType, mode } });
    await this.raisedChanged(donation);
    await this.mailReceipt(receipt);
    return receipt;
  }

  /** Not found in the bank account: rejected with the reason; a receipt it had is cancelled. */
  async reject(donation: Donation, actor: string, reason: string): Promise<Receipt | null> {
    const cancelled = await this.cancelReceipt(donation, actor, reason);
    await this.models.Donation.updateOne({ _id: donation._id }, { $set: { status: 'rejected', reason } });
    if (donation.status === 'received') await this.raisedChanged(donation);
    return cancelled;
  }

  async reopen(donation: Donation) {
    if (donation.status === 'received') throw new HttpError(409, bookMessages.receivedStaysReceived);
    await this.models.Donation.updateOne({ _id: donation._id }, { $set: { status: 'pending', reason: '' } });
  }

  /** Cancels the receipt in force and issues the next number with the corrected donor details. */
  async reissue(donation: Donation, actor: string, reason: string, corrections: Partial<Pick<Donation, 'name' | 'email' | 'pan' | 'address'>>) {
    if (donation.status !== 'received' || !isEligible80g(donation)) throw new HttpError(409, bookMessages.noReceipt);
    await this.cancelReceipt(donation, actor, reason);
    await this.models.Donation.updateOne({ _id: donation._id }, { $set: corrections });
    return this.receive({ ...donation, ...corrections, status: 'pending' }, actor, { receivedOn: donation.receivedOn });
  }

  /** A campaign's page shows what it raised from received gifts: a change shows on every instance within a second. */
  private async raisedChanged(donation: Donation) {
    if (donation.campaign_id) await this.services.published.cache.bump();
  }

  /** A received foreign contribution marked eligible (or not) for an 80G receipt: its receipt is issued (or cancelled). */
  async setEligible80g(donation: Donation, actor: string, eligible: boolean, reason: string): Promise<{ issued?: Receipt; cancelled?: Receipt }> {
    await this.models.Donation.updateOne({ _id: donation._id }, { $set: { eligible80g: eligible } });
    if (donation.status !== 'received') return {};
    if (!eligible) {
      const cancelled = await this.cancelReceipt(donation, actor, reason);
      return cancelled ? { cancelled } : {};
    }
    const issued = await this.receive({ ...donation, eligible80g: true, status: 'pending' }, actor, { receivedOn: donation.receivedOn });
    return issued ? { issued } : {};
  }

  private async cancelReceipt(donation: Donation, actor: string, reason: string): Promise<Receipt | null> {
    const receipt = await this.models.Receipt.findOne({ donation: donation._id, status: 'issued' }).lean<Receipt>();
    if (!receipt) return null;
    const cancellation = { status: 'cancelled' as const, cancelledAt: new Date(), cancelledBy: actor, cancelReason: reason };
    await this.models.Receipt.updateOne({ _id: receipt._id, status: 'issued' }, { $set: cancellation });
    return { ...receipt, ...cancellation };
  }

  private receiptContent(donation: Donation) {
    const { name, email, address, pan, amount, mode, reference, receivedOn, donationType, lang } = donation;
    return { donor: { name, email, address, pan }, amount, mode, reference, receivedOn, donationType, lang };
  }

  /** The organisation as its settings are now: a receipt keeps what it was issued with. */
  private async issuer(): Promise<ReceiptIssuer> {
    const { settings } = await currentSettings(this.services.db);
    return {
      name: settings.name,
      address: settings.address,
      pan: settings.pan,
      registration80g: settings.registration_80g,
      registration80gDate: settings.registration_80g_date,
      receiptTitle: settings.legal.receipt_title,
      receiptStatement: settings.legal.receipt_statement,
    };
  }

  /** The donor's mail with the private link, once per receipt (its outbox key), when they gave an e-mail. */
  private async mailReceipt(receipt: Receipt) {
    if (!receipt.donor.email) return;
    const { mail } = this.services;
    const { settings } = await currentSettings(this.services.db);
    await mail.enqueue({
      key: `donation-receipt:${receipt._id.toHexString()}`,
      kind: 'donation-receipt',
      to: [receipt.donor.email],
      replyTo: await mail.organisationReplyTo(),
      tokens: { link: { maker: receiptTokenMaker, args: { receipt: receipt._id.toHexString(), issuedAt: receipt.issuedAt.toISOString() } } },
      letter: receiptLetter(
        {
          name: receipt.donor.name,
          amount: receipt.amount,
          receivedOn: receipt.receivedOn,
          number: receipt.number,
          url: mail.siteUrl(`/api/download_receipt.php?token=${tokenPlaceholder('link')}`),
          days: receiptLinkDays,
          org: receipt.issuer.name,
          deduction: legalText(settings.legal, 'receipt_mail', receipt.lang),
        },
        receipt.lang,
      ),
    });
  }
}
