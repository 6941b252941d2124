// What a donor does: report a payment ("I have paid"), and open the receipt from its e-mail.
import type { Context } from 'koa';
import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import type { Services } from '../../services.js';
import { dayInIndia, financialYearOf } from './financial-year.js';
import { donationNotice } from './letters.js';
import { donationMessages } from './messages.js';
import type { Receipt } from './model.js';
import { receiptOfToken } from './receipt-link.js';
import { renderReceipt } from './receipt-pdf.js';
import { referenceKey } from './views.js';
import { designationOf } from '../campaigns/designation.js';
import { checkForeignGift } from '../compliance/fcra.js';
import { checkNoticeVersion, recordConsent } from '../compliance/consent.js';

/** Donations, receipts and their files hold personal data: no browser or proxy keeps them. */
export const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/** A receipt's PDF as a download named after its number. */
export async function sendReceipt(ctx: Context, receipt: Receipt) {
  const pdf = await renderReceipt(receipt);
  noStore(ctx);
  ctx.set('Content-Disposition', `attachment; filename="receipt-${receipt.number.replace('/', '-')}.pdf"`);
  ctx.type = 'application/pdf';
  ctx.body = pdf;
}

export function donorHandlers(services: Services): Handlers {
  const { db, mail, config, subscriptions } = services;
  const donations = db.models.Donation;
  return {
    async saveDonation(ctx) {
      // The honeypot, the time on the page and the limit per address are checked before
      // (x-anonymous-form in openapi.yaml), which leaves out their fields.
      const { params, body } = requestInput(ctx);
      const { newsletter, passport_number, notice_version, ...fields } = body;
      const lang = params.lang ?? 'en';
      noStore(ctx);
      // A gift from a foreign source the organisation may not take is refused before anything is kept.
      await checkForeignGift(db, body, lang);
      await checkNoticeVersion(db, 'donation', notice_version);
      // With an Idempotency-Key the id is derived from it, so a report sent again (its answer
      // was lost) finds itself saved instead of meeting its own reference as a duplicate.
      const _id = newDocumentId(ctx.state);
      if (!(await donations.exists({ _id }))) {
        const donation = {
          _id,
          ...fields,
          ...(await designationOf(services, fields, { by: 'donor' })),
          mode: fields.mode ?? 'upi',
          monthly: fields.monthly ?? false,
          referenceKey: referenceKey(fields.reference),
          lang,
          ...(passport_number && { passportNumber: passport_number.toUpperCase() }),
          ...(notice_version && { noticeVersion: notice_version }),
          source: 'donor',
          status: 'pending',
          fy: financialYearOf(dayInIndia(new Date())),
        };
        try {
          await donations.create(donation);
        } catch (error) {
          if (!isDuplicate(error)) throw error;
          // The unique reference decides, also between two instances at the same moment.
          if (!(await donations.exists({ _id }))) throw new HttpError(409, donationMessages.duplicateReference);
        }
      }
      if (notice_version) await recordConsent(db, { purpose: 'donation', email: fields.email, version: notice_version, subject: _id });
      // Queued once per donation (the outbox key), also when a retry finds the donation saved.
      const to = await mail.noticeRecipients();
      if (to.length) {
        await mail.enqueue({
          key: `donation-notice:${_id.toHexString()}`,
          kind: 'donation-notice',
          to,
          replyTo: { name: fields.name, address: fields.email },
          letter: donationNotice(
            { ...fields, mobile: fields.mobile ?? '', mode: fields.mode ?? 'upi', monthly: fields.monthly ?? false },
            mail.siteUrl('/admin/dashboard?section=donations'),
          ),
        });
      }
      if (newsletter) await subscriptions.subscribeFromForm('donation-form', fields, params.lang ?? 'en');
      reply(ctx, 201, { success: true, message: donationMessages.reported });
    },

    async downloadReceipt(ctx) {
      const id = receiptOfToken(config.jwtSecret, requestInput(ctx).params.token);
      const receipt = id ? await db.models.Receipt.findById(id).lean<Receipt>() : null;
      if (!receipt) throw new HttpError(404, donationMessages.linkNotValid);
      await sendReceipt(ctx, receipt);
    },
  };
}
