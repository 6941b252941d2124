import { blogCases } from './cases/blogs.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(blogCases, useContractApp());
