import { hindiCases } from './cases/hindi.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(hindiCases, useContractApp());
