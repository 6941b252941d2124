// The operations of a supporter's own page: the link that opens it, and what the person sees and
// does there, for the session's e-mail address only.
import { Types } from 'mongoose';
import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Context, type Handlers } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import { AttemptCounter } from '../../limits/counter.js';
import type { Services } from '../../services.js';
import { dayInIndia } from '../donations/financial-year.js';
import type { Receipt } from '../donations/model.js';
import { sendReceipt } from '../donations/report.js';
import { currentSettings } from '../settings/service.js';
import type { Volunteer } from '../volunteers/model.js';
import { currentCertificate, verifyUrl } from './certificates.js';
import { renderCertificate } from './certificate-pdf.js';
import { eraseSupporter } from './erase.js';
import { sameAddress, type HoursBook } from './hours.js';
import { myLinkLetter } from './letters.js';
import { issueMyLink, myLinkMinutes, myLinkUrl, normalisedEmail, openMySession, useMyLink } from './links.js';
import { supporterMessages } from './messages.js';
import { donationsOf, myData } from './records.js';
import { supporterOf } from './session.js';
import { tokenPlaceholder } from '../mail/send-time-tokens.js';
import type { VolunteerCertificate } from './model.js';
import { Form10beCertificates } from '../compliance/form10be.js';
import type { Form10beCertificate } from '../compliance/model.js';
import { storedBytes } from '../mail/transport.js';

const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

/** Every answer to a request for a link takes at least this long, so its time does not tell whether the address is known. */
const linkAnswerFloorMs = 300;
const grievanceDays = 90;

/** A certificate's PDF as a download named after its code. */
export async function sendCertificate(ctx: Context, certificate: VolunteerCertificate, publicUrl: string) {
  const pdf = await renderCertificate(certificate, verifyUrl(publicUrl, certificate._id));
  noStore(ctx);
  ctx.set('Content-Disposition', `attachment; filename="certificate-${certificate._id}.pdf"`);
  ctx.set('X-Certificate-Code', certificate._id);
  ctx.type = 'application/pdf';
  ctx.body = pdf;
}

export function myPageHandlers(services: Services, book: HoursBook): Handlers {
  const { config, db, mail } = services;
  const { Volunteer: volunteers } = db.models;
  const { publishes } = services.published;
  // Per client address by the anonymous forms' protection (openapi.yaml); per e-mail address here.
  const perAddressee = new AttemptCounter(db.models.LimitCount, config.loginMaxAttempts, config.loginWindowSeconds);

  /** Whether the site holds anything of the address: only then is a link mailed. */
  const isKnown = async (email: string) =>
    Boolean(
      (await volunteers.exists({ email: sameAddress(email) })) ||
      (await db.models.Donation.exists({ email: sameAddress(email) })) ||
      (await db.models.VolunteerHours.exists({ email })) ||
      (await db.models.ContactMessage.exists({ email: sameAddress(email) })) ||
      (await db.models.Rsvp.exists({ email })) ||
      (await db.models.Subscriber.exists({ email })) ||
      (await db.models.Pledge.exists({ email })),
    );

  /** A registration of the session's address, or 404. */
  const ownRegistration = async (ctx: Context, id: string) => {
    const registration = await volunteers.findById(id).lean<Volunteer>();
    if (!registration || normalisedEmail(registration.email) !== supporterOf(ctx.state).email) throw new HttpError(404, supporterMessages.notYours);
    return registration;
  };

  return {
    async requestMyLink(ctx) {
      const { body, params } = requestInput(ctx);
      const email = normalisedEmail(body.email);
      const key = `my-link|${email}`;
      const retryAfter = await perAddressee.retryAfterSeconds(key);
      if (retryAfter > 0) {
        throw new HttpError(429, supporterMessages.tooMany(Math.ceil(retryAfter / 60)), { headers: { 'Retry-After': String(retryAfter) } });
      }
      await perAddressee.record(key);
      const answerAt = performance.now() + linkAnswerFloorMs;
      if (await isKnown(email)) {
        const lang = params.lang ?? 'en';
        const link = await issueMyLink(services, email);
        const { settings } = await currentSettings(db);
        await mail.enqueue({
          key: `my-link:${link.id}`,
          kind: 'my-link',
          to: [email],
          sensitive: true,
          tokens: link.mailToken,
          letter: myLinkLetter(lang, settings.name, myLinkUrl(config.publicUrl, lang, tokenPlaceholder('link')), myLinkMinutes),
        });
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - performance.now())));
      noStore(ctx);
      reply(ctx, 200, { success: true, message: supporterMessages.linkRequested });
    },

    async openMySession(ctx) {
      const email = await useMyLink(services, requestInput(ctx).body.token);
      if (!email) throw new HttpError(404, supporterMessages.linkGone);
      const session = await openMySession(services, email);
      noStore(ctx);
      reply(ctx, 200, { success: true, session: session.token, email, expires_at: session.expiresAt.toISOString() });
    },

    async endMySession(ctx) {
      await db.models.MySession.deleteOne({ _id: supporterOf(ctx.state).session });
      reply(ctx, 200, { success: true, message: supporterMessages.signedOut });
    },

    async getMyData(ctx) {
      const { email, expiresAt } = supporterOf(ctx.state);
      noStore(ctx);
      reply(ctx, 200, { success: true, data: await myData(services, book, email, expiresAt) });
    },

    async updateMyRegistration(ctx) {
      const { id, ...fields } = requestInput(ctx).body;
      const registration = await ownRegistration(ctx, id);
      await volunteers.updateOne({ _id: registration._id }, { $set: fields });
      const updated = await volunteers.findById(registration._id).lean<Volunteer>();
      // The admin's list shows the correction on every instance.
      if (updated) await services.lists.volunteers.put(updated);
      reply(ctx, 200, { success: true, message: supporterMessages.registrationCorrected });
    },

    async withdrawMyRegistration(ctx) {
      const registration = await ownRegistration(ctx, requestInput(ctx).body.id);
      if (!registration.withdrawnAt) {
        await volunteers.updateOne({ _id: registration._id }, { $set: { withdrawnAt: new Date() } });
        const updated = await volunteers.findById(registration._id).lean<Volunteer>();
        if (updated) await services.lists.volunteers.put(updated);
      }
      reply(ctx, 200, { success: true, message: supporterMessages.registrationWithdrawn });
    },

    async getMyReceipt(ctx) {
      const { email } = supporterOf(ctx.state);
      const receipt = await db.models.Receipt.findById(requestInput(ctx).params.id).lean<Receipt>();
      const { donations } = receipt ? await donationsOf(services, email) : { donations: [] };
      if (!receipt || !donations.some((donation) => donation._id.equals(receipt.donation))) throw new HttpError(404, supporterMessages.notYours);
      await sendReceipt(ctx, receipt);
    },

    async getMyForm10be(ctx) {
      const { email } = supporterOf(ctx.state);
      const id = requestInput(ctx).params.id;
      const mine = await new Form10beCertificates(services).certificatesOf({ email });
      if (!mine.some((certificate) => certificate._id.toHexString() === id)) throw new HttpError(404, supporterMessages.notYours);
      const stored = await db.models.Form10beCertificate.findById(id, { pdf: 1, fy: 1 }).lean<Pick<Form10beCertificate, 'pdf' | 'fy'>>();
      if (!stored) throw new HttpError(404, supporterMessages.notYours);
      noStore(ctx);
      ctx.set('Content-Disposition', `attachment; filename="form-10be-${stored.fy || id}.pdf"`);
      ctx.type = 'application/pdf';
      ctx.body = storedBytes(stored.pdf);
    },

    async updateMyNewsletter(ctx) {
      const { lang } = requestInput(ctx).body;
      const changed = await services.subscriptions.setLanguage(supporterOf(ctx.state).email, lang);
      if (!changed) throw new HttpError(404, supporterMessages.noSubscription);
      reply(ctx, 200, { success: true, message: supporterMessages.newsletterLanguage(lang) });
    },

    async getMyCertificate(ctx) {
      const { email } = supporterOf(ctx.state);
      const [registration] = await book.registrationsOf(email);
      const name = registration?.name ?? (await db.models.Donation.findOne({ email: sameAddress(email) }).lean())?.name ?? email;
      const certificate = await currentCertificate(services, book, {
        email,
        name,
        volunteer: registration?._id ?? null,
        lang: requestInput(ctx).params.lang ?? 'en',
        by: 'supporter',
      });
      if (!certificate) throw new HttpError(404, supporterMessages.noHours);
      await sendCertificate(ctx, certificate, config.publicUrl);
    },

    // The person's certificates go, and with them their pages (/verify/<code>).
    eraseMe: publishes(async (ctx) => {
      const kept = await eraseSupporter(services, supporterOf(ctx.state).email);
      // Who and when, never the person: the log outlives what it mentions.
      await db.models.AuditEntry.create({ action: 'supporter.erase', actor: 'supporter', count: 1 });
      noStore(ctx);
      reply(ctx, 200, { success: true, message: supporterMessages.erased, kept_by_law: kept });
    }),

    async saveMyNominee(ctx) {
      const { name, email } = requestInput(ctx).body;
      const person = supporterOf(ctx.state).email;
      await db.models.Nominee.replaceOne({ _id: person }, { name, email: normalisedEmail(email), namedAt: new Date() }, { upsert: true }).catch(
        async (error) => {
          // Two first namings at once: the second meets the first one's key, and replaces it.
          if ((error as { code?: number }).code !== 11000) throw error;
          await db.models.Nominee.replaceOne({ _id: person }, { name, email: normalisedEmail(email), namedAt: new Date() });
        },
      );
      reply(ctx, 200, { success: true, message: supporterMessages.nomineeSaved });
    },

    async deleteMyNominee(ctx) {
      const { deletedCount } = await db.models.Nominee.deleteOne({ _id: supporterOf(ctx.state).email });
      if (!deletedCount) throw new HttpError(404, supporterMessages.noNominee);
      reply(ctx, 200, { success: true, message: supporterMessages.nomineeRemoved });
    },

    async withdrawMyConsent(ctx) {
      const { purpose } = requestInput(ctx).body;
      const { email } = supporterOf(ctx.state);
      await db.models.ConsentWithdrawal.create({ _id: `${purpose}:${email}`, email, purpose, withdrawnAt: new Date() }).catch((error: unknown) => {
        // Withdrawn before: it stays withdrawn since then.
        if ((error as { code?: number }).code !== 11000) throw error;
      });
      if (purpose === 'volunteer') {
        for (const registration of await book.registrationsOf(email)) {
          if (registration.withdrawnAt) continue;
          await volunteers.updateOne({ _id: registration._id }, { $set: { withdrawnAt: new Date() } });
          const updated = await volunteers.findById(registration._id).lean<Volunteer>();
          if (updated) await services.lists.volunteers.put(updated);
        }
      }
      reply(ctx, 200, { success: true, message: supporterMessages.consentWithdrawn });
    },

    async raiseMyGrievance(ctx) {
      const { email } = supporterOf(ctx.state);
      const _id: Types.ObjectId = newDocumentId(ctx.state);
      const [registration] = await book.registrationsOf(email);
      const receivedAt = new Date();
      const dueOn = dayInIndia(new Date(receivedAt.getTime() + grievanceDays * 24 * 60 * 60 * 1000));
      // With an Idempotency-Key the id is derived from it: a grievance sent again is stored once.
      if (!(await db.models.Grievance.exists({ _id }))) {
        await db.models.Grievance.create({
          _id,
          kind: 'grievance',
          name: registration?.name ?? email,
          email,
          message: requestInput(ctx).body.message,
          source: 'supporter',
          lang: requestInput(ctx).params.lang ?? 'en',
          receivedAt,
          dueOn,
          status: 'open',
        });
      }
      const stored = await db.models.Grievance.findById(_id).lean();
      reply(ctx, 201, { success: true, message: supporterMessages.grievanceRaised(stored?.dueOn ?? dueOn), due_on: stored?.dueOn ?? dueOn });
    },
  };
}
