import { authMatrixCases, makeSharedItems } from './cases/auth-matrix.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

// Every refusal leaves the database as it was, so they run side by side.
runCases(authMatrixCases, useContractApp(), { concurrent: { prepare: makeSharedItems } });
