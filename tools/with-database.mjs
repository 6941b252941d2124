// Runs a backend command with a database: `node tools/with-database.mjs <node arguments...>`.
//   npm start -w backend          node ../tools/with-database.mjs --enable-source-maps dist/main.js
//   npm run dev -w backend        node ../tools/with-database.mjs --import tsx --watch src/main.ts
//   npm run create-admin -w backend -- <email> <password>
// With MONGO_URL set it only runs the command. Otherwise it starts the database ladder
// (tools/database.mjs: FerretDB on PostgreSQL or SQLite in DATA_DIR/db) and hands the command its
// address as MONGO_URL, so the backend never knows of development databases and none of this is
// in the production image. A signal is passed on (SIGTERM drains the backend); the database
// stops after the command has exited.
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
