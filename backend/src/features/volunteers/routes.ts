import { Readable } from 'node:stream';
import { newDocumentId } from '../../idempotency/middleware.js';
import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { toDay, today } from '../dates.js';
import { volunteersCsv } from './csv.js';
import { VolunteerService } from './service.js';
import { checkNoticeVersion, recordConsent } from '../compliance/consent.js';
import { checkGuardian, GuardianConsents } from '../compliance/guardian.js';
import { complianceMessages } from '../compliance/messages.js';
import { dayInIndia } from '../donations/financial-year.js';

export const volunteerMessages = {
  registered: 'Volunteer registered successfully!',
  erased: (count: number) => (count === 1 ? 'Registration deleted' : `${count} registrations deleted`),
  notFound: 'No registration matches',
};

export function volunteerHandlers(services: Services): Handlers {
  const volunteers = new VolunteerService(services);
  const guardians = new GuardianConsents(services, volunteers);
  const audit = services.db.models.AuditEntry;
  return {
    async saveVolunteer(ctx) {
      // openapi.yaml allows no other fields (additionalProperties: false). With an
      // Idempotency-Key the id is derived from it, so a registration carried out again (its first
      // answer was lost) finds itself saved instead of being stored twice.
      const { body, params } = requestInput(ctx);
      const { newsletter, ...registration } = body;
      const lang = params.lang ?? 'en';
      await checkNoticeVersion(services.db, 'volunteer', registration.notice_version);
      const _id = newDocumentId(ctx.state);
      // Under 18: nothing is stored until a parent or guardian confirms (DPDP Rules, 2025).
      if (await checkGuardian(services, registration, dayInIndia(new Date()), lang)) {
        await guardians.ask(_id, registration, lang);
        reply(ctx, 202, { success: true, message: complianceMessages.guardianAsked });
        return;
      }
      await volunteers.save(_id, registration);
      if (registration.notice_version)
        await recordConsent(services.db, { purpose: 'volunteer', email: registration.email, version: registration.notice_version, subject: _id });
      const { start_date, date_of_birth: _born, guardian_name: _name, guardian_email: _email, notice_version: _version, ...fields } = registration;
      const welcome = { gender: '', interest: '', about: '', ...fields, start_date: start_date ?? '', id: _id.toHexString() };
      await services.mail.volunteerRegistered(welcome, lang);
      if (newsletter) await services.subscriptions.subscribeFromForm('volunteer-form', registration, lang);
      reply(ctx, 201, { success: true, message: volunteerMessages.registered });
    },
    async listVolunteers(ctx) {
      const params = requestInput(ctx).params;
      const { items, headers } = await volunteers.list(params);
      if (params.purpose === 'export') {
        // Who exported how many, and when: never the data.
        await audit.create({ action: 'volunteers.export', actor: (ctx.state.user as { sub: string }).sub, count: items.length });
      }
      if (headers) ctx.set(headers);
      reply(ctx, 200, { success: true, data: items });
    },
    async exportVolunteers(ctx) {
      const actor = (ctx.state.user as { sub: string }).sub;
      const rows = volunteers.all();
      // The first batch is read before anything is sent: a database that is away is a 503.
      await rows.hasNext();
      ctx.status = 200;
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="volunteers-${toDay(today())}.csv"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = Readable.from(
        volunteersCsv(rows, async (count) => {
          await audit
            .create({ action: 'volunteers.export', actor, count })
            .catch((error: unknown) => services.logger.error({ err: error }, 'could not log an export'));
        }),
      );
    },
    async deleteVolunteer(ctx) {
      // openapi.yaml has checked that exactly one of them was sent.
      const { id, email } = requestInput(ctx).body;
      const deleted = await volunteers.erase({ id, email });
      if (!deleted) throw new HttpError(404, volunteerMessages.notFound);
      // Who and when, never the data: the log outlives the registrations it mentions.
      const actor = (ctx.state.user as { sub: string }).sub;
      await audit.create({ action: id !== undefined ? 'volunteer.erase' : 'volunteer.erase_email', actor, count: deleted });
      reply(ctx, 200, { success: true, message: volunteerMessages.erased(deleted), deleted });
    },
  };
}
