// The compliance operations (openapi.yaml, tag compliance): the FC ledger and 80G eligibility of
// foreign contributions, Form 10BE certificates, the legal dates, the transparency page's
// documents, a guardian's confirmation, and the requests and grievances about personal data.
import { Types } from 'mongoose';
import type { Context } from 'koa';
import { HttpError, badRequest, notFound } from '../../http/errors.js';
import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import type { Services } from '../../services.js';
import type { AuditEntry } from '../audit/model.js';
import { DonationBook } from '../donations/book.js';
import { dayInIndia, isFinancialYear } from '../donations/financial-year.js';
import { donationMessages } from '../donations/messages.js';
import type { Donation, Receipt } from '../donations/model.js';
import { noStore } from '../donations/report.js';
import { isForeign, toDonationView } from '../donations/views.js';
import { VolunteerService } from '../volunteers/service.js';
import { recordDataRequest, toDataRequestView } from './data-requests.js';
import { LegalDeadlines } from './deadlines.js';
import { PublicDocuments, downloadName, toDocumentView } from './documents.js';
import { fcLedgerCsv } from './fcra.js';
import { Form10beCertificates, toCertificateView } from './form10be.js';
import { GuardianConsents } from './guardian.js';
import { complianceMessages } from './messages.js';
import type { DataRequest, Form10beCertificate } from './model.js';
import { storedBytes } from '../mail/transport.js';

const actorOf = (ctx: Context) => (ctx.state.user as { sub: string }).sub;
const badYear = () => badRequest(donationMessages.badYear, [{ field: 'fy', message: donationMessages.badYear }]);

export function complianceHandlers(services: Services, deadlines: LegalDeadlines): Handlers {
  const { db, published } = services;
  const { Donation: donations, Receipt: receipts, AuditEntry: audit, DataRequest: requests } = db.models;
  const book = new DonationBook(services);
  const certificates = new Form10beCertificates(services);
  const documents = new PublicDocuments(services);
  const guardians = new GuardianConsents(services, new VolunteerService(services));
  const record = (ctx: Context, action: AuditEntry['action'], subject: string, count = 1) => audit.create({ action, actor: actorOf(ctx), count, subject });

  return {
    async getFcLedger(ctx) {
      const { fy } = requestInput(ctx).params;
      if (!isFinancialYear(fy)) throw badYear();
      const foreign = await donations.find({ citizenship: 'foreign', status: 'received', fy }).lean<Donation[]>();
      await record(ctx, 'donations.fc_ledger', fy, foreign.length);
      noStore(ctx);
      ctx.set('Content-Disposition', `attachment; filename="fc-ledger-${fy}.csv"`);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = fcLedgerCsv(foreign);
    },

    async setDonation80g(ctx) {
      const { id, eligible_80g: eligible, reason = complianceMessages.notEligibleReason } = requestInput(ctx).body;
      noStore(ctx);
      const message = await book.change(id, async (donation) => {
        if (!isForeign(donation)) throw new HttpError(409, complianceMessages.notForeign);
        const { issued, cancelled } = await book.setEligible80g(donation, actorOf(ctx), eligible, reason);
        await record(ctx, 'donation.eligible_80g', issued?.number ?? cancelled?.number ?? donation.reference);
        if (issued) return complianceMessages.eligibleIssued(issued.number);
        if (cancelled) return complianceMessages.notEligibleCancelled(cancelled.number);
        return eligible ? complianceMessages.eligible : complianceMessages.notEligible;
      });
      const donation = (await donations.findById(id).lean<Donation>())!;
      reply(ctx, 200, { success: true, message, data: toDonationView(donation, await receipts.find({ donation: donation._id }).lean<Receipt[]>()) });
    },

    async importForm10be(ctx) {
      const uploads = requestInput(ctx).files.get('files') ?? [];
      if (!uploads.length) throw badRequest(complianceMessages.noFiles, [{ field: 'files', message: 'files is required' }]);
      noStore(ctx);
      const { certificates: found, unreadable } = await certificates.import(uploads, actorOf(ctx));
      const view = ({ certificate, alreadyImported }: (typeof found)[number]) => ({ ...toCertificateView(certificate), already_imported: alreadyImported });
      const matched = found.filter(({ certificate }) => certificate.donor).map(view);
      const unmatched = found.filter(({ certificate }) => !certificate.donor).map(view);
      await record(ctx, 'form10be.import', `${found.length} certificates`, matched.filter((one) => !one.already_imported).length);
      reply(ctx, 200, {
        success: true,
        message: complianceMessages.imported(matched.length, unmatched.length, unreadable.length),
        matched,
        unmatched,
        unreadable,
      });
    },

    async listForm10be(ctx) {
      const { fy, status } = requestInput(ctx).params;
      noStore(ctx);
      reply(ctx, 200, { success: true, data: (await certificates.list({ fy, status })).map(toCertificateView) });
    },

    async getForm10bePdf(ctx) {
      const certificate = await db.models.Form10beCertificate.findById(requestInput(ctx).params.id).lean<Form10beCertificate>();
      if (!certificate) throw notFound(complianceMessages.certificateNotFound);
      await record(ctx, 'form10be.download', certificate.fy || certificate._id.toHexString());
      noStore(ctx);
      ctx.set('Content-Disposition', `attachment; filename="form-10be-${certificate.fy || certificate._id.toHexString()}.pdf"`);
      ctx.type = 'application/pdf';
      ctx.body = storedBytes(certificate.pdf);
    },

    async assignForm10be(ctx) {
      const { id, email } = requestInput(ctx).body;
      noStore(ctx);
      const certificate = await certificates.assign(id, email);
      await record(ctx, 'form10be.assign', certificate.fy || id);
      reply(ctx, 200, { success: true, message: complianceMessages.certificateAssigned(certificate.donor!.email), data: toCertificateView(certificate) });
    },

    async listDeadlines(ctx) {
      noStore(ctx);
      reply(ctx, 200, { success: true, ...(await deadlines.list()) });
    },

    async addDeadline(ctx) {
      const { title, due_on } = requestInput(ctx).body;
      noStore(ctx);
      reply(ctx, 201, { success: true, message: complianceMessages.deadlineAdded, data: await deadlines.add(title, due_on, actorOf(ctx)) });
    },

    async updateDeadline(ctx) {
      const { id, done } = requestInput(ctx).body;
      noStore(ctx);
      const data = await deadlines.setDone(id, done, actorOf(ctx));
      reply(ctx, 200, { success: true, message: done ? complianceMessages.deadlineDone : complianceMessages.deadlineOpen, data });
    },

    async deleteDeadline(ctx) {
      await deadlines.remove(requestInput(ctx).body.id);
      noStore(ctx);
      reply(ctx, 200, { success: true, message: complianceMessages.deadlineDeleted });
    },

    addDocument: published.publishes(async (ctx) => {
      const { body, files } = requestInput(ctx);
      const { title, title_hi = '', kind, fy } = body;
      if (!isFinancialYear(fy)) throw badYear();
      noStore(ctx);
      // openapi.yaml requires `file`: the request does not get here without one.
      const document = await documents.add(newDocumentId(ctx.state), files.get('file')![0]!, { title, title_hi, kind, fy }, actorOf(ctx));
      reply(ctx, 201, { success: true, message: complianceMessages.documentAdded, data: toDocumentView(document) });
    }),

    listDocuments: published.cacheable(async (ctx) => {
      const lang = requestInput(ctx).params.lang === 'hi' ? 'hi' : 'en';
      return { body: { success: true, data: (await documents.list()).map((document) => toDocumentView(document, lang)) } };
    }),

    async getDocument(ctx) {
      const document = await documents.find(requestInput(ctx).params.id);
      if (!document) throw notFound(complianceMessages.documentNotFound);
      const etag = `"${document._id.toHexString()}-${document.sha256.slice(0, 16)}"`;
      ctx.set('ETag', etag);
      ctx.set('Cache-Control', 'public, max-age=86400');
      if (ctx.get('If-None-Match') === etag) {
        ctx.status = 304;
        return;
      }
      const name = downloadName(document);
      ctx.set('Content-Disposition', `inline; filename="${name}"`);
      ctx.type = 'application/pdf';
      ctx.body = await documents.bytes(document._id);
    },

    deleteDocument: published.publishes(async (ctx) => {
      await documents.remove(requestInput(ctx).body.id);
      noStore(ctx);
      reply(ctx, 200, { success: true, message: complianceMessages.documentDeleted });
    }),

    async confirmGuardianConsent(ctx) {
      const name = await guardians.confirm(requestInput(ctx).body.token);
      reply(ctx, 200, { success: true, message: complianceMessages.guardianConfirmed(name) });
    },

    async listDataRequests(ctx) {
      const { status } = requestInput(ctx).params;
      const today = dayInIndia(new Date());
      const list = await requests.find(status ? { status } : {}).lean<DataRequest[]>();
      // Open ones first, the nearest deadline first; then the closed ones, the latest first.
      list.sort((a, b) =>
        a.status !== b.status
          ? a.status === 'open'
            ? -1
            : 1
          : a.status === 'open'
            ? a.dueOn.localeCompare(b.dueOn)
            : (b.closedAt?.getTime() ?? 0) - (a.closedAt?.getTime() ?? 0),
      );
      const data = list.map((request) => toDataRequestView(request, today));
      noStore(ctx);
      reply(ctx, 200, { success: true, overdue: data.filter((request) => request.overdue).length, data });
    },

    async addDataRequest(ctx) {
      const { received_on, ...fields } = requestInput(ctx).body;
      noStore(ctx);
      const received = await recordDataRequest(db, {
        ...fields,
        source: 'admin',
        id: newDocumentId(ctx.state),
        ...(received_on && { receivedAt: new Date(`${received_on}T12:00:00+05:30`) }),
      });
      reply(ctx, 201, { success: true, message: complianceMessages.requestRecorded, data: toDataRequestView(received, dayInIndia(new Date())) });
    },

    async updateDataRequest(ctx) {
      const { id, status, note } = requestInput(ctx).body;
      noStore(ctx);
      const closing = status === 'closed';
      const updated = await requests
        .findByIdAndUpdate(
          new Types.ObjectId(id),
          { $set: { status, closedAt: closing ? new Date() : null, closedBy: closing ? actorOf(ctx) : '', ...(note !== undefined && { note }) } },
          { new: true },
        )
        .lean<DataRequest>();
      if (!updated) throw notFound(complianceMessages.requestNotFound);
      reply(ctx, 200, {
        success: true,
        message: closing ? complianceMessages.requestClosed : complianceMessages.requestReopened,
        data: toDataRequestView(updated, dayInIndia(new Date())),
      });
    },
  };
}
