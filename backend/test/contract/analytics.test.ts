import { analyticsCases } from './cases/analytics.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

// Counts are written when the cases flush them (t.lifecycle.stop()), never behind their back.
// Small budgets, so a case can reach them: 6 distinct counts kept unwritten, 3 referring sites a day.
runCases(analyticsCases, useContractApp({ env: { PAGE_VIEW_FLUSH_MS: '600000', PAGE_VIEW_MAX_PENDING: '6', PAGE_VIEW_MAX_REFERRERS: '3' } }));
