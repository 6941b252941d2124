// The database ladder shared by `npm start`, the tests and the e2e suite:
//   1. MONGO_URL when set (a real MongoDB, e.g. the compose service);
//   2. mongodb-memory-server when a mongod binary can be had (MONGOMS_SYSTEM_BINARY, its cache,
//      or a download on a machine with internet);
//   3. FerretDB (MongoDB wire protocol, SQLite storage in a folder), built from the Go module
//      proxy by tools/ferretdb on first use.
// Every rung speaks the same wire protocol to the same driver, so nothing above this file knows
// which one it got.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { lookup } from 'node:dns/promises';
import { homedir } from 'node:os';

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
    const server = await Promise.race([
      MongoMemoryServer.create(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 20_000)),
    ]);
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
    await Promise.race([
      lookup('fastdl.mongodb.org'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts FerretDB on a free loopback port with its data in `dir` (a fresh temporary folder when
 * omitted, removed on stop). Resolves once the server accepts connections.
 */
export async function startFerretDB({ dir, port = 0, host = '127.0.0.1' } = {}) {
  buildFerretLauncher();
  const ownDir = !dir;
  const dataDir = dir ?? mkdtempSync(path.join(tmpdir(), 'ferretdb-'));
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(launcherPath, ['-listen', `${host}:${port}`, '-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve(line.trim()));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`FerretDB exited early with code ${code}`)));
  });
  let stopped = false;
  const stop = () =>
    new Promise((resolve) => {
      if (stopped || child.exitCode !== null) {
        stopped = true;
        if (ownDir) rmSync(dataDir, { recursive: true, force: true });
        return resolve();
      }
      stopped = true;
      child.once('exit', () => {
        if (ownDir) rmSync(dataDir, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { kind: 'ferretdb', url, stop, pid: child.pid, dataDir };
}

/** Walks the ladder. `dir` is where FerretDB keeps its files when it is the rung used. */
export async function startDatabase({ dir } = {}) {
  if (process.env.MONGO_URL) {
    return { kind: 'external', url: process.env.MONGO_URL, stop: async () => {} };
  }
  return (await tryMemoryServer()) ?? (await startFerretDB({ dir }));
}

/** Adds a database name to a server URL: mongodb://host:port/ -> mongodb://host:port/name */
export function withDatabaseName(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
