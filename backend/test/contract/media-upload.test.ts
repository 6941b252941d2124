import { mediaUploadCases } from './cases/media-upload.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(mediaUploadCases, useContractApp());
