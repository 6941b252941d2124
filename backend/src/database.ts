import mongoose, { type Connection } from 'mongoose';
import { adminUserSchema } from './features/auth/model.js';
import { loginAttemptSchema } from './features/auth/rate-limit.js';
import { blogSchema } from './features/blogs/model.js';
import { galleryItemSchema } from './features/gallery/model.js';
import { ensureImageIndexes } from './features/images/store.js';
import { siteSettingsSchema } from './features/settings/model.js';
import { idempotencyRecordSchema } from './http/idempotency.js';
import { pageViewCountSchema } from './features/analytics/model.js';
import { auditEntrySchema } from './features/audit/model.js';
import { contactMessageSchema } from './features/messages/model.js';
import { volunteerSchema } from './features/volunteers/model.js';
import { contentVersionSchema } from './http/public-cache.js';

export type Models = ReturnType<typeof createModels>;

function createModels(connection: Connection) {
  return {
    AdminUser: connection.model('AdminUser', adminUserSchema, 'admin_users'),
    LoginAttempt: connection.model('LoginAttempt', loginAttemptSchema, 'login_attempts'),
    Blog: connection.model('Blog', blogSchema, 'blogs'),
    GalleryItem: connection.model('GalleryItem', galleryItemSchema, 'gallery_items'),
    Volunteer: connection.model('Volunteer', volunteerSchema, 'volunteers'),
    IdempotencyRecord: connection.model('IdempotencyRecord', idempotencyRecordSchema, 'idempotency_keys'),
    ContactMessage: connection.model('ContactMessage', contactMessageSchema, 'contact_messages'),
    AuditEntry: connection.model('AuditEntry', auditEntrySchema, 'audit_log'),
    PageViewCount: connection.model('PageViewCount', pageViewCountSchema, 'page_views'),
    SiteSettings: connection.model('SiteSettings', siteSettingsSchema, 'site_settings'),
    ContentVersion: connection.model('ContentVersion', contentVersionSchema, 'content_version'),
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
 * Connects to MongoDB (or FerretDB). A short server-selection timeout makes requests fail fast
 * with 503 while the database is away; the driver keeps monitoring and reconnects by itself.
 *
 * Recovery: the monitor polls every 500 ms and gives up on an unanswered check after 1 s, so a
 * hung database is noticed (and the requests waiting on it are failed) within about 1.5 s, and a
 * database that is back is used again within about 0.5 s. The socket timeout bounds a command
 * sent just before the database hung.
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
  await Promise.all([...Object.values(models).map((model) => model.init()), ensureImageIndexes(connection)]);

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
