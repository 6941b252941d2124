import { scheduleCases } from './cases/schedule.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(scheduleCases, useContractApp());
