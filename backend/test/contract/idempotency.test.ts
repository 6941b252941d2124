import { idempotencyCases } from './cases/idempotency.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(idempotencyCases, useContractApp());
