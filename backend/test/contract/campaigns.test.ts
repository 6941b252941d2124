import { campaignCases } from './cases/campaigns.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

// The reminders and the day's turn are left to the tests that set the clock: here nothing runs in the background.
runCases(campaignCases, useContractApp({ env: { CAMPAIGN_WORK_MS: '0' } }));
