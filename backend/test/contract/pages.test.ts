import { pageCases } from './cases/pages.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(pageCases, useContractApp());
