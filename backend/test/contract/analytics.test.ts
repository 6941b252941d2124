import { analyticsCases } from './cases/analytics.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

// Counts are written when the cases flush them (t.lifecycle.stop()), never behind their back.
runCases(analyticsCases, useContractApp({ env: { PAGE_VIEW_FLUSH_MS: '600000' } }));
