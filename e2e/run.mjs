// `npm run test:e2e`: the whole site through the production topology, in a real browser.
//
//   node e2e/run.mjs [-- vitest args]     build the frontend if needed, start the database, two
//                                         backends and nginx, run e2e/*.test.ts, tear down
//   node e2e/run.mjs --serve              start the topology and keep it up until Ctrl-C
//   node e2e/run.mjs --exec -- CMD ARGS   start it, run CMD with the E2E_* variables, tear down
//                                         (fuzz/run.sh uses this)
//   --no-build                            use frontend/dist as it is (or none: API only)
//
// The tests and commands get: E2E_BASE_URL (nginx), E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD,
// E2E_JWT_SECRET (the backends' secret, to sign expired or short-lived tokens), E2E_ARTIFACTS_DIR
// (screenshots, kept by CI) and E2E_CONTROL_URL (kill or start a backend instance, read nginx's
// retries, read the mails the backends sent; see e2e/README.md) and E2E_MONGO_URL (the backends'
// database, for rows written as an import would write them).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startTopology } from './topology.mjs';

const args = process.argv.slice(2);
const separator = args.indexOf('--');
const ownArgs = separator === -1 ? args : args.slice(0, separator);
const passedArgs = separator === -1 ? [] : args.slice(separator + 1);
const mode = ownArgs.includes('--serve') ? 'serve' : ownArgs.includes('--exec') ? 'exec' : 'test';
const portBase = Number(process.env.E2E_PORT_BASE ?? 20000);
const controlPort = portBase + 90;
const artifactsDir = path.join(repoRoot, 'e2e', 'artifacts');
const vitestReport = path.join(repoRoot, '.tmp', `e2e-vitest-report-${portBase}.json`);

if (mode === 'exec' && passedArgs.length === 0) {
  console.error('usage: node e2e/run.mjs --exec -- COMMAND [ARGS...]');
  process.exit(2);
}

/** A small HTTP API for the tests, which run in other processes than the topology. */
function startControlServer(topology) {
  const routes = {
    'GET /backends': () => topology.backends.map((b) => ({ number: b.index + 1, port: b.port, running: b.running })),
    'GET /nginx/retried': () => ({ lines: topology.retriedRequests() }),
    'GET /nginx/requests': () => ({ count: topology.requestCount() }),
    'GET /mail': () => topology.mail.mails,
  };
  const server = http.createServer(async (req, res) => {
    const reply = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const backendAction = /^POST \/backends\/(\d+)\/(kill|start)$/.exec(`${req.method} ${req.url}`);
      if (backendAction) {
        const backend = topology.backends[Number(backendAction[1]) - 1];
        if (!backend) return reply(404, { error: `no backend ${backendAction[1]}` });
        await (backendAction[2] === 'kill' ? backend.kill() : backend.start());
        return reply(200, { number: backend.index + 1, running: backend.running });
      }
      const route = routes[`${req.method} ${req.url}`];
      return route ? reply(200, route()) : reply(404, { error: 'unknown control route' });
    } catch (err) {
      return reply(500, { error: err.message });
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(controlPort, '127.0.0.1', () => resolve(server));
  });
}

function runChild(command, commandArgs, env) {
  const child = spawn(command, commandArgs, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: 'inherit' });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { child, exited };
}

/** On a red run, the backends' errors (pino level 50 and up) say what the browser could not. */
function printBackendErrors() {
  for (const backend of topology.backends) {
    if (!existsSync(backend.logFile)) continue;
    const errors = readFileSync(backend.logFile, 'utf8')
      .split('\n')
      .filter((line) => /"level":(5|6)\d/.test(line));
    if (errors.length === 0) continue;
    console.error(`[e2e] backend ${backend.index + 1} logged ${errors.length} errors; the last ones (${backend.logFile}):`);
    for (const line of errors.slice(-5)) console.error(`  ${line.slice(0, 600)}`);
  }
}

/** vitest's own closing lines are not a summary CI reads; this line is. */
function printSummary(exitCode) {
  if (!existsSync(vitestReport)) {
    console.log(`e2e: 0 passed, 1 failed (the test runner exited with ${exitCode} and wrote no report)`);
    return;
  }
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that failed to load counts as a failure even though none of its tests ran.
  const failedFiles = (report.testResults ?? []).filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  console.log(`e2e: ${report.numPassedTests} passed, ${report.numFailedTests + failedFiles} failed, ${skipped} skipped`);
}

let topology;
let control;
let current;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  current?.child.kill('SIGTERM');
  control?.close();
  await topology?.stop();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`[e2e] ${signal}: stopping`);
    void shutdown(130);
  });
}

try {
  topology = await startTopology({ portBase, build: !ownArgs.includes('--no-build') });
  control = await startControlServer(topology);
  mkdirSync(artifactsDir, { recursive: true });
  const env = {
    E2E_BASE_URL: topology.baseUrl,
    E2E_ADMIN_EMAIL: topology.admin.email,
    E2E_ADMIN_PASSWORD: topology.admin.password,
    E2E_JWT_SECRET: topology.jwtSecret,
    E2E_ARTIFACTS_DIR: artifactsDir,
    E2E_CONTROL_URL: `http://127.0.0.1:${controlPort}`,
    E2E_MONGO_URL: topology.mongoUrl,
  };

  if (mode === 'serve') {
    console.log(
      Object.entries(env)
        .map(([name, value]) => `${name}=${value}`)
        .join('\n'),
    );
    console.log('[e2e] the topology is up; Ctrl-C stops it');
    await new Promise(() => {});
  }

  if (mode === 'exec') {
    current = runChild(passedArgs[0], passedArgs.slice(1), env);
    await shutdown(await current.exited);
  }

  rmSync(vitestReport, { force: true });
  current = runChild(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--config',
      'e2e/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
      ...passedArgs,
    ],
    env,
  );
  const code = await current.exited;
  if (code !== 0) printBackendErrors();
  printSummary(code);
  await shutdown(code);
} catch (err) {
  console.error(`[e2e] ${err.stack ?? err.message}`);
  console.log('e2e: 0 passed, 1 failed (the topology did not start)');
  await shutdown(1);
}
