import type { Schemas } from '../../contract.js';
import type { Database } from '../../database.js';
import type { MailConfig } from '../../mail-config.js';
import type { OutboxMail } from './model.js';
import type { Mailer } from './service.js';
import { smtpServerOf } from './transport.js';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** A mail as the admin sees it: the envelope and its fate, never its text. */
export const outboxView = (mail: OutboxMail): Schemas['OutboxMail'] => ({
  id: mail._id.toHexString(),
  kind: mail.kind,
  to: mail.to,
  subject: mail.subject,
  state: mail.state,
  attempts: mail.attempts,
  created_at: mail.createdAt.toISOString(),
  next_attempt_at: mail.state === 'queued' ? iso(mail.nextAttemptAt) : null,
  sent_at: iso(mail.sentAt),
  last_error: mail.lastError ?? null,
  smtp_response: mail.smtpResponse ?? null,
  resendable: mail.state === 'failed' && !mail.sensitive,
});

/** What is set up (no password, no key) and how the outbox is doing. */
export async function mailStatus(config: MailConfig, db: Database, mailer: Mailer): Promise<Schemas['MailStatus']> {
  const mails = db.models.OutboxMail;
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const [queued, failed, sentLastDay, lastSent, notify, notifyTo] = await Promise.all([
    mails.countDocuments({ state: { $in: ['queued', 'sending'] } }),
    mails.countDocuments({ state: 'failed' }),
    mails.countDocuments({ state: 'sent', sentAt: { $gte: dayAgo } }),
    mails.findOne({ state: 'sent' }, { sentAt: 1 }).sort({ sentAt: -1 }).lean(),
    mailer.chosenRecipients(),
    mailer.noticeRecipients(),
  ]);
  const lastSentAt = lastSent?.sentAt ?? null;
  const lastFailure = await mails
    .findOne({ lastError: { $ne: null }, ...(lastSentAt ? { updatedAt: { $gt: lastSentAt } } : {}) }, { lastError: 1 })
    .sort({ updatedAt: -1 })
    .lean();
  return {
    configured: Boolean(config.smtpUrl),
    from: config.from,
    server: config.smtpUrl ? smtpServerOf(config.smtpUrl) : null,
    dkim: { enabled: Boolean(config.dkim), selector: config.dkim?.keySelector ?? null, domain: config.dkim?.domainName ?? null },
    notify,
    notify_to: notifyTo,
    outbox: { queued, failed, sent_last_day: sentLastDay },
    last_sent_at: iso(lastSentAt),
    last_error: lastFailure?.lastError ?? null,
  };
}
