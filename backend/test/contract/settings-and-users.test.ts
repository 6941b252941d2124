import { settingsAndUserCases } from './cases/settings-and-users.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(settingsAndUserCases, useContractApp());
