// A private PostgreSQL cluster in a folder, for FerretDB's PostgreSQL storage. It needs only the
// server binaries of Debian's `postgresql` package; the system cluster that package may create
// (port 5432) is neither used nor touched.
//
// Layout of the cluster folder:
//   data/        the cluster (initdb on first use, reused afterwards)
//   run/         its unix socket (mode 0700): the only way in, trusted for the cluster's user
//   server.log   the server's log of the current run
//
// PostgreSQL refuses to run as root, so as root the server runs as the `postgres` system user
// and the folder is handed to it; otherwise it runs as the current user.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

const serverBinaries = ['postgres', 'initdb', 'pg_isready', 'createdb'];
export const ferretDatabaseName = 'ferretdb';

/**
 * The newest installed PostgreSQL whose server binaries are all present (`version` wanted: that
 * major version only), or null. PG_BIN_DIR names a bin folder explicitly.
 */
export function findPostgres({ version } = {}) {
  const candidates = process.env.PG_BIN_DIR
    ? [process.env.PG_BIN_DIR]
    : installedVersions()
        .filter((v) => version === undefined || v === String(version))
        .map((v) => `/usr/lib/postgresql/${v}/bin`);
  for (const binDir of candidates) {
    if (serverBinaries.every((name) => existsSync(path.join(binDir, name)))) {
      return { binDir, version: versionOf(binDir) };
    }
  }
  return null;
}

function installedVersions() {
  if (!existsSync('/usr/lib/postgresql')) return [];
  return readdirSync('/usr/lib/postgresql')
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
}

function versionOf(binDir) {
  const out = execFileSync(path.join(binDir, 'postgres'), ['--version'], { encoding: 'utf8' });
  return out.match(/(\d+)(?:\.\d+)?/)?.[1] ?? 'unknown';
}

/** The OS user the server runs as: `postgres` when we are root, else ourselves. */
export function clusterUser() {
  const me = userInfo();
  if (me.uid !== 0) return { name: me.username, uid: me.uid, gid: me.gid, switchUser: false };
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    return { name: 'postgres', uid, gid, switchUser: true };
  } catch {
    return null;
  }
}

// setpriv both drops root and sets a parent-death signal (applied after the uid change, so it
// survives it): if the Node process dies, even by SIGKILL, the server gets the signal and stops.
// The signal follows the thread that spawned the child, so spawn from the main thread.
function asClusterUser(user, deathSignal, command, args) {
  const ids = user.switchUser ? [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--init-groups'] : [];
  return ['setpriv', [...ids, '--pdeathsig', deathSignal, '--', command, ...args]];
}

function runAsClusterUser(user, cwd, command, args) {
  const [cmd, argv] = asClusterUser(user, 'KILL', command, args);
  return spawnSync(cmd, argv, { cwd, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
}

function chownTree(target, uid, gid) {
  chownSync(target, uid, gid);
  if (!lstatSync(target).isDirectory()) return;
  for (const name of readdirSync(target)) chownTree(path.join(target, name), uid, gid);
}

// Scratch folders from mkdtemp are 0700, which shuts the cluster's user out of a cluster made
// inside one. Inside the temp folder only, such folders get search permission (not listing).
function openTemporaryAncestors(root) {
  const temp = path.resolve(tmpdir());
  for (let folder = path.dirname(path.resolve(root)); folder.startsWith(temp + path.sep); folder = path.dirname(folder)) {
    const { mode } = statSync(folder);
    if ((mode & 0o001) === 0) chmodSync(folder, (mode & 0o7777) | 0o001);
  }
}

async function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// A unix socket path must fit in 107 bytes; a deep DATA_DIR gets a short socket folder in /tmp.
function socketFolder(root, user) {
  const inside = path.join(root, 'run');
  if (Buffer.byteLength(path.join(inside, '.s.PGSQL.65535.lock')) <= 100) {
    mkdirSync(inside, { recursive: true });
    return { dir: inside, temporary: false };
  }
  return { dir: mkdtempSync(path.join(tmpdir(), 'pg-run-')), temporary: true, user };
}

function failure(message, logFile) {
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-15).join('\n') : '';
  return new Error(log ? `${message}\n--- ${logFile} ---\n${log}` : message);
}

/**
 * Starts (creating on first use) a private cluster in `root` on a free loopback port and makes
 * sure the FerretDB database exists in it. `throwaway` turns durability off (fsync and friends)
 * for clusters whose data is deleted anyway. Resolves to the connection URL FerretDB needs.
 */
export async function startPostgres({ root, throwaway = false }) {
  const user = clusterUser();
  if (!user) throw new Error('PostgreSQL cannot run as root and there is no `postgres` system user to run it as');

  const dataDir = path.join(root, 'data');
  const existing = existsSync(path.join(dataDir, 'PG_VERSION')) ? readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim() : null;
  const pg = findPostgres(existing ? { version: existing } : {});
  if (!pg) {
    throw new Error(
      existing
        ? `${dataDir} was made by PostgreSQL ${existing}, whose server is not installed (apt-get install postgresql-${existing})`
        : 'no PostgreSQL server is installed (apt-get install postgresql)',
    );
  }
  const bin = (name) => path.join(pg.binDir, name);

  mkdirSync(root, { recursive: true });
  chmodSync(root, 0o700);
  if (user.switchUser) chownTree(root, user.uid, user.gid);
  if (user.switchUser) openTemporaryAncestors(root);
  const reachable = runAsClusterUser(user, '/', 'test', ['-w', root]);
  if (reachable.status !== 0) {
    throw new Error(`the ${user.name} user cannot write to ${root}: a folder above it is not open to that user (chmod o+x on each)`);
  }
  const logFile = path.join(root, 'server.log');

  if (!existing) {
    const init = runAsClusterUser(user, root, bin('initdb'), [
      '-D',
      dataDir,
      '-U',
      user.name,
      '--auth-local=trust',
      '--auth-host=reject',
      '--encoding=UTF8',
      '--locale=C',
      ...(throwaway ? ['--no-sync'] : []),
    ]);
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr || init.stdout}`);
    // Only the cluster's own user, only through the socket folder that only that user can open.
    writeFileSync(path.join(dataDir, 'pg_hba.conf'), `local all ${user.name} trust\n`);
    if (user.switchUser) chownSync(path.join(dataDir, 'pg_hba.conf'), user.uid, user.gid);
  }

  const sockets = socketFolder(root, user);
  chmodSync(sockets.dir, 0o700);
  if (user.switchUser) chownSync(sockets.dir, user.uid, user.gid);

  let server;
  let port;
  // Another process may take the probed port before the server binds it: try a few.
  for (let attempt = 1; ; attempt += 1) {
    port = await freeLoopbackPort();
    try {
      server = await launch({ user, bin, dataDir, socketDir: sockets.dir, port, logFile, throwaway });
      break;
    } catch (err) {
      const portTaken = existsSync(logFile) && /could not bind|Address already in use/.test(readFileSync(logFile, 'utf8'));
      if (!portTaken || attempt === 3) {
        if (sockets.temporary) rmSync(sockets.dir, { recursive: true, force: true });
        throw err;
      }
    }
  }

  const created = runAsClusterUser(user, root, bin('createdb'), ['-h', sockets.dir, '-p', String(port), '-U', user.name, ferretDatabaseName]);
  if (created.status !== 0 && !/already exists/.test(created.stderr)) {
    await server.stop();
    throw new Error(`createdb failed: ${created.stderr.trim()}`);
  }

  const url = `postgres://${encodeURIComponent(user.name)}@/${ferretDatabaseName}` + `?host=${encodeURIComponent(sockets.dir)}&port=${port}`;
  const stop = async () => {
    await server.stop();
    if (sockets.temporary) rmSync(sockets.dir, { recursive: true, force: true });
  };
  return { url, port, pid: server.pid, version: pg.version, created: !existing, socketDir: sockets.dir, signalNow: server.signalNow, stop };
}

async function launch({ user, bin, dataDir, socketDir, port, logFile, throwaway }) {
  const log = openSync(logFile, 'w');
  if (user.switchUser) chownSync(logFile, user.uid, user.gid);
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: socketDir,
    unix_socket_permissions: '0700',
    ...(throwaway ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
  };
  const args = ['-D', dataDir, '-p', String(port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  // SIGINT is PostgreSQL's fast shutdown: it does not wait for FerretDB's pooled connections.
  const [cmd, argv] = asClusterUser(user, 'INT', bin('postgres'), args);
  const child = spawn(cmd, argv, { cwd: path.dirname(dataDir), stdio: ['ignore', log, log], env: { ...process.env, LC_ALL: 'C' } });
  closeSync(log);

  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let down = false;
  void exited.then(() => {
    down = true;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (down) throw failure(`PostgreSQL exited while starting`, logFile);
    const probe = spawnSync(bin('pg_isready'), ['-q', '-h', socketDir, '-p', String(port), '-U', user.name, '-d', 'postgres']);
    if (probe.status === 0) break;
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw failure('PostgreSQL did not accept connections within 30 s', logFile);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const stop = async () => {
    if (!down) {
      child.kill('SIGINT');
      const slow = setTimeout(() => child.kill('SIGQUIT'), 15_000);
      await exited;
      clearTimeout(slow);
    }
  };
  const signalNow = () => {
    if (!down) child.kill('SIGINT');
  };
  return { pid: child.pid, stop, signalNow };
}
