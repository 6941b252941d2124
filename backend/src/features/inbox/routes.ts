import { Types } from 'mongoose';
import { HttpError } from '../../http/errors.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { adminList, preparingWhenSlow, unheldPageMs } from '../admin-lists/answer.js';
import type { ContactMessage } from './model.js';
import { toMessageView } from './view.js';
import { dataRequestSubject } from '@ngo-site/shared';
import { checkNoticeVersion, recordConsent } from '../compliance/consent.js';
import { recordDataRequest } from '../compliance/data-requests.js';

export const contactMessages = {
  saved: 'Message sent successfully',
  markedRead: 'Message marked as read',
  markedUnread: 'Message marked as unread',
  deleted: 'Message deleted successfully',
  notFound: 'Message not found',
};

export function messageHandlers({ db, lists, mail }: Services): Handlers {
  const messages = db.models.ContactMessage;
  /** Unread messages, counted in the list this instance holds (or by the database while it is not held). */
  const unreadCount = async () => {
    const held = await lists.messages.all();
    if (held) return held.reduce((unread, message) => unread + (message.read ? 0 : 1), 0);
    return messages.countDocuments({ read: false }).maxTimeMS(unheldPageMs).catch(preparingWhenSlow);
  };

  return {
    async saveContactMessage(ctx) {
      // The honeypot, the time on the page and the limit per address are checked before
      // (x-anonymous-form in openapi.yaml), which leaves out their fields.
      const { name, email, subject, message, notice_version } = requestInput(ctx).body;
      const fields = { name, email, subject, message };
      const lang = requestInput(ctx).params.lang ?? 'en';
      await checkNoticeVersion(db, 'contact', notice_version);
      // With an Idempotency-Key the id is derived from it: a send carried out again (its first
      // answer was lost) finds the message saved instead of keeping it twice.
      const _id = newDocumentId(ctx.state);
      // A message found saved is recorded for the lists again: the first send may have lost the
      // database between saving it and telling the lists.
      const saved = await messages.findById(_id).lean<ContactMessage>();
      if (saved) await lists.messages.put(saved);
      else {
        try {
          const created = await messages.create({ _id, ...fields, lang });
          await lists.messages.put(created.toObject<ContactMessage>());
        } catch (error) {
          if ((error as { code?: number }).code !== 11000) throw error;
          const raced = await messages.findById(_id).lean<ContactMessage>();
          if (raced) await lists.messages.put(raced);
        }
      }
      if (notice_version) await recordConsent(db, { purpose: 'contact', email, version: notice_version, subject: _id });
      // A personal-data request or grievance is also on the admin's list of them, to answer within 90 days.
      if (subject === dataRequestSubject) await recordDataRequest(db, { id: _id, kind: 'other', name, email, message, source: 'contact-form', lang });
      // Queued once per message, also when a retried request finds the message saved.
      await mail.contactReceived({ ...fields, id: _id.toHexString(), lang, createdAt: new Date() });
      reply(ctx, 201, { success: true, message: contactMessages.saved });
    },
    async listMessages(ctx) {
      const [{ items, headers }, unread] = await Promise.all([
        adminList(lists.messages, requestInput(ctx).params, { path: '/api/get_messages.php', searchFields: ['name', 'email', 'subject', 'message'] }),
        unreadCount(),
      ]);
      if (headers) ctx.set(headers);
      reply(ctx, 200, { success: true, unread, data: items });
    },
    async updateMessage(ctx) {
      const { id, read } = requestInput(ctx).body;
      const updated = await messages.findByIdAndUpdate(id, { $set: { read } }, { new: true }).lean<ContactMessage>();
      if (!updated) throw new HttpError(404, contactMessages.notFound);
      await lists.messages.put(updated);
      reply(ctx, 200, { success: true, message: read ? contactMessages.markedRead : contactMessages.markedUnread, data: toMessageView(updated) });
    },
    async deleteMessage(ctx) {
      const _id = new Types.ObjectId(requestInput(ctx).body.id);
      const { deletedCount } = await messages.deleteOne({ _id });
      if (!deletedCount) throw new HttpError(404, contactMessages.notFound);
      await lists.messages.remove(_id);
      reply(ctx, 200, { success: true, message: contactMessages.deleted });
    },
  };
}
