// The papers of the Donations section: a receipt's PDF, Form 10BD of a year, and the bank
// statement matched against the reported donations. Each is written to the audit log.
import type { Context } from 'koa';
import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { guessMapping, missingColumn, readStatement, statementMessages, type BankMapping } from './bank-statement.js';
import { creditReferences, matchCredits } from './bank-match.js';
import { isFinancialYear } from './financial-year.js';
import { form10bdCsv } from './form-10bd.js';
import { donationMessages } from './messages.js';
import type { Donation, Receipt } from './model.js';
import { noStore, sendReceipt } from './report.js';
import { upsert } from '../../invariants/claims.js';
import { toDonationView } from './views.js';

/** Where the mapping of the bank's columns is remembered (`site_settings`). */
const bankMappingId = 'bank-import';
const actorOf = (ctx: Context) => (ctx.state.user as { sub: string }).sub;

export function donationDocumentHandlers({ db }: Services): Handlers {
  const { Donation: donations, Receipt: receipts, AuditEntry: audit, SiteSettings: settings } = db.models;

  const rememberedMapping = async () => ((await settings.findById(bankMappingId).lean())?.values as { mapping?: BankMapping } | undefined)?.mapping ?? null;
  const remember = (mapping: BankMapping) => upsert(settings, { _id: bankMappingId }, { $set: { values: { mapping } } });

  return {
    async getReceipt(ctx) {
      const receipt = await receipts.findById(requestInput(ctx).params.id).lean<Receipt>();
      if (!receipt) throw new HttpError(404, donationMessages.receiptNotFound);
      await audit.create({ action: 'receipt.download', actor: actorOf(ctx), count: 1, subject: receipt.number });
      await sendReceipt(ctx, receipt);
    },

    async getForm10bd(ctx) {
      const { fy } = requestInput(ctx).params;
      if (!isFinancialYear(fy)) throw new HttpError(400, donationMessages.badYear, { errors: [{ field: 'fy', message: donationMessages.badYear }] });
      const inForce = await receipts.find({ fy, status: 'issued' }).lean<Receipt[]>();
      const withoutPan = inForce.filter((receipt) => !receipt.donor.pan);
      await audit.create({ action: 'donations.form10bd', actor: actorOf(ctx), count: inForce.length - withoutPan.length, subject: fy });
      noStore(ctx);
      ctx.set('Content-Disposition', `attachment; filename="form-10bd-${fy}.csv"`);
      ctx.set('X-Without-Pan', String(withoutPan.length));
      ctx.set('X-Without-Pan-Amount', String(withoutPan.reduce((sum, receipt) => sum + receipt.amount, 0)));
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = form10bdCsv(inForce);
    },

    async importBankStatement(ctx) {
      const { csv, mapping: given } = requestInput(ctx).body;
      noStore(ctx);
      const remembered = given ? null : await rememberedMapping();
      let statement = readStatement(csv, given ?? remembered);
      if (statement === 'unreadable') throw new HttpError(400, statementMessages.unreadable);
      const absent = given && missingColumn(statement.columns, given);
      if (absent) throw new HttpError(400, statementMessages.noColumn(absent), { errors: [{ field: 'mapping', message: statementMessages.noColumn(absent) }] });
      if (given && !given.reference && !given.description) {
        throw new HttpError(400, statementMessages.noReference, { errors: [{ field: 'mapping', message: statementMessages.noReference }] });
      }
      const mapping = given ?? (remembered && !missingColumn(statement.columns, remembered) ? remembered : null);
      if (!mapping) {
        statement = readStatement(csv, null) as Exclude<typeof statement, 'unreadable'>;
        const columns = statement.columns;
        const empty = { credits: 0, matched: [], already_received: 0, ambiguous: [], unreported: [], skipped: [] };
        reply(ctx, 200, { success: true, message: donationMessages.needsMapping, needs_mapping: true, columns, mapping: guessMapping(columns), ...empty });
        return;
      }
      if (given) await remember(given);

      const references = [...new Set(statement.credits.flatMap((credit) => creditReferences(credit)))];
      const candidates = await donations.find({ $or: [{ status: { $ne: 'received' } }, { referenceKey: { $in: references } }] }).lean<Donation[]>();
      const { matched, ambiguous, alreadyReceived, unreported } = matchCredits(statement.credits, candidates);
      for (const { donation, credit } of matched)
        await donations.updateOne({ _id: donation._id, status: { $ne: 'received' } }, { $set: { bankMatch: credit } });
      // A report that fits more than one way is no longer known to be in the bank.
      const unsure = ambiguous.flatMap((group) => group.donations.map((donation) => donation._id));
      if (unsure.length) await donations.updateMany({ _id: { $in: unsure }, status: { $ne: 'received' } }, { $set: { bankMatch: null } });
      await audit.create({ action: 'donations.import', actor: actorOf(ctx), count: matched.length, subject: `${statement.credits.length} credits` });
      const shown = [...matched.map(({ donation }) => donation._id), ...unsure];
      const theirReceipts = await receipts.find({ donation: { $in: shown } }).lean<Receipt[]>();
      reply(ctx, 200, {
        success: true,
        message: donationMessages.imported(matched.length, unreported.length),
        needs_mapping: false,
        columns: statement.columns,
        mapping,
        credits: statement.credits.length,
        matched: matched.map(({ donation, credit }) => ({ donation: toDonationView({ ...donation, bankMatch: credit }, theirReceipts), credit })),
        already_received: alreadyReceived,
        ambiguous: ambiguous.map((group) => ({
          credits: group.credits,
          donations: group.donations.map((donation) => toDonationView({ ...donation, bankMatch: null }, theirReceipts)),
        })),
        unreported,
        skipped: statement.skipped,
      });
    },
  };
}
