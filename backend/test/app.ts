// The test harness: a real database server (the ladder of tools/database.mjs: MONGO_URL, else
// FerretDB) with a database of its own, the app built by createApp(), an admin account, and
// helpers for tokens and for checking answers against openapi.yaml.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import supertest from 'supertest';
import { expect } from 'vitest';
import { createApp, createLogger, requestListener } from '../src/app.js';
import { Lifecycle } from '../src/http/lifecycle.js';
import { loadConfig, type Config } from '../src/config.js';
import { connectDatabase, type Database } from '../src/database.js';
import { createAdmin } from '../src/features/auth/service.js';
import { seedPages } from '../src/features/pages/service.js';
import { loadOpenApi, type OpenApi } from '../src/http/openapi.js';
// @ts-expect-error: the database ladder is a plain ES module shared with main.ts and e2e.
import { chooseStorage, startFerretDB, withDatabaseName } from '../../tools/database.mjs';

interface DatabaseServer {
  kind: string;
  url: string;
  pid?: number;
  stop: () => Promise<void>;
}

export interface TestDatabase extends Database {
  /** mongodb://host:port/<this file's database> */
  url: string;
  /** 'ferretdb' or 'external' (MONGO_URL). */
  kind: string;
  /** Stops the database server (FerretDB only): requests then meet a database that is away. */
  stopServer(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  startServer(): Promise<void>;
  /** Stops the server's process where it is (SIGSTOP): commands sent meanwhile wait, and are carried out on resumeServer(). */
  hangServer(): void;
  resumeServer(): void;
}

export interface TestApp {
  /** supertest bound to the running app: `request.get('/api/get_blogs.php')`. */
  request: ReturnType<typeof supertest>;
  /** http://127.0.0.1:<port> of the running app, for clients other than supertest. */
  url: string;
  config: Config;
  db: TestDatabase;
  admin: { email: string; password: string; id: string };
  /** A valid admin token for the seeded admin. */
  adminToken(): string;
  /** The app's shutdown state: set `draining` to play an instance that was told to stop. */
  lifecycle: Lifecycle;
  /** Any token: another role, an expiry in seconds (negative: already expired), another secret. */
  makeToken(options?: { role?: string; expiresIn?: number; secret?: string; sub?: string; algorithm?: jwt.Algorithm }): string;
  stop(): Promise<void>;
}

let openApi: OpenApi | undefined;
const contract = () => (openApi ??= loadOpenApi());

/** Fails the test when the answer is not one openapi.yaml documents for this operation. */
export function expectMatchesSpec(res: { status: number; headers: Record<string, string | string[] | undefined>; body: unknown }, operationId: string): void {
  const contentType = res.headers['content-type'];
  const problems = contract().checkResponse(operationId, res.status, Array.isArray(contentType) ? contentType[0] : contentType, res.body);
  expect(problems, `answer of ${operationId} (${res.status}) against openapi.yaml`).toEqual([]);
}

export interface StartTestAppOptions {
  /** Environment variables for loadConfig (e.g. UPLOAD_MAX_BYTES, LOGIN_MAX_ATTEMPTS, JWT_TTL). */
  env?: Record<string, string>;
  /** The app's clock for time-based work (event reminders); the real one by default. */
  clock?: () => Date;
  /**
   * FerretDB's storage: 'sqlite' (the default: quick to start), or 'embedded': what `npm start`
   * runs on this machine (PostgreSQL when installed). SQLite runs one write at a time, so a test
   * of concurrent writers asks for 'embedded', where FerretDB's read-then-write races show.
   */
  storage?: 'sqlite' | 'embedded';
}

export async function startTestApp({ env = {}, storage = 'sqlite', clock }: StartTestAppOptions = {}): Promise<TestApp> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'ngo-backend-test-'));
  const databaseName = `test_${randomBytes(6).toString('hex')}`;

  let server: DatabaseServer | undefined;
  let serverUrl: string;
  let ferretPort = 0;
  const ferretDir = path.join(scratch, 'db');
  const startFerret = async () => {
    const chosen = storage === 'embedded' ? (chooseStorage({}) as { storage: string }).storage : 'sqlite';
    server = (await startFerretDB({ dir: ferretDir, port: ferretPort, storage: chosen })) as DatabaseServer;
    ferretPort = Number(new URL(server.url).port);
    return server.url;
  };
  if (process.env.MONGO_URL) {
    serverUrl = process.env.MONGO_URL;
  } else {
    serverUrl = await startFerret();
  }
  const url = withDatabaseName(serverUrl, databaseName) as string;

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(scratch, 'data'),
    STATIC_DIR: '',
    PAGES_DIR: '',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RESPONSE_CHECK: 'throw',
    // Every test sends from 127.0.0.1: the form limit's own tests set it lower.
    FORM_MAX_SENDS: '1000',
    // The legal dates' reminders run when a test calls them, on the day it sets.
    DEADLINE_CHECK_MS: '0',
    ...env,
  });
  const database = await connectDatabase(url, { timeoutMs: config.databaseTimeoutMs });

  const admin = { email: 'admin@example.test', password: 'correct horse battery staple', id: '' };
  await createAdmin(database.models.AdminUser, admin.email, admin.password);
  admin.id = (await database.models.AdminUser.findOne({ email: admin.email }).lean())!._id.toHexString();
  // As main.ts does at start-up.
  await seedPages(database.models);

  const lifecycle = new Lifecycle();
  const app = createApp(config, { db: database, lifecycle, clock });
  const http: Server = createServer(requestListener(app));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const appUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const makeToken: TestApp['makeToken'] = ({ role = 'admin', expiresIn = 3600, secret = config.jwtSecret, sub = admin.id, algorithm = 'HS256' } = {}) =>
    jwt.sign({ role, sub, exp: Math.floor(Date.now() / 1000) + expiresIn }, secret, { algorithm });

  const db: TestDatabase = {
    ...database,
    url,
    kind: server?.kind ?? 'external',
    async stopServer() {
      if (!server) throw new Error('stopServer needs the FerretDB rung (MONGO_URL is set)');
      await server.stop();
    },
    async startServer() {
      if (!server) throw new Error('startServer needs the FerretDB rung (MONGO_URL is set)');
      await startFerret();
    },
    hangServer() {
      if (!server?.pid) throw new Error('hangServer needs the FerretDB rung (MONGO_URL is set)');
      process.kill(server.pid, 'SIGSTOP');
    },
    resumeServer() {
      if (!server?.pid) throw new Error('resumeServer needs the FerretDB rung (MONGO_URL is set)');
      process.kill(server.pid, 'SIGCONT');
    },
  };

  return {
    request: supertest(http),
    url: appUrl,
    config,
    db,
    admin,
    adminToken: () => makeToken(),
    makeToken,
    lifecycle,
    async stop() {
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
      await lifecycle.stop();
      if (!server) await database.connection.dropDatabase().catch(() => undefined);
      await database.close().catch(() => undefined);
      await server?.stop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

export interface SecondInstance {
  /** supertest bound to the second app. */
  request: ReturnType<typeof supertest>;
  db: Database;
  stop(): Promise<void>;
}

/**
 * Another app instance on the same database with a connection of its own, as a second backend
 * behind nginx: writes from both at once meet in the database as they would in production.
 */
export async function startSecondInstance(t: TestApp, { clock }: { clock?: () => Date } = {}): Promise<SecondInstance> {
  const db = await connectDatabase(t.db.url, { timeoutMs: t.config.databaseTimeoutMs });
  const lifecycle = new Lifecycle();
  const request = supertest(requestListener(createApp(t.config, { db, lifecycle, clock, logger: createLogger({ logLevel: 'silent' }) })));
  return {
    request,
    db,
    async stop() {
      await lifecycle.stop();
      await db.close().catch(() => undefined);
    },
  };
}
