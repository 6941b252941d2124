import { mediaLibraryCases } from './cases/media-library.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(mediaLibraryCases, useContractApp());
