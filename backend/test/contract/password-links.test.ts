import { afterAll } from 'vitest';
import { startMailCatcher } from '../../../tools/mail-catcher.mjs';
import { quickMailEnv } from '../mail.js';
import { passwordLinkCases, passwordLinkLimitForTests } from './cases/password-links.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());

runCases(passwordLinkCases, useContractApp({ env: { SMTP_URL: catcher.url, ...quickMailEnv, LOGIN_MAX_ATTEMPTS: passwordLinkLimitForTests } }));
