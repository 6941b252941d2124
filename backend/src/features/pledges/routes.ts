// The pledge operations: the donor's pledge (an anonymous form) and the stop link of its
// reminders; the admin's list and its pause, resume and stop, each written to the audit log.
import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Handlers, type OperationContext } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import type { Services } from '../../services.js';
import { noStore } from '../donations/report.js';
import { pledgeOfStopToken } from './links.js';
import { pledgeMessages } from './messages.js';
import type { PledgeService } from './service.js';

const actorOf = (ctx: OperationContext<never>) => (ctx.state.user as { sub: string }).sub;

/** Where the stop link leads a browser: the monthly pledge's page, in the pledge's language, saying it stopped. */
export const stoppedPage = (lang: 'en' | 'hi') => `${lang === 'hi' ? '/hi' : ''}/donate/monthly?stopped=1`;

export function pledgeHandlers(services: Services, pledges: PledgeService): Handlers {
  const audit = services.db.models.AuditEntry;
  return {
    async savePledge(ctx) {
      // The honeypot, the time on the page and the limit per address are checked before
      // (x-anonymous-form in openapi.yaml), which leaves out their fields.
      const { params, body } = requestInput(ctx);
      noStore(ctx);
      const data = await pledges.make(body, params.lang ?? 'en', newDocumentId(ctx.state));
      reply(ctx, 201, { success: true, message: pledgeMessages.made, data });
    },

    async stopPledge(ctx) {
      const id = pledgeOfStopToken(services.config.jwtSecret, requestInput(ctx).params.token);
      if (!id) throw new HttpError(404, pledgeMessages.linkNotValid);
      const { pledge } = await pledges.stop(id, 'donor').catch((error: unknown) => {
        throw error instanceof HttpError && error.status === 404 ? new HttpError(404, pledgeMessages.linkNotValid) : error;
      });
      noStore(ctx);
      if (ctx.accepts('html', 'json') === 'json') return reply(ctx, 200, { success: true, message: pledgeMessages.stopped });
      ctx.status = 303;
      ctx.redirect(stoppedPage(pledge.lang));
    },

    async listPledges(ctx) {
      const { items, total } = await pledges.list(requestInput(ctx).params);
      noStore(ctx);
      ctx.set('X-Total-Count', String(total));
      reply(ctx, 200, { success: true, data: items });
    },

    async updatePledge(ctx) {
      const { id, action } = requestInput(ctx).body;
      noStore(ctx);
      const { pledge, changed } = action === 'stop' ? await pledges.stop(id, 'admin') : await pledges.setPaused(id, action === 'pause');
      if (changed) await audit.create({ action: `pledge.${action}`, actor: actorOf(ctx), count: 1, subject: pledge._id.toHexString() });
      const said = { pause: pledgeMessages.paused, resume: pledgeMessages.resumed, stop: pledgeMessages.stoppedByAdmin }[action];
      reply(ctx, 200, { success: true, message: changed ? said : pledgeMessages.unchanged, data: await pledges.view(pledge) });
    },
  };
}
