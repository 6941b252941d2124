// Fails when openapi.yaml has an operation, or documents a status, that no contract case
// exercises. It reads the case tables themselves (plain data, imported without running them)
// and the test files' source, so it does not depend on which file vitest runs first: a case
// counts because runCases() turns it into a test that fails unless that very status comes back.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { caseTables } from './cases/index.js';
import { contract } from './support/cases.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const key = (operationId: string, status: number | string) => `${operationId} ${status}`;

const documented = contract.operations.flatMap((operation) => [...operation.responses.keys()].map((status) => key(operation.operationId, status)));
const exercised = new Map<string, string[]>();
for (const [tableName, table] of Object.entries(caseTables)) {
  for (const definition of table.cases) {
    const pair = key(definition.operationId, definition.status);
    exercised.set(pair, [...(exercised.get(pair) ?? []), `${tableName}: ${definition.name}`]);
  }
}

describe('contract coverage of openapi.yaml', () => {
  it('reads a contract with operations and statuses (nothing to cover would prove nothing)', () => {
    expect(contract.operations.length).toBeGreaterThanOrEqual(18);
    expect(documented.length).toBeGreaterThan(contract.operations.length * 2);
    for (const table of Object.values(caseTables)) expect(table.cases.length, table.name).toBeGreaterThan(0);
  });

  it('exercises every operation and every status it documents', () => {
    const missing = documented.filter((pair) => !exercised.has(pair));
    expect(missing, 'documented in openapi.yaml but never exercised').toEqual([]);
  });

  it('expects no status that openapi.yaml does not document', () => {
    const undocumented = [...exercised.keys()].filter((pair) => !documented.includes(pair));
    expect(undocumented, 'cases expecting statuses the contract does not have').toEqual([]);
  });

  it('lets every write be retried safely: each declares the Idempotency-Key header', () => {
    // Login changes nothing a retry could double, and its answer (a token) is not for keeping.
    // A page-view beacon (trackPageView) cannot set headers and is never retried; a view counted
    // twice changes no one's data. A password change ends the session that sent it, so a repeat is
    // refused (401) before any key could be looked at; its answer is a token too. A logout ends
    // the session that sent it: a repeat is refused (401), which leaves it ended as asked.
    // Checking a password link changes nothing; its answer (an account's address) is not for keeping.
    // A link to one's own page works once: a repeat is refused (404), and the answer is a session.
    // The other writes of one's own page set a state (a correction, a withdrawal, a nominee, a language, the
    // end of a session, an erasure): a repeat changes nothing more, or is refused once the session
    // ended; and a stored answer would be one more copy of what the person asked to have erased.
    // Confirming a subscription and unsubscribing (a mailed link's token is their credential, and a
    // mail provider's one-click post sends no key) leave it as they found it when repeated.
    const exempt = new Set([
      'login',
      'trackPageView',
      'changePassword',
      'logout',
      'checkPasswordLink',
      'openMySession',
      'endMySession',
      'updateMyRegistration',
      'withdrawMyRegistration',
      'saveMyNominee',
      'deleteMyNominee',
      'withdrawMyConsent',
      'updateMyNewsletter',
      'eraseMe',
      'confirmSubscription',
      'unsubscribe',
    ]);
    const writes = contract.operations.filter((operation) => operation.method !== 'get' && !exempt.has(operation.operationId));
    expect(writes.length).toBeGreaterThan(5);
    const without = writes.filter((operation) => !operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'));
    expect(
      without.map((operation) => operation.operationId),
      'writes without Idempotency-Key',
    ).toEqual([]);
  });

  it('runs every case table in exactly one test file, and only registered tables', () => {
    const runs = new Map<string, string[]>();
    for (const file of readdirSync(here).filter((name) => name.endsWith('.test.ts'))) {
      for (const match of readFileSync(path.join(here, file), 'utf8').matchAll(/runCases\((\w+)/g)) {
        runs.set(match[1]!, [...(runs.get(match[1]!) ?? []), file]);
      }
    }
    for (const tableName of Object.keys(caseTables)) expect(runs.get(tableName), `${tableName} is run by`).toHaveLength(1);
    expect([...runs.keys()].sort()).toEqual(Object.keys(caseTables).sort());
  });
});
