import { contactLimitForTests, messageCases } from './cases/messages.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

runCases(messageCases, useContractApp({ env: { CONTACT_MAX_MESSAGES: contactLimitForTests } }));
