import { HttpError } from '../../http/errors.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import { reply, requestInput, type Context, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { testLetter } from './letters.js';
import type { OutboxMail } from './model.js';
import { mailStatus, outboxView } from './views.js';

export const mailMessages = {
  recipientsSaved: 'Notice recipients saved',
  notConfigured: 'Mail is not set up on this server (SMTP_URL is not set), so a test e-mail could go nowhere. The operator sets it up as docs/mail.md says.',
  testQueued: (to: string) => `Test e-mail queued for ${to}`,
  resent: 'Queued to be sent again',
  notFound: 'There is no mail with this id in the outbox',
  notResendable: 'Only a failed mail can be sent again, and never one that carried a password link (ask for a new link instead)',
};

/** Answers that hold addresses or mail state are never kept by a browser or a proxy. */
const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

export function mailHandlers({ config, db, mail }: Services): Handlers {
  const mails = db.models.OutboxMail;
  return {
    async getMailStatus(ctx) {
      noStore(ctx);
      reply(ctx, 200, { success: true, data: await mailStatus(config.mail, db, mail) });
    },

    async updateMailSettings(ctx) {
      await mail.chooseRecipients(requestInput(ctx).body.notify);
      noStore(ctx);
      reply(ctx, 200, { success: true, message: mailMessages.recipientsSaved, data: await mailStatus(config.mail, db, mail) });
    },

    async sendTestMail(ctx) {
      if (!mail.outbox.delivering) throw new HttpError(409, mailMessages.notConfigured);
      // The signed-in account exists: its token was just checked against it.
      const me = (await db.models.AdminUser.findById(ctx.state.user!.sub, { name: 1, email: 1 }).lean())!;
      const to = requestInput(ctx).body.to ?? me.email;
      const { name } = await mail.sender();
      const queued = await mail.enqueue({
        key: `test:${newDocumentId(ctx.state).toHexString()}`,
        kind: 'test',
        to: [to],
        letter: testLetter(name, me.name),
      });
      reply(ctx, 202, { success: true, message: mailMessages.testQueued(to), data: outboxView(queued) });
    },

    async listOutbox(ctx) {
      const { state, id } = requestInput(ctx).params;
      const filter = { ...(state ? { state } : {}), ...(id ? { _id: id } : {}) };
      const list = await mails.find(filter, { text: 0, html: 0, attachments: 0 }).sort({ createdAt: -1, _id: -1 }).limit(100).lean<OutboxMail[]>();
      noStore(ctx);
      reply(ctx, 200, { success: true, data: list.map(outboxView) });
    },

    async resendMail(ctx) {
      const { id } = requestInput(ctx).body;
      const queued = await mail.outbox.resend(id);
      if (!queued) throw (await mails.exists({ _id: id })) ? new HttpError(409, mailMessages.notResendable) : new HttpError(404, mailMessages.notFound);
      reply(ctx, 200, { success: true, message: mailMessages.resent, data: outboxView(queued) });
    },
  };
}
