// Every case table, by the name its test file passes to runCases(). coverage.test.ts reads
// this list; a table left out here, or not run by any test file, fails it.
import { accountAndMetaCases } from './accounts-and-meta.js';
import { analyticsCases } from './analytics.js';
import { authMatrixCases } from './auth-matrix.js';
import { badInputCases } from './bad-input.js';
import { blogCases } from './blogs.js';
import { galleryCases } from './gallery.js';
import { hindiCases } from './hindi.js';
import { idempotencyCases } from './idempotency.js';
import { imageCases } from './images.js';
import { legacyClientCases } from './legacy-client.js';
import { messageCases } from './messages.js';
import { outageCases } from './outage.js';
import { settingsAndUserCases } from './settings-and-users.js';

export const caseTables = {
  accountAndMetaCases,
  analyticsCases,
  authMatrixCases,
  badInputCases,
  blogCases,
  galleryCases,
  hindiCases,
  idempotencyCases,
  imageCases,
  legacyClientCases,
  messageCases,
  outageCases,
  settingsAndUserCases,
};
