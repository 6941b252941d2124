import { afterAll } from 'vitest';
import { startMailCatcher } from '../../../tools/mail-catcher.mjs';
import { quickMailEnv } from '../mail.js';
import { mailCases } from './cases/mail.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

const catcher = await startMailCatcher({ refuse: /^bounce@/ });
afterAll(() => catcher.stop());

runCases(mailCases, useContractApp({ env: { SMTP_URL: catcher.url, ...quickMailEnv } }));
