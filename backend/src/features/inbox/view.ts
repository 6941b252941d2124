import type { ContactMessage } from './model.js';

/** A message as the inbox answers it. */
export const toMessageView = (message: ContactMessage) => ({
  id: message._id.toHexString(),
  name: message.name,
  email: message.email,
  subject: message.subject,
  message: message.message,
  read: message.read,
  created_at: message.createdAt.toISOString(),
  lang: message.lang ?? 'en',
});
