import { supporterCases } from './cases/supporters.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(supporterCases, useContractApp());
