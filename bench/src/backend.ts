// The real backend built in this process, as backend/test/app.ts does it, but configured like
// production (no response checking against the contract, logs written and thrown away) so the
// numbers are what a visitor would get. The database is FerretDB from tools/database.mjs, or
// MONGO_URL when set.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { createApp, requestListener } from '../../backend/src/app.js';
import { loadConfig } from '../../backend/src/config.js';
import { connectDatabase, type Database } from '../../backend/src/database.js';
import { createAdmin } from '../../backend/src/features/auth/service.js';
// @ts-expect-error: the database ladder is a plain ES module shared with the backend and e2e.
import { startFerretDB, withDatabaseName } from '../../tools/database.mjs';
import { logIn } from './http.js';
import { benchPort, listenInRange } from './ports.js';

export interface BenchBackend {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Where the database came from: 'ferretdb' or 'external'. */
  databaseKind: string;
  adminToken: string;
  /** The app's own database connection, for timing its queries alone. */
  database: Database;
  /** The database server (no database name), for sections that need databases of their own. */
  serverUrl: string;
  stop(): Promise<void>;
}

interface DatabaseServer {
  kind: string;
  url: string;
  stop: () => Promise<void>;
}

async function startFerretInRange(from: number): Promise<DatabaseServer> {
  let lastError: unknown;
  for (let port = from; port < from + 10; port++) {
    try {
      return (await startFerretDB({ port })) as DatabaseServer;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

export async function startBenchBackend({ scratchDir, staticDir }: { scratchDir: string; staticDir: string }): Promise<BenchBackend> {
  const databaseServer: DatabaseServer = process.env.MONGO_URL
    ? { kind: 'external', url: process.env.MONGO_URL, stop: async () => {} }
    : await startFerretInRange(benchPort(17));
  const databaseName = `bench_${randomBytes(4).toString('hex')}`;
  let database: Database | undefined;
  let http: Server | undefined;
  try {
    mkdirSync(scratchDir, { recursive: true });
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: path.join(scratchDir, 'data'),
      STATIC_DIR: staticDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      RESPONSE_CHECK: 'off',
      LOG_LEVEL: 'info',
      // The benchmark logs in once; the limiter is not what is measured.
      LOGIN_MAX_ATTEMPTS: '1000',
    });
    database = await connectDatabase(withDatabaseName(databaseServer.url, databaseName) as string, { timeoutMs: config.databaseTimeoutMs });
    const admin = { email: 'bench@example.test', password: randomBytes(12).toString('hex') };
    await createAdmin(database.models.AdminUser, admin.email, admin.password);

    // Production logs every request; writing them to /dev/null keeps that cost in the numbers.
    const logger = pino({ level: config.logLevel, base: undefined }, pino.destination({ dest: '/dev/null', sync: false }));
    const app = createApp(config, { db: database, logger });
    http = createServer(requestListener(app));
    http.keepAliveTimeout = 65_000;
    const port = await listenInRange(http, benchPort(80));
    const url = `http://127.0.0.1:${port}`;
    const adminToken = await logIn(url, admin);

    const openDatabase = database;
    const openHttp = http;
    return {
      url,
      databaseKind: databaseServer.kind,
      adminToken,
      database: openDatabase,
      serverUrl: databaseServer.url,
      async stop() {
        await new Promise<void>((resolve) => {
          openHttp.close(() => resolve());
          openHttp.closeAllConnections();
        });
        await openDatabase.connection.dropDatabase().catch(() => undefined);
        await openDatabase.close().catch(() => undefined);
        await databaseServer.stop();
        rmSync(scratchDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    http?.close();
    await database?.close().catch(() => undefined);
    await databaseServer.stop();
    rmSync(scratchDir, { recursive: true, force: true });
    throw error;
  }
}
