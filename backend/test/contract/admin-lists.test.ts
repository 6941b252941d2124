import { adminListCases } from './cases/admin-lists.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(adminListCases, useContractApp());
