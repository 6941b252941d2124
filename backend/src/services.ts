import type { Logger } from 'pino';
import type { Context } from './http/handlers.js';
import type { Config } from './config.js';
import type { Database } from './database.js';
import type { AdminLists } from './features/admin-lists/lists.js';
import type { ImageStore } from './features/images/store.js';
import type { Mailer } from './features/mail/service.js';
import type { Lifecycle } from './http/lifecycle.js';
import type { OpenApi } from './http/openapi.js';
import type { PublishedContent } from './published/published-content.js';
import type { Claims } from './invariants/claims.js';

/** What the features and the site share, built once per app by createApp. */
export interface Services {
  config: Config;
  db: Database;
  images: ImageStore;
  logger: Logger;
  openApi: OpenApi;
  lifecycle: Lifecycle;
  /** Claims by insert into a unique index: what decides between writers (invariants/claims.ts). */
  claims: Claims;
  /** The published-content cache and the declarations that use it (published/). */
  published: PublishedContent;
  /** Every mail goes through its outbox (features/mail). */
  mail: Mailer;
  /** The admin's lists as this instance holds them (features/admin-lists). */
  lists: AdminLists;
  /**
   * The session check of the secured operations (http/auth.ts), for a public operation that
   * serves the admin too when asked (get_page.php?lang=both): 401/403 unless one of `roles`.
   */
  authorize(ctx: Context, roles: string[]): Promise<void>;
  /** The time now: the real clock, or the one a test sets (time-based work reads it). */
  clock: () => Date;
}
