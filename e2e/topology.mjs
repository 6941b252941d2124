// The production topology without Docker: the database of tools/database.mjs, N backend instances
// and Debian's nginx with the project's config in front of them, all on 127.0.0.1. The same
// shape as docker-compose.yml (nginx -> backend x N -> MongoDB), used by the e2e suite and the
// contract fuzzing.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDatabase, withDatabaseName } from '../tools/database.mjs';
import { startLocalNginx, stopLeftoverNginx } from '../nginx/local.mjs';
import { startMailCatcher } from '../tools/mail-catcher.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const frontendDir = path.join(repoRoot, 'frontend');
export const frontendDist = path.join(frontendDir, 'dist');

// Overridable only to try the harness itself against a stand-in server.
const backendEntry = process.env.E2E_BACKEND_ENTRY ?? 'backend/src/main.ts';

/** Fixed for a run so tests and tools can log in; never used outside these loopback runs. */
export const runAdmin = Object.freeze({ email: 'e2e-admin@example.org', password: 'e2e-admin-password-1' });
/** Passed to the tests (E2E_JWT_SECRET), which sign tokens the server must accept or refuse. */
export const runJwtSecret = 'e2e-only-jwt-secret-0123456789abcdef0123456789';

const log = (message) => console.error(`[topology] ${message}`);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-server') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds the frontend when there is no build or a source file is newer than it. */
export function ensureFrontendBuild({ force = false } = {}) {
  const builtIndex = path.join(frontendDist, 'index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(newestMtime(frontendDir), newestMtime(path.join(repoRoot, 'openapi.yaml')));
  if (!force && builtAt > 0 && builtAt >= sourcesAt) {
    log('frontend build is up to date');
    return;
  }
  log('building the frontend (npm run build -w frontend)');
  const result = spawnSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error(`the frontend build failed (exit ${result.status})`);
  if (!existsSync(builtIndex)) throw new Error(`the frontend build wrote no ${builtIndex}`);
}

async function waitForHealth(url, { timeoutMs = 60000, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the process behind ${url} exited`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = await res.text();
      if (res.ok) return;
      last = `${res.status} ${body.slice(0, 200)}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} was not healthy within ${timeoutMs} ms (last: ${last})`);
}

// Every process a run starts is written down with a word of its command line, so that the next
// run can end what a killed run (SIGKILL, a closed terminal) left behind before reusing the ports.
function recordProcess(runDir, pid, marker) {
  appendFileSync(path.join(runDir, 'processes.jsonl'), `${JSON.stringify({ pid, marker })}\n`);
}

async function stopLeftovers(runDir) {
  await stopLeftoverNginx(path.join(runDir, 'nginx'));
  const file = path.join(runDir, 'processes.jsonl');
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const { pid, marker } = JSON.parse(line);
    let commandLine;
    try {
      commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone
    }
    if (!commandLine.includes(marker)) continue;
    log(`ending process ${pid} left by an earlier run`);
    process.kill(pid, 'SIGKILL');
  }
}

function tail(file, lines = 40) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** One backend instance (`node --import tsx backend/src/main.ts`) that can be killed and started again. */
class BackendInstance {
  constructor({ index, port, env, runDir }) {
    this.index = index;
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.env = env;
    this.runDir = runDir;
    this.logFile = path.join(runDir, `backend-${index + 1}.log`);
    this.child = null;
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start() {
    if (this.running) return;
    const out = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, ['--import', 'tsx', backendEntry], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    this.child = child;
    recordProcess(this.runDir, child.pid, backendEntry);
    try {
      await waitForHealth(`${this.url}/api/health.php?ready=1`, { isAlive: () => this.running });
    } catch (err) {
      await this.kill();
      throw new Error(`backend ${this.index + 1} did not start: ${err.message}\n--- ${this.logFile}\n${tail(this.logFile)}`);
    }
  }

  /** SIGKILL: the instance dies as a crashed process would, with requests in flight. */
  async kill(signal = 'SIGKILL') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill(signal);
    });
  }
}

/**
 * Starts the whole topology. Ports: nginx on `portBase`, backend i on `portBase + 1 + i`.
 * Returns a handle; `stop()` ends everything it started (also after a partial start).
 */
export async function startTopology({
  portBase = Number(process.env.E2E_PORT_BASE ?? 20000),
  backendCount = 2,
  // One folder per port base, so runs on different ports never stop each other's processes.
  runDir = path.join(repoRoot, '.tmp', `e2e-run-${portBase}`),
  backendEnv = {},
  build = true,
  // What nginx serves at / (the benchmark gives it a folder of its own files).
  staticRoot = frontendDist,
} = {}) {
  const started = [];
  const stop = async () => {
    for (const stopOne of started.reverse()) {
      try {
        await stopOne();
      } catch (err) {
        log(`while stopping: ${err.message}`);
      }
    }
  };
  try {
    if (build) ensureFrontendBuild();
    await stopLeftovers(runDir);
    rmSync(runDir, { recursive: true, force: true });
    mkdirSync(runDir, { recursive: true });

    const database = await startDatabase({ dir: path.join(runDir, 'db') });
    started.push(() => database.stop());
    if (database.pid) recordProcess(runDir, database.pid, 'ferretdb');
    const mongoUrl = withDatabaseName(database.url, 'ngo_e2e');
    log(`database: ${database.kind} at ${database.url}`);

    // A real SMTP server that keeps what it is sent: the tests read the mails from it.
    const mail = await startMailCatcher({ port: portBase + 80 });
    started.push(() => mail.stop());
    log(`mail: ${mail.url}`);

    const env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      MONGO_URL: mongoUrl,
      JWT_SECRET: runJwtSecret,
      ADMIN_EMAIL: runAdmin.email,
      ADMIN_PASSWORD: runAdmin.password,
      STATIC_DIR: '',
      TRUST_PROXY: '1',
      // nginx's address: the origin of the absolute URLs in rendered pages, the sitemap and the feed.
      PUBLIC_URL: `http://127.0.0.1:${portBase}`,
      LOG_LEVEL: 'warn',
      // Production turns the answer check off; here a reply that breaks openapi.yaml fails loudly.
      RESPONSE_CHECK: 'throw',
      // Page views are written in batches; a second keeps the analytics journey short.
      PAGE_VIEW_FLUSH_MS: '1000',
      SMTP_URL: mail.url,
      MAIL_FROM: '"NGO site" <no-reply@ngo-e2e.example>',
      MAIL_POLL_MS: '1000',
      MAIL_RETRY_MS: '1000',
      // Pledge reminders and the campaigns' day looked for every second, not every minute.
      CAMPAIGN_WORK_MS: '1000',
      // The legal dates' reminders would reach the admin's mailbox on days near a date; none here.
      DEADLINE_CHECK_MS: '0',
      ...backendEnv,
    };
    const backends = Array.from(
      { length: backendCount },
      (_, index) =>
        new BackendInstance({
          index,
          port: portBase + 1 + index,
          env: { ...env, DATA_DIR: path.join(runDir, `backend-${index + 1}-data`) },
          runDir,
        }),
    );
    started.push(() => Promise.all(backends.map((backend) => backend.kill('SIGTERM'))));
    // On a crash of this process (no stop()), the instances end with it.
    const killBackendsOnExit = () => backends.forEach((backend) => backend.child?.kill('SIGKILL'));
    process.once('exit', killBackendsOnExit);
    started.push(async () => process.removeListener('exit', killBackendsOnExit));
    // Together, as `docker compose up --scale backend=N` starts them: both create the first
    // admin at the same moment.
    await Promise.all(backends.map((backend) => backend.start()));
    log(`backends: ${backends.map((b) => b.url).join(', ')}`);

    const nginx = await startLocalNginx({
      port: portBase,
      backends: backends.map((backend) => `127.0.0.1:${backend.port}`),
      staticRoot,
      runDir: path.join(runDir, 'nginx'),
      requestMaxBytes: Number(env.REQUEST_MAX_BYTES ?? 52428800),
      jsonMaxBytes: Number(env.JSON_MAX_BYTES ?? 1048576),
      // The tests stand where a TLS proxy would: a probe "from" an address names it in X-Forwarded-For.
      trustedProxies: '127.0.0.1',
    });
    started.push(() => nginx.stop());
    await waitForHealth(`${nginx.url}/api/health.php`, { timeoutMs: 15000 });
    log(`nginx: ${nginx.url}`);

    return {
      baseUrl: nginx.url,
      admin: runAdmin,
      jwtSecret: env.JWT_SECRET,
      database,
      /** The backends' database, for tests that write rows the way an import would. */
      mongoUrl,
      backends,
      nginx,
      /** The SMTP server the backends send to, with every mail it received. */
      mail,
      runDir,
      stop,
      /** How many requests nginx has answered so far. */
      requestCount: () => nginx.accessLog().split('\n').filter(Boolean).length,
      /** Access-log lines where nginx had to try more than one backend for a request. */
      retriedRequests: () =>
        nginx
          .accessLog()
          .split('\n')
          .filter((line) => /upstream=\S+, /.test(line)),
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
