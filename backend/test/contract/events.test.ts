import { eventCases } from './cases/events.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(eventCases, useContractApp());
