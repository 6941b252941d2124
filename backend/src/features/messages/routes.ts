import { HttpError } from '../../http/errors.js';
import { newDocumentId } from '../../http/idempotency.js';
import { reply, requestInput, type Handlers, type Services } from '../../services.js';
import { LoginRateLimit } from '../auth/rate-limit.js';
import type { ContactMessage } from './model.js';

export const contactMessages = {
  saved: 'Message sent successfully',
  refused: 'Your message could not be sent. Please take a moment to check it and send it again.',
  tooMany: (minutes: number) => `Too many messages from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  markedRead: 'Message marked as read',
  markedUnread: 'Message marked as unread',
  deleted: 'Message deleted successfully',
  notFound: 'Message not found',
};

/** A person needs at least this long to fill in four fields; scripts post at once. */
export const minimumFormMs = 3000;

export const toMessageView = (message: ContactMessage) => ({
  id: message._id.toHexString(),
  name: message.name,
  email: message.email,
  subject: message.subject,
  message: message.message,
  read: message.read,
  created_at: message.createdAt.toISOString(),
});

export function messageHandlers({ db, config }: Services): Handlers {
  const messages = db.models.ContactMessage;
  // The login limiter's counter, under its own key prefix: every backend counts the same sends.
  const rateLimit = new LoginRateLimit(db.models.LoginAttempt, config.contactMaxMessages, config.contactWindowSeconds);

  return {
    async saveContactMessage(ctx) {
      const { website, elapsed_ms, ...fields } = requestInput(ctx).body;
      const key = `contact|${ctx.ip}`;
      const retryAfter = await rateLimit.retryAfterSeconds(key);
      if (retryAfter > 0) {
        throw new HttpError(429, contactMessages.tooMany(Math.ceil(retryAfter / 60)), { headers: { 'Retry-After': String(retryAfter) } });
      }
      // Refused attempts count too, so a script cannot probe the checks without limit.
      await rateLimit.recordFailure(key);
      if (website || elapsed_ms === undefined || elapsed_ms < minimumFormMs) throw new HttpError(400, contactMessages.refused);
      // With an Idempotency-Key the id is derived from it: a send carried out again (its first
      // answer was lost) finds the message saved instead of keeping it twice.
      const _id = newDocumentId(ctx.state);
      if (!(await messages.exists({ _id }))) {
        await messages.create({ _id, ...fields }).catch((error: unknown) => {
          if ((error as { code?: number }).code !== 11000) throw error;
        });
      }
      reply(ctx, 201, { success: true, message: contactMessages.saved });
    },
    async listMessages(ctx) {
      const [list, unread] = await Promise.all([
        messages.find().sort({ createdAt: -1, _id: -1 }).lean<ContactMessage[]>(),
        messages.countDocuments({ read: false }),
      ]);
      reply(ctx, 200, { success: true, unread, data: list.map(toMessageView) });
    },
    async updateMessage(ctx) {
      const { id, read } = requestInput(ctx).body;
      const updated = await messages.findByIdAndUpdate(id, { $set: { read } }, { new: true }).lean<ContactMessage>();
      if (!updated) throw new HttpError(404, contactMessages.notFound);
      reply(ctx, 200, { success: true, message: read ? contactMessages.markedRead : contactMessages.markedUnread, data: toMessageView(updated) });
    },
    async deleteMessage(ctx) {
      const { deletedCount } = await messages.deleteOne({ _id: requestInput(ctx).body.id });
      if (!deletedCount) throw new HttpError(404, contactMessages.notFound);
      reply(ctx, 200, { success: true, message: contactMessages.deleted });
    },
  };
}
