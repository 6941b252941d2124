import { blogDocumentCases } from './cases/blog-documents.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(blogDocumentCases, useContractApp());
