import { afterAll } from 'vitest';
import { startMailCatcher } from '../../../tools/mail-catcher.mjs';
import { quickMailEnv } from '../mail.js';
import { newsletterCases } from './cases/newsletter.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

const catcher = await startMailCatcher({ refuse: /^bounce@/ });
afterAll(() => catcher.stop());

runCases(newsletterCases, useContractApp({ env: { SMTP_URL: catcher.url, ...quickMailEnv } }));
