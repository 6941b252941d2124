// Contract cases: one request, the status openapi.yaml documents for it, and what must hold
// afterwards. Tables of cases are plain data (importing one registers no test), so
// coverage.test.ts can read every table and prove each documented status is exercised;
// runCases() turns a table into tests in the file that runs it.
import type { Response } from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { loadOpenApi } from '../../../src/http/openapi.js';
import { expectMatchesSpec } from '../../app.js';
import { expectNoOrphanFiles, expectUnchanged, snapshot, type CollectionName } from './database-state.js';
import type { ContractApp, Fixture } from './fixture.js';

export const contract = loadOpenApi();

export interface ContractCase<Arranged = unknown> {
  /** What is sent, in words. */
  name: string;
  operationId: string;
  /** The one status the answer must have (documented for the operation in openapi.yaml). */
  status: number;
  /** Prepares what the request needs (items to aim at); runs before the "before" snapshot. */
  arrange?: (fx: Fixture) => Promise<Arranged>;
  send: (fx: Fixture, arranged: Arranged) => PromiseLike<Response>;
  /** Further checks on the answer and the database. */
  check?: (res: Response, fx: Fixture, arranged: Arranged) => void | Promise<void>;
  /**
   * Collections the request may change. By default a refused request and a read change
   * nothing at all; a successful write may change anything (its `check` says what).
   */
  changes?: CollectionName[];
}

export interface CaseTable {
  name: string;
  cases: ContractCase[];
  /** Run while the database server is stopped (no per-case database checks then). */
  databaseDown?: boolean;
}

type CaseSteps<Arranged> = Omit<ContractCase<Arranged>, 'operationId' | 'status' | 'name'>;

/**
 * One case, led by what its test is named after (operation → status: what is sent); keeps each
 * case's arranged type while the table holds them side by side. A whole definition object works too.
 */
export function contractCase<Arranged>(definition: ContractCase<Arranged>): ContractCase;
export function contractCase<Arranged>(operationId: string, status: number, name: string, steps: CaseSteps<Arranged>): ContractCase;
export function contractCase<Arranged>(first: string | ContractCase<Arranged>, status?: number, name?: string, steps?: CaseSteps<Arranged>): ContractCase {
  const definition = typeof first === 'string' ? { operationId: first, status: status ?? 0, name: name ?? '', ...steps } : first;
  return definition as ContractCase<unknown>;
}

/** A public list read again with the ETag it answered: 304, and nothing sent. */
export const listRevalidated = (operationId: string, path: string, name: string, arrange: (fx: Fixture) => Promise<unknown>) =>
  contractCase(operationId, 304, name, {
    arrange: async (fx) => {
      await arrange(fx);
      return (await fx.request.get(path)).headers.etag as string;
    },
    send: (fx, etag) => fx.request.get(path).set('If-None-Match', etag),
    check: (res, _fx, etag) => {
      expect(etag).toMatch(/^"v\d+-/);
      expect(res.text ?? '').toBe('');
    },
  });

export function defineCases(name: string, cases: ContractCase[], options: { databaseDown?: boolean } = {}): CaseTable {
  return { name, cases, ...options };
}

const isRead = (operationId: string) => contract.byId.get(operationId)?.method === 'get';

/** The checks every answer gets: the exact status, the contract's shape, and the failure conventions. */
export function expectAnswer(res: Response, operationId: string, status: number) {
  expect(res.status, `${operationId} answered ${res.status}: ${res.text?.slice(0, 500)}`).toBe(status);
  expectMatchesSpec(res, operationId);
  if (status >= 400 && operationId !== 'getHealth') {
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(5);
  }
  // Token refusals name the scheme; a wrong password at login is not a token problem.
  if (status === 401 && contract.byId.get(operationId)?.adminOnly) expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
  if (status === 429 || status === 503) expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  // Answers with a token or personal data (every secured operation, every write) are never stored.
  const operation = contract.byId.get(operationId);
  if (operation?.adminOnly || operation?.method !== 'get') expect(res.headers['cache-control'], 'Cache-Control').toMatch(/\bno-store\b/);
}

export interface RunOptions {
  /**
   * Runs side by side (at most vitest.config.ts's maxConcurrency at a time) the cases that must
   * leave the database as it was: refusals and reads that declare no `changes`, and on a table
   * that checks the database, no upload (a refused upload may store its files, then remove them).
   * Each such case still compares the whole database before and after its own request, so a
   * request that changes anything fails its case whatever runs beside it. The other cases run
   * alone, in the table's order. `prepare` makes, before any case, every shared item the cases'
   * `arrange` reach: an arrange that wrote while another case compares would fail that case.
   */
  concurrent?: { prepare?: (fx: Fixture) => Promise<unknown> };
}

const leavesDatabaseAsItWas = (table: CaseTable, definition: ContractCase) =>
  !definition.changes &&
  (definition.status >= 400 || isRead(definition.operationId)) &&
  (table.databaseDown || contract.byId.get(definition.operationId)?.bodyMediaType !== 'multipart/form-data');

export function runCases(table: CaseTable, app: ContractApp, options: RunOptions = {}) {
  const { concurrent } = options;
  if (concurrent?.prepare) {
    const { prepare } = concurrent;
    beforeAll(() => prepare(app.fx));
  }
  for (const definition of table.cases) {
    const test = concurrent && leavesDatabaseAsItWas(table, definition) ? it.concurrent : it;
    test(`${definition.operationId} → ${definition.status}: ${definition.name}`, async () => {
      const { fx } = app;
      const arranged = definition.arrange ? await definition.arrange(fx) : undefined;
      const before = table.databaseDown ? undefined : await snapshot(fx.t);
      const res = await definition.send(fx, arranged);
      expectAnswer(res, definition.operationId, definition.status);
      await definition.check?.(res, fx, arranged);
      if (!before) return;
      const successfulWrite = definition.status < 400 && !isRead(definition.operationId);
      if (!successfulWrite || definition.changes) expectUnchanged(before, await snapshot(fx.t), definition.changes);
      await expectNoOrphanFiles(fx.t);
    });
  }
}
