import mongoose, { type Connection } from 'mongoose';
import { adminUserSchema } from './features/auth/model.js';
import { blogSchema } from './features/blogs/model.js';
import { blogAutosaveSchema, blogRevisionSchema } from './features/blogs/history-model.js';
import { galleryItemSchema } from './features/gallery/model.js';
import { ensureImageIndexes } from './features/images/store.js';
import { ensureMediaIndexes, imageFileSchema } from './features/media/indexes.js';
import { siteSettingsSchema } from './features/settings/model.js';
import { pageRevisionSchema, pageSchema } from './features/pages/model.js';
import { idempotencyRecordSchema } from './idempotency/model.js';
import { pageViewCountSchema } from './features/analytics/model.js';
import { auditEntrySchema } from './features/audit/model.js';
import { contactMessageSchema } from './features/inbox/model.js';
import { volunteerSchema } from './features/volunteers/model.js';
import { donationSchema, receiptCounterSchema, receiptSchema } from './features/donations/model.js';
import { eventCheckInSchema, eventReminderSchema, eventSchema, eventSeatSchema, rsvpCancellationSchema, rsvpSchema } from './features/events/model.js';
import { limitCountSchema } from './limits/counter.js';
import { attemptSlotSchema } from './limits/attempt-slots.js';
import { messageReplySchema, outboxMailSchema } from './features/mail/model.js';
import {
  bulkBatchSchema,
  bulkChunkDoneSchema,
  bulkMailSchema,
  bulkOutcomeSchema,
  bulkRetrySchema,
  bulkSendingSchema,
  bulkSlotSchema,
} from './features/mail/bulk-model.js';
import { passwordLinkSchema } from './features/password-links/model.js';
import { consentSchema as newsletterConsentSchema, newsletterSendSchema, subscriberSchema } from './features/newsletter/model.js';
import { jobLeaseSchema } from './jobs/claim.js';
import { claimSchema } from './invariants/claims.js';
import { contentVersionSchema } from './published/model.js';
import { campaignSchema } from './features/campaigns/model.js';
import { pledgeMonthSchema, pledgeSchema, pledgeStatementSchema } from './features/pledges/model.js';
import {
  consentSchema,
  dataRequestSchema,
  deadlineReminderSchema,
  form10beCertificateSchema,
  guardianRequestSchema,
  legalDeadlineSchema,
  publicDocumentSchema,
} from './features/compliance/model.js';
import {
  consentWithdrawalSchema,
  myLinkSchema,
  mySessionSchema,
  nomineeSchema,
  volunteerCertificateSchema,
  volunteerHoursSchema,
} from './features/supporters/model.js';

export type Models = ReturnType<typeof createModels>;

function createModels(connection: Connection) {
  return {
    AdminUser: connection.model('AdminUser', adminUserSchema, 'admin_users'),
    LimitCount: connection.model('LimitCount', limitCountSchema, 'limit_counts'),
    AttemptSlot: connection.model('AttemptSlot', attemptSlotSchema, 'attempt_slots'),
    Blog: connection.model('Blog', blogSchema, 'blogs'),
    BlogRevision: connection.model('BlogRevision', blogRevisionSchema, 'blog_revisions'),
    BlogAutosave: connection.model('BlogAutosave', blogAutosaveSchema, 'blog_autosaves'),
    GalleryItem: connection.model('GalleryItem', galleryItemSchema, 'gallery_items'),
    /** The image store's GridFS files (features/images/store.ts writes them), read by the media library. */
    ImageFile: connection.model('ImageFile', imageFileSchema, 'images.files'),
    Volunteer: connection.model('Volunteer', volunteerSchema, 'volunteers'),
    IdempotencyRecord: connection.model('IdempotencyRecord', idempotencyRecordSchema, 'idempotency_keys'),
    ContactMessage: connection.model('ContactMessage', contactMessageSchema, 'contact_messages'),
    AuditEntry: connection.model('AuditEntry', auditEntrySchema, 'audit_log'),
    PageViewCount: connection.model('PageViewCount', pageViewCountSchema, 'page_views'),
    SiteSettings: connection.model('SiteSettings', siteSettingsSchema, 'site_settings'),
    Page: connection.model('Page', pageSchema, 'pages'),
    PageRevision: connection.model('PageRevision', pageRevisionSchema, 'page_revisions'),
    ContentVersion: connection.model('ContentVersion', contentVersionSchema, 'content_version'),
    OutboxMail: connection.model('OutboxMail', outboxMailSchema, 'mail_outbox'),
    MessageReply: connection.model('MessageReply', messageReplySchema, 'message_replies'),
    PasswordLink: connection.model('PasswordLink', passwordLinkSchema, 'password_links'),
    JobLease: connection.model('JobLease', jobLeaseSchema, 'job_leases'),
    BulkBatch: connection.model('BulkBatch', bulkBatchSchema, 'mail_bulk_batches'),
    BulkMail: connection.model('BulkMail', bulkMailSchema, 'mail_bulk'),
    BulkSending: connection.model('BulkSending', bulkSendingSchema, 'mail_bulk_sending'),
    BulkOutcome: connection.model('BulkOutcome', bulkOutcomeSchema, 'mail_bulk_outcomes'),
    BulkRetry: connection.model('BulkRetry', bulkRetrySchema, 'mail_bulk_retries'),
    BulkChunkDone: connection.model('BulkChunkDone', bulkChunkDoneSchema, 'mail_bulk_chunks_done'),
    BulkSlot: connection.model('BulkSlot', bulkSlotSchema, 'mail_bulk_slots'),
    Subscriber: connection.model('Subscriber', subscriberSchema, 'newsletter_subscribers'),
    NewsletterConsent: connection.model('NewsletterConsent', newsletterConsentSchema, 'newsletter_consents'),
    NewsletterSend: connection.model('NewsletterSend', newsletterSendSchema, 'newsletter_sends'),
    Claim: connection.model('Claim', claimSchema, 'claims'),
    Donation: connection.model('Donation', donationSchema, 'donations'),
    Receipt: connection.model('Receipt', receiptSchema, 'receipts'),
    ReceiptCounter: connection.model('ReceiptCounter', receiptCounterSchema, 'receipt_counters'),
    Campaign: connection.model('Campaign', campaignSchema, 'campaigns'),
    Pledge: connection.model('Pledge', pledgeSchema, 'pledges'),
    PledgeMonth: connection.model('PledgeMonth', pledgeMonthSchema, 'pledge_months'),
    PledgeStatement: connection.model('PledgeStatement', pledgeStatementSchema, 'pledge_statements'),
    Consent: connection.model('Consent', consentSchema, 'consents'),
    GuardianRequest: connection.model('GuardianRequest', guardianRequestSchema, 'guardian_requests'),
    DataRequest: connection.model('DataRequest', dataRequestSchema, 'data_requests'),
    Form10beCertificate: connection.model('Form10beCertificate', form10beCertificateSchema, 'form10be_certificates'),
    LegalDeadline: connection.model('LegalDeadline', legalDeadlineSchema, 'legal_deadlines'),
    DeadlineReminder: connection.model('DeadlineReminder', deadlineReminderSchema, 'deadline_reminders'),
    PublicDocument: connection.model('PublicDocument', publicDocumentSchema, 'documents'),
    Event: connection.model('Event', eventSchema, 'events'),
    Rsvp: connection.model('Rsvp', rsvpSchema, 'event_signups'),
    RsvpCancellation: connection.model('RsvpCancellation', rsvpCancellationSchema, 'event_cancellations'),
    EventSeat: connection.model('EventSeat', eventSeatSchema, 'event_seats'),
    EventCheckIn: connection.model('EventCheckIn', eventCheckInSchema, 'event_checkins'),
    EventReminder: connection.model('EventReminder', eventReminderSchema, 'event_reminders'),
    MyLink: connection.model('MyLink', myLinkSchema, 'my_links'),
    MySession: connection.model('MySession', mySessionSchema, 'my_sessions'),
    VolunteerHours: connection.model('VolunteerHours', volunteerHoursSchema, 'volunteer_hours'),
    VolunteerCertificate: connection.model('VolunteerCertificate', volunteerCertificateSchema, 'volunteer_certificates'),
    Nominee: connection.model('Nominee', nomineeSchema, 'nominees'),
    ConsentWithdrawal: connection.model('ConsentWithdrawal', consentWithdrawalSchema, 'consent_withdrawals'),
    /** Grievances raised on /my: requests about personal data (DataRequest's documents and schema). */
    Grievance: connection.model('Grievance', dataRequestSchema, 'data_requests'),
  };
}

export interface Database {
  connection: Connection;
  models: Models;
  /** Answers within the database timeout whether the server responds to a ping. */
  ping(): Promise<boolean>;
  /** What the driver last saw, without asking the database (1 = connected). */
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * Connects to MongoDB (or FerretDB). Requests fail fast with 503 while the database is away: a
 * hung one is noticed within about 1.5 s (checks every 500 ms, 1 s to answer), one that is back
 * is used again within about 0.5 s, and the socket timeout bounds a command caught in between.
 */
export async function connectDatabase(url: string, { timeoutMs = 3000 } = {}): Promise<Database> {
  const connection = mongoose.createConnection(url, {
    serverSelectionTimeoutMS: timeoutMs,
    heartbeatFrequencyMS: 500,
    serverMonitoringMode: 'poll',
    connectTimeoutMS: Math.min(timeoutMs, 1000),
    socketTimeoutMS: timeoutMs + 500,
    // No silent second attempt after a network error: it would double how long a request waits
    // on a hung database. The request answers 503 instead, and the client retries (a write with
    // its Idempotency-Key, so the retry cannot store it twice).
    retryReads: false,
    retryWrites: false,
    // Commands go straight to the driver, which waits at most serverSelectionTimeoutMS.
    bufferCommands: false,
    autoIndex: true,
    maxPoolSize: 20,
  });
  await connection.asPromise();
  const models = createModels(connection);
  await Promise.all([...Object.values(models).map((model) => model.init()), ensureImageIndexes(connection), ensureMediaIndexes(connection)]);

  return {
    connection,
    models,
    async ping() {
      try {
        await connection.db!.admin().command({ ping: 1 }, { timeoutMS: timeoutMs });
        return true;
      } catch {
        return false;
      }
    },
    connected: () => connection.readyState === 1,
    close: () => connection.close(),
  };
}
