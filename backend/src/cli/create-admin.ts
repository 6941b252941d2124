// Creates an admin account: npm run create-admin -w backend -- <email> <password>
// Uses MONGO_URL, or the embedded database in DATA_DIR when it is unset (stop `npm start` first
// when that one is running: FerretDB keeps its folder to itself).
import path from 'node:path';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../database.js';
import { AdminAccountError, createAdmin } from '../features/auth/service.js';
// @ts-expect-error: the database ladder is a plain ES module shared with the tests and e2e.
import { startDatabase } from '../../../tools/database.mjs';

const [email, password] = process.argv.slice(2);
if (!email || !password) {
  console.error('Usage: npm run create-admin -w backend -- <email> <password>');
  process.exit(2);
}

const config = loadConfig();
const server = config.mongoUrl
  ? undefined
  : ((await startDatabase({ dir: path.join(config.dataDir, 'db') })) as { url: string; stop: () => Promise<void> });
const db = await connectDatabase(config.mongoUrl ?? new URL('ngo', server!.url).toString(), { timeoutMs: config.databaseTimeoutMs });
let exitCode = 0;
try {
  const created = await createAdmin(db.models.AdminUser, email, password);
  console.log(created ? `Admin ${email.trim().toLowerCase()} created` : `An admin with the e-mail ${email} already exists; nothing changed`);
  exitCode = created ? 0 : 1;
} catch (error) {
  console.error(error instanceof AdminAccountError ? error.message : error);
  exitCode = 1;
} finally {
  await db.close();
  await server?.stop();
}
process.exit(exitCode);
