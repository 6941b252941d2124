import { accountAndMetaCases } from './cases/accounts-and-meta.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(accountAndMetaCases, useContractApp());
