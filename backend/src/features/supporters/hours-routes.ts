// The admin's side of volunteer hours (record, correct, remove; totals and hours by program for a
// date range) and certificates (download, mail, list, revoke); and the public check of a code.
import { Types } from 'mongoose';
import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Context, type Handlers } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import type { Services } from '../../services.js';
import type { Volunteer } from '../volunteers/model.js';
import { certificateCheck, currentCertificate, toCertificateView, verifyUrl } from './certificates.js';
import { peopleOf, summarise, toHoursEntry, type HoursBook } from './hours.js';
import { certificateLetter } from './letters.js';
import { normalisedEmail } from './links.js';
import { supporterMessages } from './messages.js';
import type { VolunteerCertificate, VolunteerHours } from './model.js';
import { sendCertificate } from './my-routes.js';

const actorOf = (ctx: Context) => (ctx.state.user as { sub: string }).sub;
const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

export function hoursHandlers(services: Services, book: HoursBook): Handlers {
  const { db, config, mail } = services;
  const { VolunteerHours: hours, VolunteerCertificate: certificates, AuditEntry: audit } = db.models;
  const { publishes } = services.published;

  const registration = async (id: string) => {
    const found = await book.registration(id);
    if (!found) throw new HttpError(404, supporterMessages.volunteerNotFound);
    return found;
  };
  const certificateOf = (volunteer: Volunteer, lang: 'en' | 'hi', by: string) =>
    currentCertificate(services, book, { email: normalisedEmail(volunteer.email), name: volunteer.name, volunteer: volunteer._id, lang, by });

  return {
    async listVolunteerHours(ctx) {
      const { volunteer_id, from, to } = requestInput(ctx).params;
      if (from && to && from > to) throw new HttpError(400, supporterMessages.badRange, { errors: [{ field: 'from', message: supporterMessages.badRange }] });
      const volunteer = volunteer_id ? await registration(volunteer_id) : null;
      const lines = await book.lines({ from, to });
      const report = { ...summarise(lines), from: from ?? null, to: to ?? null, people: await peopleOf(book, lines) };
      const entries =
        volunteer && lines.filter((line) => line.email === normalisedEmail(volunteer.email)).map(({ email: _email, name: _name, ...line }) => line);
      noStore(ctx);
      reply(ctx, 200, { success: true, data: entries ? { ...report, entries } : report });
    },

    async addVolunteerHours(ctx) {
      const { volunteer_id, hours: given, date, note = '', program = '' } = requestInput(ctx).body;
      const volunteer = await registration(volunteer_id);
      // With an Idempotency-Key the id is derived from it: hours sent again are recorded once.
      const _id = newDocumentId(ctx.state);
      if (!(await hours.exists({ _id }))) {
        await hours
          .create({ _id, volunteer: volunteer._id, email: normalisedEmail(volunteer.email), hours: given, date, note, program, createdBy: actorOf(ctx) })
          .catch((error: unknown) => {
            if ((error as { code?: number }).code !== 11000) throw error;
          });
      }
      const saved = (await hours.findById(_id).lean<VolunteerHours>())!;
      await audit.create({ action: 'volunteer.hours.add', actor: actorOf(ctx), count: 1 });
      reply(ctx, 201, { success: true, message: supporterMessages.hoursAdded, data: toHoursEntry(saved) });
    },

    async updateVolunteerHours(ctx) {
      const { id, ...fields } = requestInput(ctx).body;
      const { matchedCount } = await hours.updateOne({ _id: new Types.ObjectId(id) }, { $set: fields });
      if (!matchedCount) throw new HttpError(404, supporterMessages.hoursNotFound);
      const saved = (await hours.findById(id).lean<VolunteerHours>())!;
      await audit.create({ action: 'volunteer.hours.update', actor: actorOf(ctx), count: 1 });
      reply(ctx, 200, { success: true, message: supporterMessages.hoursSaved, data: toHoursEntry(saved) });
    },

    async deleteVolunteerHours(ctx) {
      const { deletedCount } = await hours.deleteOne({ _id: new Types.ObjectId(requestInput(ctx).body.id) });
      if (!deletedCount) throw new HttpError(404, supporterMessages.hoursNotFound);
      await audit.create({ action: 'volunteer.hours.delete', actor: actorOf(ctx), count: 1 });
      reply(ctx, 200, { success: true, message: supporterMessages.hoursDeleted });
    },

    async getCertificate(ctx) {
      const { volunteer_id, lang } = requestInput(ctx).params;
      const certificate = await certificateOf(await registration(volunteer_id), lang ?? 'en', actorOf(ctx));
      if (!certificate) throw new HttpError(404, supporterMessages.noHours);
      await audit.create({ action: 'volunteer.certificate.download', actor: actorOf(ctx), count: 1, subject: certificate._id });
      await sendCertificate(ctx, certificate, config.publicUrl);
    },

    async mailCertificate(ctx) {
      const { volunteer_id, lang = 'en' } = requestInput(ctx).body;
      const volunteer = await registration(volunteer_id);
      const certificate = await certificateOf(volunteer, lang, actorOf(ctx));
      if (!certificate) throw new HttpError(404, supporterMessages.noHours);
      const email = normalisedEmail(volunteer.email);
      await mail.enqueue({
        key: `volunteer-certificate:${certificate._id}:${volunteer._id.toHexString()}`,
        kind: 'volunteer-certificate',
        to: [email],
        replyTo: await mail.organisationReplyTo(),
        letter: certificateLetter(lang, {
          name: certificate.name,
          hours: certificate.hours,
          org: certificate.organisation.name,
          verifyUrl: verifyUrl(config.publicUrl, certificate._id),
          myUrl: `${config.publicUrl}${lang === 'hi' ? '/hi' : ''}/my`,
        }),
      });
      await audit.create({ action: 'volunteer.certificate.mail', actor: actorOf(ctx), count: 1, subject: certificate._id });
      reply(ctx, 200, { success: true, message: supporterMessages.certificateMailed(email), data: toCertificateView(certificate) });
    },

    async listCertificates(ctx) {
      const volunteer = await registration(requestInput(ctx).params.volunteer_id);
      const found = await certificates
        .find({ email: normalisedEmail(volunteer.email) })
        .sort({ issuedAt: -1 })
        .lean<VolunteerCertificate[]>();
      noStore(ctx);
      reply(ctx, 200, { success: true, data: found.map(toCertificateView) });
    },

    // The certificate's page (/verify/<code>) says "revoked" from now on.
    revokeCertificate: publishes(async (ctx) => {
      const { code, reason } = requestInput(ctx).body;
      const certificate = await certificates.findById(code).lean<VolunteerCertificate>();
      if (!certificate) throw new HttpError(404, supporterMessages.certificateNotFound);
      if (certificate.revokedAt) throw new HttpError(409, supporterMessages.alreadyRevoked);
      // The key goes with the revocation, so the same hours can be certified anew.
      await certificates.updateOne(
        { _id: code, revokedAt: null },
        { $set: { revokedAt: new Date(), revokedBy: actorOf(ctx), reason, key: `revoked:${code}` } },
      );
      await audit.create({ action: 'volunteer.certificate.revoke', actor: actorOf(ctx), count: 1, subject: code });
      reply(ctx, 200, { success: true, message: supporterMessages.certificateRevoked });
    }),

    async verifyCertificate(ctx) {
      const check = await certificateCheck(services, requestInput(ctx).params.code);
      if (!check) throw new HttpError(404, supporterMessages.certificateNotFound);
      // A revocation shows at once: no cache keeps the answer.
      ctx.set('Cache-Control', 'no-cache');
      reply(ctx, 200, { success: true, data: check });
    },
  };
}
