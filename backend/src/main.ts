import { createServer } from 'node:http';
import { createApp, createLogger, requestListener } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { connectDatabase } from './database.js';
import { ensureFirstAdmin } from './features/auth/service.js';
import { convertPlainPosts, giveVersions } from './features/blogs/migration.js';
import { smtpServerOf } from './features/mail/transport.js';
import { seedPages } from './features/pages/service.js';
import { Lifecycle } from './http/lifecycle.js';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);

  // The embedded database of `npm start` is started by tools/with-database.mjs, which hands over its
  // address here; production sets MONGO_URL itself.
  const url = config.mongoUrl;
  if (!url) {
    throw new ConfigError('MONGO_URL is not set. Start the site with `npm start` (which starts an embedded database) or set MONGO_URL.');
  }
  const db = await connectDatabase(url, { timeoutMs: config.databaseTimeoutMs });

  const firstAdmin = await ensureFirstAdmin(db.models.AdminUser, {
    email: config.adminEmail,
    password: config.adminPassword,
    embeddedDatabase: config.embeddedDatabase,
  });

  const converted = await convertPlainPosts(db.models.Blog);
  if (converted) logger.info({ converted }, 'gave the posts saved as plain text their documents');
  const versioned = await giveVersions(db.models.Blog);
  if (versioned) logger.info({ versioned }, 'gave the posts saved before versions their version 1');

  // The editable pages' first content, inserted only where a page is not there yet (docs/pages.md).
  const seeded = await seedPages(db.models);
  if (seeded) logger.info({ seeded }, "loaded the editable pages' first content");

  const lifecycle = new Lifecycle();
  const app = createApp(config, { db, logger, lifecycle });
  const http = createServer(requestListener(app));
  // Slow uploads on poor connections still need time; idle keep-alive sockets do not.
  http.requestTimeout = 5 * 60 * 1000;
  http.keepAliveTimeout = 65 * 1000;
  await new Promise<void>((resolve) => http.listen(config.port, config.host, resolve));

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`NGO site listening on http://${shownHost}:${config.port} (API docs: /api/docs.php)`);
  if (firstAdmin.kind === 'created' && firstAdmin.generatedPassword) {
    console.log(`Admin login created: ${firstAdmin.email} / ${firstAdmin.generatedPassword} (shown once; keep it safe)`);
  } else if (firstAdmin.kind === 'created') {
    console.log(`Admin login created: ${firstAdmin.email} (password from ADMIN_PASSWORD)`);
  } else if (firstAdmin.kind === 'exists') {
    console.log(`Admin login: ${firstAdmin.email} (already exists; its password was not changed)`);
  }
  if (config.mail.smtpUrl) console.log(`Mail goes out through ${smtpServerOf(config.mail.smtpUrl)} from ${config.mail.from}`);
  else console.log('Mail is not being delivered: SMTP_URL is not set, so every mail waits in the outbox until it is (docs/mail.md)');

  // SIGTERM (a deploy) stops without dropping a request: drain (readiness says so, answers close
  // their connections), then refuse new connections, which nginx retries on another instance,
  // finish what is in flight, and exit. Ctrl-C (SIGINT) skips the drain.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.draining = true;
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    logger.info({ signal, drainMs }, 'shutting down');
    const forced = setTimeout(() => {
      logger.warn('shutdown took too long; exiting with requests still open');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forced.unref();
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    await new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeIdleConnections();
    });
    await lifecycle.stop();
    await db.close().catch(() => undefined);
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
