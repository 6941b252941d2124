import { inboxCases } from './cases/inbox.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(inboxCases, useContractApp());
