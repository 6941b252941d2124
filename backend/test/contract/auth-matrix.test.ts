import { authMatrixCases } from './cases/auth-matrix.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(authMatrixCases, useContractApp());
