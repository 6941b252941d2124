// A second app instance on a test app's database, with its own connection, as a second backend
// behind nginx would be: what the invariant tests contend with.
import supertest from 'supertest';
import { createApp, createLogger, requestListener } from '../src/app.js';
import { connectDatabase } from '../src/database.js';
import { Lifecycle } from '../src/http/lifecycle.js';
import type { TestApp } from './app.js';

export async function anotherInstance(t: TestApp) {
  const db = await connectDatabase(t.db.url, { timeoutMs: t.config.databaseTimeoutMs });
  const lifecycle = new Lifecycle();
  const request = supertest(requestListener(createApp(t.config, { db, lifecycle, logger: createLogger({ logLevel: 'silent' }) })));
  return {
    request,
    db,
    async stop() {
      await lifecycle.stop();
      await db.close();
    },
  };
}
