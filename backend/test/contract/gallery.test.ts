import { galleryCases } from './cases/gallery.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(galleryCases, useContractApp());
