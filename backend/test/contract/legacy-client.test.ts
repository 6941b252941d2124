import { legacyClientCases } from './cases/legacy-client.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(legacyClientCases, useContractApp());
