import { postHistoryCases } from './cases/post-history.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(postHistoryCases, useContractApp());
