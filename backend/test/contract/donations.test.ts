import { donationCases } from './cases/donations.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(donationCases, useContractApp());
