import { newDocumentId } from '../../http/idempotency.js';
import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Handlers, type Services } from '../../services.js';
import { fromDay, toDay } from '../dates.js';
import type { Volunteer } from './model.js';

export const volunteerMessages = {
  registered: 'Volunteer registered successfully!',
  erased: (count: number) => (count === 1 ? 'Registration deleted' : `${count} registrations deleted`),
  notFound: 'No registration matches',
  oneOf: 'Send either the id of one registration or an e-mail address',
};

export const toVolunteerView = (volunteer: Volunteer) => ({
  id: volunteer._id.toHexString(),
  name: volunteer.name,
  email: volunteer.email,
  mobile: volunteer.mobile,
  gender: volunteer.gender,
  interest: volunteer.interest,
  start_date: toDay(volunteer.start_date),
  address: volunteer.address,
  about: volunteer.about,
  created_at: volunteer.createdAt.toISOString(),
});

export function volunteerHandlers({ db }: Services): Handlers {
  const volunteers = db.models.Volunteer;
  const audit = db.models.AuditEntry;
  return {
    async saveVolunteer(ctx) {
      // openapi.yaml allows no other fields (additionalProperties: false).
      const { start_date, ...fields } = requestInput(ctx).body;
      // With an Idempotency-Key the id is derived from it, so a registration carried out again
      // (its first answer was lost) finds itself saved instead of being stored twice.
      const _id = newDocumentId(ctx.state);
      if (!(await volunteers.exists({ _id }))) {
        await volunteers.create({ _id, ...fields, start_date: start_date ? fromDay(start_date) : null }).catch((error: unknown) => {
          if ((error as { code?: number }).code !== 11000) throw error;
        });
      }
      reply(ctx, 201, { success: true, message: volunteerMessages.registered });
    },
    async listVolunteers(ctx) {
      const list = await volunteers.find().sort({ createdAt: -1, _id: -1 }).lean<Volunteer[]>();
      if (requestInput(ctx).params.purpose === 'export') {
        // Who exported how many, and when: never the data.
        await audit.create({ action: 'volunteers.export', actor: (ctx.state.user as { sub: string }).sub, count: list.length });
      }
      reply(ctx, 200, { success: true, data: list.map(toVolunteerView) });
    },
    async deleteVolunteer(ctx) {
      const { id, email } = requestInput(ctx).body;
      if ((id === undefined) === (email === undefined)) throw new HttpError(400, volunteerMessages.oneOf);
      const filter = id !== undefined ? { _id: id } : { email: new RegExp(`^${escapeRegExp(email!)}$`, 'i') };
      const { deletedCount } = await volunteers.deleteMany(filter);
      if (!deletedCount) throw new HttpError(404, volunteerMessages.notFound);
      // Who and when, never the data: the log outlives the registrations it mentions.
      const actor = (ctx.state.user as { sub: string }).sub;
      await audit.create({ action: id !== undefined ? 'volunteer.erase' : 'volunteer.erase_email', actor, count: deletedCount });
      reply(ctx, 200, { success: true, message: volunteerMessages.erased(deletedCount), deleted: deletedCount });
    },
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
