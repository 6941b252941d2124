// Every case table, by the name its test file passes to runCases(). coverage.test.ts reads
// this list; a table left out here, or not run by any test file, fails it.
import { accountAndMetaCases } from './accounts-and-meta.js';
import { adminListCases } from './admin-lists.js';
import { analyticsCases } from './analytics.js';
import { authMatrixCases } from './auth-matrix.js';
import { badInputCases } from './bad-input.js';
import { blogDocumentCases } from './blog-documents.js';
import { blogCases } from './blogs.js';
import { campaignCases } from './campaigns.js';
import { complianceCases } from './compliance.js';
import { donationCases } from './donations.js';
import { eventCases } from './events.js';
import { galleryCases } from './gallery.js';
import { hindiCases } from './hindi.js';
import { idempotencyCases } from './idempotency.js';
import { imageCases } from './images.js';
import { legacyClientCases } from './legacy-client.js';
import { inboxCases } from './inbox.js';
import { mailCases } from './mail.js';
import { mediaLibraryCases } from './media-library.js';
import { mediaUploadCases } from './media-upload.js';
import { newsletterCases } from './newsletter.js';
import { outageCases } from './outage.js';
import { pageCases } from './pages.js';
import { passwordLinkCases } from './password-links.js';
import { postHistoryCases } from './post-history.js';
import { scheduleCases } from './schedule.js';
import { settingsAndUserCases } from './settings-and-users.js';
import { supporterCases } from './supporters.js';

export const caseTables = {
  accountAndMetaCases,
  adminListCases,
  analyticsCases,
  authMatrixCases,
  badInputCases,
  blogCases,
  blogDocumentCases,
  campaignCases,
  complianceCases,
  donationCases,
  eventCases,
  galleryCases,
  hindiCases,
  idempotencyCases,
  imageCases,
  legacyClientCases,
  inboxCases,
  mailCases,
  mediaLibraryCases,
  mediaUploadCases,
  newsletterCases,
  outageCases,
  pageCases,
  scheduleCases,
  passwordLinkCases,
  postHistoryCases,
  settingsAndUserCases,
  supporterCases,
};
