// Runs a backend command with a database: `node tools/with-database.mjs <node arguments...>` (npm
// start, npm run dev, create-admin). Without MONGO_URL it starts the ladder of database.mjs and hands
// its address over as MONGO_URL, so neither the backend nor its image knows of development databases.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDatabase, withDatabaseName } from './database.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('Usage: node tools/with-database.mjs <node arguments...>');
  process.exit(2);
}
const env = { ...process.env };
let database = null;

if (!env.MONGO_URL?.trim()) {
  // The backend's DATA_DIR rule (backend/src/config.ts): relative to the repository root.
  const dir = path.join(path.resolve(repoRoot, env.DATA_DIR?.trim() || 'data'), 'db');
  database = await startDatabase({ dir });
  env.MONGO_URL = withDatabaseName(database.url, 'ngo');
  // Only on a database made here may the backend invent the first admin's password.
  env.EMBEDDED_DATABASE = '1';
  console.log(`Database: ${database.kind} with ${database.storage} storage in ${dir} (${database.reason})`);
  if (database.storage === 'sqlite') {
    console.log('For large galleries install PostgreSQL (apt-get install postgresql): images are read much faster from it.');
  }
}

const child = spawn(process.execPath, args, { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', async (code, signal) => {
  await database?.stop().catch(() => undefined);
  process.exit(code ?? (signal ? 1 : 0));
});
