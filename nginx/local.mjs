// Runs Debian's nginx (or NGINX_BIN) with the project's config rendered for loopback ports: the
// same config the Docker image carries, started without Docker by the e2e harness and tests.
import { spawn, execFileSync } from 'node:child_process';
import net from 'node:net';
import { mkdirSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localValues, pageRenderPort, renderNginxConfig } from './render.mjs';

export const nginxBinary = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const trustedProxiesScript = fileURLToPath(new URL('./trusted-proxies.sh', import.meta.url));

/**
 * Writes `runDir/nginx.conf` for the given ports and checks it with `nginx -t`. `trustedProxies`
 * (comma-separated, as TRUSTED_PROXIES) goes through the script the Docker image runs at start.
 */
export function writeLocalNginxConfig({ port, backends, staticRoot, runDir, requestMaxBytes, jsonMaxBytes, trustedProxies = '' }) {
  mkdirSync(path.join(runDir, 'temp'), { recursive: true });
  mkdirSync(path.join(runDir, 'cache'), { recursive: true });
  const values = localValues({ port, backends, staticRoot, runDir, requestMaxBytes, jsonMaxBytes });
  execFileSync('sh', [trustedProxiesScript], {
    env: { PATH: process.env.PATH, TRUSTED_PROXIES: trustedProxies, TRUSTED_PROXIES_CONF: path.join(values.real_ip_dir, 'trusted-proxies.conf') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const configPath = path.join(runDir, 'nginx.conf');
  writeFileSync(configPath, renderNginxConfig(values));
  try {
    execFileSync(nginxBinary, ['-t', '-q', '-c', configPath, '-p', `${runDir}/`], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(`nginx -t rejected ${configPath}:\n${err.stderr?.toString() ?? err.message}`);
  }
  return configPath;
}

/**
 * Ends an nginx that an earlier run in the same folder left behind (its process was killed before
 * it could stop nginx): its pid file names it, and its command line must name our config.
 */
export async function stopLeftoverNginx(runDir) {
  const pidFile = path.join(runDir, 'nginx.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  let commandLine = '';
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return; // already gone
  }
  if (!commandLine.includes(path.join(runDir, 'nginx.conf'))) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 50 && existsSync(`/proc/${pid}`); i += 1) await new Promise((r) => setTimeout(r, 100));
}

/** Fails when something already listens there (an nginx left over would answer in our place). */
export function assertPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err) => reject(new Error(`${host}:${port} is taken (${err.code}); is an earlier run still up?`)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function waitForPort(url, child, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nginx did not answer on ${url} within ${timeoutMs} ms`);
}

/**
 * Starts nginx in the foreground (no daemon) on 127.0.0.1:`port` in front of `backends`
 * ("127.0.0.1:PORT" each), with the options of writeLocalNginxConfig. Resolves when it answers;
 * `stop()` ends it and waits.
 */
export async function startLocalNginx({ port, ...options }) {
  await stopLeftoverNginx(options.runDir);
  await assertPortFree(port);
  await assertPortFree(pageRenderPort(port));
  const { runDir } = options;
  const configPath = writeLocalNginxConfig({ port, ...options });
  const child = spawn(nginxBinary, ['-c', configPath, '-p', `${runDir}/`, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Should this process end without calling stop() (a crash, a closed pipe), nginx ends with it.
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      process.removeListener('exit', stopOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // SIGQUIT: graceful stop (SIGTERM is nginx's fast stop; both end the workers with it).
      child.kill('SIGQUIT');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  try {
    await waitForPort(url, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    pid: child.pid,
    configPath,
    stop,
    /** The access log so far: one line per request with the upstream tried and its status. */
    accessLog: () => {
      const file = path.join(runDir, 'access.log');
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    },
  };
}
