import type { Model } from 'mongoose';
import { reply, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import type { AdminUser } from '../auth/model.js';
import type { AuditEntry } from './model.js';

/** How many entries the Volunteers section shows: the latest, newest first. */
const shownEntries = 100;

export function auditHandlers({ db }: Services): Handlers {
  const audit = db.models.AuditEntry as Model<AuditEntry>;
  const accounts = db.models.AdminUser as Model<AdminUser>;
  return {
    async listAuditLog(ctx) {
      const entries = await audit.find().sort({ createdAt: -1, _id: -1 }).limit(shownEntries).lean<AuditEntry[]>();
      // Who did it is read now, so a renamed account shows its name of today and a removed one none.
      const actorIds = [...new Set(entries.map((entry) => entry.actor))].filter((id) => /^[0-9a-f]{24}$/i.test(id));
      const actors = new Map(
        (await accounts.find({ _id: { $in: actorIds } }, { name: 1, email: 1 }).lean<(AdminUser & { _id: { toHexString(): string } })[]>()).map((account) => [
          account._id.toHexString(),
          { name: account.name, email: account.email },
        ]),
      );
      reply(ctx, 200, {
        success: true,
        data: entries.map((entry) => ({
          id: entry._id.toHexString(),
          action: entry.action,
          count: entry.count,
          created_at: entry.createdAt.toISOString(),
          actor: actors.get(entry.actor) ?? null,
          ...(entry.subject ? { subject: entry.subject } : {}),
        })),
      });
    },
  };
}
