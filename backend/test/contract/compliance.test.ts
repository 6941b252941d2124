import { complianceCases, requestLimitBytes } from './cases/compliance.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(complianceCases, useContractApp({ env: { REQUEST_MAX_BYTES: String(requestLimitBytes) } }));
