// The database ladder shared by `npm start`, the tests and the e2e suite: MONGO_URL when set, else
// mongodb-memory-server when a mongod can be had, else FerretDB (built by tools/ferretdb) on a private
// PostgreSQL cluster or SQLite files (chooseStorage()). Every rung speaks the same wire protocol.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { lookup } from 'node:dns/promises';
import { homedir } from 'node:os';
import { clusterUser, findPostgres, startPostgres } from './postgres.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const launcherDir = path.join(here, 'ferretdb');
export const launcherPath = path.join(launcherDir, 'ferretdb-launcher');

/** Builds the FerretDB launcher once; later calls reuse the binary. */
export function buildFerretLauncher({ quiet = false } = {}) {
  if (existsSync(launcherPath)) return launcherPath;
  if (!quiet) console.error('[database] building the FerretDB launcher (first run only)...');
  execFileSync('go', ['build', '-o', launcherPath, '.'], {
    cwd: launcherDir,
    stdio: quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'],
  });
  return launcherPath;
}

async function tryMemoryServer() {
  if (process.env.DB_LADDER_SKIP_MEMORY_SERVER === '1') return null;
  if (!(await memoryServerBinaryReachable())) {
    process.env.DB_LADDER_SKIP_MEMORY_SERVER = '1';
    return null;
  }
  try {
    const { MongoMemoryServer } = await import('mongodb-memory-server');
    const server = await Promise.race([MongoMemoryServer.create(), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 20_000))]);
    return { kind: 'mongodb-memory-server', url: server.getUri(), stop: () => server.stop() };
  } catch (err) {
    if (process.env.DB_LADDER_VERBOSE === '1') {
      console.error(`[database] mongodb-memory-server unavailable: ${err.message}`);
    }
    // Remember the answer for child processes started from here (tests, e2e).
    process.env.DB_LADDER_SKIP_MEMORY_SERVER = '1';
    return null;
  }
}

// mongodb-memory-server needs a mongod: a system binary, one in its cache, or its download site.
// Checking first keeps an offline machine from waiting on (and printing) three failed downloads.
async function memoryServerBinaryReachable() {
  if (process.env.MONGOMS_SYSTEM_BINARY) return true;
  const cache = process.env.MONGOMS_DOWNLOAD_DIR ?? path.join(homedir(), '.cache', 'mongodb-binaries');
  if (existsSync(cache) && readdirSync(cache).some((name) => name.startsWith('mongod'))) return true;
  try {
    await Promise.race([lookup('fastdl.mongodb.org'), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000))]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts FerretDB on a free loopback port. Resolves once the server accepts connections.
 *
 * `storage` 'sqlite' (the default) keeps SQLite files in `dir`; 'postgresql' runs a private
 * PostgreSQL cluster in `dir`/postgres (tools/postgres.mjs). Without `dir` a temporary folder is
 * used and removed on stop; such a PostgreSQL cluster also skips fsync.
 */
export async function startFerretDB({ dir, port = 0, host = '127.0.0.1', storage = 'sqlite' } = {}) {
  if (!storages.includes(storage)) throw new Error(`unknown FerretDB storage "${storage}" (sqlite or postgresql)`);
  buildFerretLauncher();
  const ownDir = !dir;
  const dataDir = dir ?? mkdtempSync(path.join(tmpdir(), 'ferretdb-'));
  mkdirSync(dataDir, { recursive: true });
  const removeOwnDir = () => {
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };

  let postgres = null;
  let command = launcherPath;
  let args = ['-listen', `${host}:${port}`, '-dir', dataDir];
  if (storage === 'postgresql') {
    try {
      postgres = await startPostgres({ root: path.join(dataDir, 'postgres'), throwaway: ownDir });
    } catch (err) {
      removeOwnDir();
      throw err;
    }
    // The launcher dies with this process too (parent-death signal), like the cluster under it.
    command = 'setpriv';
    args = ['--pdeathsig', 'TERM', '--', launcherPath, '-listen', `${host}:${port}`, '-handler', 'postgresql', '-postgresql-url', postgres.url];
  }

  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  // A plain process.exit() (no signal) runs this: the servers are told to stop, without waiting.
  const onExit = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    postgres?.signalNow();
  };
  process.on('exit', onExit);
  let url;
  try {
    url = await new Promise((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.once('line', (line) => resolve(line.trim()));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`FerretDB exited early with code ${code}`)));
    });
  } catch (err) {
    process.off('exit', onExit);
    await postgres?.stop();
    removeOwnDir();
    throw err;
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', onExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await postgres?.stop();
    removeOwnDir();
  };
  return { kind: 'ferretdb', storage, url, stop, pid: child.pid, postgresPid: postgres?.pid, dataDir };
}

const storages = ['sqlite', 'postgresql'];

/**
 * Which FerretDB storage startDatabase uses, and why: FERRETDB_STORAGE=sqlite|postgresql|auto.
 * `auto` (the default) takes PostgreSQL when its server is installed, except for a folder that
 * already holds SQLite data and no cluster: switching would show an empty site.
 */
export function chooseStorage({ dir } = {}) {
  const wanted = process.env.FERRETDB_STORAGE || 'auto';
  if (storages.includes(wanted)) return { storage: wanted, reason: 'FERRETDB_STORAGE' };
  if (wanted !== 'auto') throw new Error(`FERRETDB_STORAGE must be sqlite, postgresql or auto, not "${wanted}"`);
  if (!findPostgres()) return { storage: 'sqlite', reason: 'no PostgreSQL server installed' };
  if (!clusterUser()) return { storage: 'sqlite', reason: 'running as root without a postgres system user' };
  if (dir && existsSync(dir)) {
    const hasCluster = existsSync(path.join(dir, 'postgres', 'data', 'PG_VERSION'));
    const hasSqliteData = readdirSync(dir).some((name) => name.endsWith('.sqlite'));
    if (hasSqliteData && !hasCluster) return { storage: 'sqlite', reason: `${dir} already holds SQLite data` };
  }
  return { storage: 'postgresql', reason: 'PostgreSQL server installed' };
}

/**
 * Walks the ladder. `dir` is where FerretDB keeps its data when it is the rung used (SQLite files
 * in it, or a PostgreSQL cluster in `dir`/postgres). Resolves to { kind, storage, reason, url, stop }.
 */
export async function startDatabase({ dir } = {}) {
  if (process.env.MONGO_URL) {
    return { kind: 'external', storage: 'external', reason: 'MONGO_URL', url: process.env.MONGO_URL, stop: async () => {} };
  }
  const memory = await tryMemoryServer();
  if (memory) return { ...memory, storage: 'mongodb', reason: 'mongod binary available' };
  const { storage, reason } = chooseStorage({ dir });
  const hadCluster = dir !== undefined && existsSync(path.join(dir, 'postgres', 'data', 'PG_VERSION'));
  try {
    return { ...(await startFerretDB({ dir, storage })), reason };
  } catch (err) {
    // A PostgreSQL picked by `auto` that cannot start on a new folder costs nothing to skip; one
    // that already holds the site's data must not be swapped for an empty SQLite store.
    if (storage !== 'postgresql' || reason === 'FERRETDB_STORAGE' || hadCluster) throw err;
    console.error(`[database] PostgreSQL storage did not start, using SQLite: ${err.message}`);
    return { ...(await startFerretDB({ dir, storage: 'sqlite' })), reason: 'PostgreSQL did not start' };
  }
}

/** Adds a database name to a server URL: mongodb://host:port/ -> mongodb://host:port/name */
export function withDatabaseName(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
