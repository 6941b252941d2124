import { imageCases } from './cases/images.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(imageCases, useContractApp());
