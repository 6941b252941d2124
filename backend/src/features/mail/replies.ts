import type { Types } from 'mongoose';
import type { Schemas } from '../../contract.js';
import { HttpError } from '../../http/errors.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { replyLetter } from './letters.js';
import type { MessageReply, OutboxMail } from './model.js';
import { outboxView } from './views.js';

export const replyMessages = {
  queued: (to: string) => `Reply queued for ${to}`,
  notFound: 'Message not found',
};

const replyView = (saved: MessageReply, mail: OutboxMail | undefined): Schemas['MessageReply'] => ({
  id: saved._id.toHexString(),
  message_id: saved.message.toHexString(),
  body: saved.body,
  author: saved.author,
  created_at: saved.createdAt.toISOString(),
  mail: mail ? outboxView(mail) : null,
});

/** Answers to contact messages: mailed to the sender and kept with the message, one thread per message. */
export function replyHandlers({ db, mail }: Services): Handlers {
  const { ContactMessage: messages, MessageReply: replies, OutboxMail: mails, AdminUser: users } = db.models;
  const mailsOf = async (ids: Types.ObjectId[]) => {
    const found = await mails.find({ _id: { $in: ids } }, { text: 0, html: 0 }).lean<OutboxMail[]>();
    return new Map(found.map((found) => [found._id.toHexString(), found]));
  };

  return {
    async replyToMessage(ctx) {
      const { id, message: body } = requestInput(ctx).body;
      const original = await messages.findById(id).lean();
      if (!original) throw new HttpError(404, replyMessages.notFound);
      const author = (await users.findById(ctx.state.user!.sub, { name: 1 }).lean())?.name ?? 'Admin';
      const earlier = await replies.find({ message: original._id }).sort({ createdAt: 1, _id: 1 }).lean<MessageReply[]>();
      const earlierMails = await mailsOf(earlier.map((previous) => previous.mail));
      // With an Idempotency-Key the id comes from it, so a retried reply is neither mailed nor kept twice.
      const _id = newDocumentId(ctx.state);
      const queued = await mail.enqueue({
        key: `reply:${_id.toHexString()}`,
        kind: 'reply',
        to: [original.email],
        replyTo: await mail.organisationReplyTo(),
        references: earlier.flatMap((previous) => earlierMails.get(previous.mail.toHexString())?.messageId ?? []),
        letter: replyLetter({ ...original, lang: original.lang ?? 'en' }, body),
      });
      if (!(await replies.exists({ _id }))) {
        await replies.create({ _id, message: original._id, body, author, mail: queued._id }).catch((error: unknown) => {
          if ((error as { code?: number }).code !== 11000) throw error;
        });
      }
      await messages.updateOne({ _id: original._id }, { $set: { read: true } });
      const saved = (await replies.findById(_id).lean<MessageReply>())!;
      reply(ctx, 201, { success: true, message: replyMessages.queued(original.email), data: replyView(saved, queued) });
    },

    async listMessageReplies(ctx) {
      const { id } = requestInput(ctx).params;
      if (!(await messages.exists({ _id: id }))) throw new HttpError(404, replyMessages.notFound);
      const thread = await replies.find({ message: id }).sort({ createdAt: 1, _id: 1 }).lean<MessageReply[]>();
      const threadMails = await mailsOf(thread.map((saved) => saved.mail));
      ctx.set('Cache-Control', 'no-store');
      reply(ctx, 200, { success: true, data: thread.map((saved) => replyView(saved, threadMails.get(saved.mail.toHexString()))) });
    },
  };
}
