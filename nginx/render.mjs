// Fills the placeholders of nginx/nginx.conf for one of the two topologies that use it:
//   docker  the nginx image of the Dockerfile (port 80, upstream backend:8080), printed by
//           `node nginx/render.mjs docker` at image build time;
//   local   Debian's nginx started by the e2e harness (loopback ports, files in the run's folder).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import YAML from 'yaml';

const templatePath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx.conf');
const contractPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.yaml');

/**
 * The methods each API path accepts, from the contract, as nginx `map` entries (the Allow header
 * and the sentence of nginx's own 405, which it gives for TRACE before a backend sees it). The
 * backend words its 405 the same way (apiFallback in backend/src/app.ts).
 */
export function methodMaps(contract = YAML.parse(readFileSync(contractPath, 'utf8'))) {
  const allow = [];
  const text = [];
  for (const [apiPath, item] of Object.entries(contract.paths ?? {})) {
    const methods = Object.keys(item)
      .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
      .flatMap((method) => (method === 'get' ? ['GET', 'HEAD'] : [method.toUpperCase()]));
    if (methods.length === 0) continue;
    allow.push(`        ${apiPath.padEnd(36)} "${methods.join(', ')}";`);
    text.push(`        ${apiPath.padEnd(36)} "${methods.join(' or ')}";`);
  }
  return { api_allow_map: allow.join('\n'), api_allow_text_map: text.join('\n') };
}

/** The backend's default REQUEST_MAX_BYTES: nginx refuses larger bodies before they reach it. */
export const defaultRequestMaxBytes = 52428800;

// A failed instance is skipped for fail_timeout after max_fails failures in that window, then
// tried again; until then its requests go to the next instance. The window is short on purpose:
// in a rolling restart an instance that was refused while it restarted must count as live again
// before the next instance stops accepting (that happens after its 5 s drain, SHUTDOWN_DRAIN_MS),
// or nginx would see every instance down at once and answer 502 with a live one at hand.
const upstreamServerOptions = 'max_fails=2 fail_timeout=2s';

// The project's one byte formatter, the same the backend's limit sentences use. It is TypeScript,
// so it is loaded through tsx: this renderer runs at image build time and in development, where the
// development packages are installed, never in a runtime image.
const { formatBytes } = await tsImport('../backend/src/format-bytes.ts', import.meta.url);

// The same instances again as the backup set, never marked down (max_fails=0): used only when
// every instance above is marked down, as when one was just killed and the other was refused a
// moment ago while it restarted. nginx then tries each in turn instead of answering "no live
// upstreams" with a live instance at hand. In Docker the second line also gives a request whose
// instance died a second try (nginx gives as many tries as there are server lines, not addresses).
function upstreamLines(servers, extraOption = '') {
  if (servers.length === 0) throw new Error('nginx needs at least one backend address');
  const option = extraOption ? ` ${extraOption}` : '';
  return [
    ...servers.map((address) => `        server ${address}${option} ${upstreamServerOptions};`),
    ...servers.map((address) => `        server ${address}${option} backup max_fails=0;`),
  ].join('\n');
}

/** The site's Content-Security-Policy, from the file the backend sends it from too. */
function sitePolicy() {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../backend/src/http/content-security-policy.json');
  return JSON.parse(readFileSync(file, 'utf8')).site.join('; ');
}

function sharedValues(requestMaxBytes) {
  if (!Number.isSafeInteger(requestMaxBytes) || requestMaxBytes <= 0) {
    throw new Error(`REQUEST_MAX_BYTES must be a positive whole number of bytes, got ${requestMaxBytes}`);
  }
  return {
    client_max_body_size: String(requestMaxBytes),
    client_max_body_size_text: formatBytes(requestMaxBytes),
    site_content_security_policy: sitePolicy(),
    ...methodMaps(),
  };
}

/** Values for the nginx image (official nginx image layout, Docker's embedded DNS). */
export function dockerValues({ requestMaxBytes = defaultRequestMaxBytes } = {}) {
  return {
    ...sharedValues(requestMaxBytes),
    user_directive: 'user nginx;',
    worker_processes: 'auto',
    pid_file: '/var/run/nginx.pid',
    error_log: '/var/log/nginx/error.log',
    access_log: '/var/log/nginx/access.log',
    temp_dir: '/var/cache/nginx',
    cache_dir: '/var/cache/nginx',
    // `resolve` re-reads the service name, so `--scale backend=N` and restarted containers (new
    // addresses) are picked up without restarting nginx.
    // A short validity drops a dead container's address soon after Docker's DNS does.
    resolver_directive: 'resolver 127.0.0.11 valid=2s ipv6=off;',
    upstream_servers: upstreamLines(['backend:8080'], 'resolve'),
    listen: '80',
    static_root: '/usr/share/nginx/html',
  };
}

/**
 * Values for Debian's nginx run by the e2e harness: everything inside `runDir` (which must hold
 * the folders `temp` and `cache`), listening on 127.0.0.1:`port`.
 */
export function localValues({ port, backends, staticRoot, runDir, requestMaxBytes = defaultRequestMaxBytes }) {
  const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return {
    ...sharedValues(requestMaxBytes),
    // As root, nginx would otherwise pick its compiled-in default; name it so workers never run as root.
    user_directive: runningAsRoot ? 'user nobody nogroup;' : '',
    worker_processes: '2',
    pid_file: path.join(runDir, 'nginx.pid'),
    error_log: path.join(runDir, 'error.log'),
    access_log: path.join(runDir, 'access.log'),
    temp_dir: path.join(runDir, 'temp'),
    cache_dir: path.join(runDir, 'cache'),
    resolver_directive: '',
    upstream_servers: upstreamLines(backends),
    listen: `127.0.0.1:${port}`,
    static_root: staticRoot,
  };
}

/** The template with every placeholder filled; an unknown or missing value is an error. */
export function renderNginxConfig(values, template = readFileSync(templatePath, 'utf8')) {
  const used = new Set();
  const rendered = template.replace(/\{\{([a-z_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`nginx.conf placeholder {{${name}}} has no value`);
    used.add(name);
    return values[name];
  });
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`values not used by nginx.conf: ${unused.join(', ')}`);
  return rendered;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [target] = process.argv.slice(2);
  if (target !== 'docker') {
    console.error('usage: node nginx/render.mjs docker   (REQUEST_MAX_BYTES from the environment)');
    process.exit(2);
  }
  const requestMaxBytes = Number(process.env.REQUEST_MAX_BYTES || defaultRequestMaxBytes);
  process.stdout.write(renderNginxConfig(dockerValues({ requestMaxBytes })));
}
