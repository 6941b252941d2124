// Fills the placeholders of nginx/nginx.conf for one of the two topologies that use it:
//   docker  the nginx image of the Dockerfile (port 80, upstream backend:8080), printed by
//           `node nginx/render.mjs docker` at image build time; `--out DIR` writes it with its
//           HTTPS variant (nginx-https.conf, which includes tls.conf and tls-site.conf) instead;
//   local   Debian's nginx started by the e2e harness (loopback ports, files in the run's folder).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import YAML from 'yaml';
import { plainFormMaxBytes } from '../shared/src/plain-form.js';
import { everyPageQuery, pageQueries } from '../shared/src/page-queries.js';

const templatePath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx.conf');
const templateOf = (name) => readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), name), 'utf8');
const contractPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.yaml');

const readContract = () => YAML.parse(readFileSync(contractPath, 'utf8'));
const writeMethods = ['post', 'put', 'patch', 'delete'];

/** Every operation of the contract: its path, method, and parameters with their $refs resolved. */
function operations(contract) {
  const resolve = (item) =>
    item.$ref
      ? item.$ref
          .split('/')
          .slice(1)
          .reduce((node, key) => node[key], contract)
      : item;
  return Object.entries(contract.paths ?? {}).flatMap(([apiPath, item]) =>
    Object.entries(item)
      .filter(([method]) => method === 'get' || writeMethods.includes(method))
      .map(([method, operation]) => ({ apiPath, method, ...operation, parameters: (operation.parameters ?? []).map(resolve) })),
  );
}

/**
 * The methods each API path accepts, from the contract, as nginx `map` entries (the Allow header
 * and the sentence of nginx's own 405, which it gives for TRACE before a backend sees it). The
 * backend words its 405 the same way (apiFallback in backend/src/app.ts).
 */
export function methodMaps(contract = readContract()) {
  const allow = [];
  const text = [];
  for (const [apiPath, item] of Object.entries(contract.paths ?? {})) {
    const methods = Object.keys(item)
      .filter((key) => key === 'get' || writeMethods.includes(key))
      .flatMap((method) => (method === 'get' ? ['GET', 'HEAD'] : [method.toUpperCase()]));
    if (methods.length === 0) continue;
    allow.push(`        ${apiPath.padEnd(36)} "${methods.join(', ')}";`);
    text.push(`        ${apiPath.padEnd(36)} "${methods.join(' or ')}";`);
  }
  return { api_allow_map: allow.join('\n'), api_allow_text_map: text.join('\n') };
}

/**
 * The login and the page-view beacon by operationId; the pages of a mailed link (`x-page-form`:
 * a confirmation, an unsubscribe, which mail providers' servers also post, many from one address)
 * as generously as page views; every other anonymous write is a form.
 */
const limitClassOf = (operation) =>
  operation.operationId === 'login' ? 'login' : operation.operationId === 'trackPageView' || operation['x-page-form'] ? 'beacon' : 'form';

/** `^/api/(a|b)\.php$` for the given API paths. */
const pathsRegex = (paths) => `^/api/(${paths.map((p) => p.replace(/^\/api\/|\.php$/g, '')).join('|')})\\.php$`;

/** The reads nginx keeps (the published-content cache and the image cache), by operationId. */
const publicReads = [
  'listBlogs',
  'getBlog',
  'listPublicGallery',
  'getPage',
  'listCampaigns',
  'getCampaign',
  'listEvents',
  'getEvent',
  'getEventIcs',
  'listEventsIcs',
  'listDocuments',
];
const cachedReads = [...publicReads, 'getImage'];

/**
 * What nginx needs to know of each operation beyond its methods: which paths take uploads (the
 * large body limit: any operation with a multipart body), which anonymous writes are rate-limited
 * and how, and the query parameters of the cached reads (nginx passes on and keys by those only).
 */
export function contractMaps(contract = readContract()) {
  const all = operations(contract);
  const uploads = all.filter((op) => op.requestBody?.content?.['multipart/form-data']).map((op) => op.apiPath);
  const anonymousWrites = all.filter((op) => writeMethods.includes(op.method) && Array.isArray(op.security) && op.security.length === 0);
  const reads = cachedReads.map((id) => {
    const found = all.find((op) => op.operationId === id);
    if (!found) throw new Error(`openapi.yaml has no operation ${id}, which nginx caches`);
    return { apiPath: found.apiPath, names: found.parameters.filter((p) => p.in === 'query').map((p) => p.name) };
  });
  if (uploads.length === 0) throw new Error('openapi.yaml has no upload (multipart) operation');
  const names = [...new Set(reads.flatMap((read) => read.names))];
  const unfit = names.find((name) => !/^[a-z0-9_]+$/i.test(name));
  if (unfit) throw new Error(`query parameter ${unfit} of a cached read cannot be an nginx variable ($arg_${unfit})`);
  const queryMaps = [
    ...names.map((name) => `    map $arg_${name} $contract_query_${name} { "" ""; default "&${name}=$arg_${name}"; }`),
    '    map $uri $contract_query_raw {',
    '        default "";',
    ...reads.map((read) => `        ${read.apiPath.padEnd(36)} "${read.names.map((name) => `$contract_query_${name}`).join('')}";`),
    '    }',
    '    map $uri $contract_query_read {',
    '        default 0;',
    ...reads.map((read) => `        ${read.apiPath.padEnd(36)} 1;`),
    '    }',
  ];
  // A form's plain posts at its pages (x-anonymous-form or x-page-form pages), as map lines of
  // "POST:<page>"; a page with an `{id}` segment (/events/{id}) as a regular expression for any one
  // segment there, listed after the exact pages, which nginx prefers anyway.
  const formPages = anonymousWrites.flatMap((op) =>
    [...(op['x-anonymous-form']?.pages ?? []), ...(op['x-page-form']?.pages ?? [])].map((page) => ({ op, page })),
  );
  const pageKey = (page) => (page.includes('{') ? `"~^POST:${page.replace(/\{[a-z_]+\}/g, '[^/]+')}$"` : `"POST:${page}"`);
  const ordered = [...formPages.filter(({ page }) => !page.includes('{')), ...formPages.filter(({ page }) => page.includes('{'))];
  const pageLines = (value) => ordered.map(({ op, page }) => `        ${pageKey(page).padEnd(36)} ${value(op, page)};`).join('\n');
  return {
    upload_paths: pathsRegex(uploads),
    public_read_paths: pathsRegex(publicReads.map((id) => reads[cachedReads.indexOf(id)].apiPath)),
    limit_class_map: anonymousWrites.map((op) => `        ${op.apiPath.padEnd(36)} ${limitClassOf(op)};`).join('\n'),
    // Those posts count as that form (reading the page does not), and nginx's own refusal of one is a page in its language.
    page_form_map: pageLines((op) => limitClassOf(op)),
    page_form_lang_map: pageLines((_op, page) => (page.startsWith('/hi/') ? 'hi' : 'en')),
    contract_query_maps: queryMaps.join('\n'),
  };
}

/** The backend's default REQUEST_MAX_BYTES: the body limit of the upload paths. */
export const defaultRequestMaxBytes = 52428800;
/** The backend's default JSON_MAX_BYTES: the body limit of every other path. */
export const defaultJsonMaxBytes = 1048576;

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

/**
 * The parameters each page reads, as the key of nginx's cache: `name=$arg_name&…` per page path
 * (its Hindi twin included); every other page path the parameters of every page; "" for what is
 * not a page (the API, the build's files).
 */
export function pageQueryMap() {
  const keyOf = (names) => names.map((name) => `${name}=$arg_${name}`).join('&');
  const pagePath = (page) => `"~^(?:/hi)?${page.replace(/[.]/g, '\\.')}$"`;
  return [
    '    map $uri $page_cache_query {',
    '        "~^/(?:api|assets|admin)(?:/|$)"  "";',
    ...pageQueries.flatMap(({ pages, names }) => pages.map((page) => `        ${pagePath(page).padEnd(36)} "${keyOf([...names, ...everyPageQuery])}";`)),
    `        "~^/[^.]*$"                        "${keyOf(everyPageQuery)}";`,
    `        "~^/(?:robots\\.txt|sitemap\\.xml|feed\\.xml)$" "${keyOf(everyPageQuery)}";`,
    '        default                            "";',
    '    }',
  ].join('\n');
}

function byteCount(name, value) {
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number of bytes, got ${value}`);
  return value;
}

function sharedValues({ requestMaxBytes = defaultRequestMaxBytes, jsonMaxBytes = defaultJsonMaxBytes }) {
  byteCount('REQUEST_MAX_BYTES', requestMaxBytes);
  byteCount('JSON_MAX_BYTES', jsonMaxBytes);
  return {
    json_max_body_size: String(jsonMaxBytes),
    json_max_body_size_text: formatBytes(jsonMaxBytes),
    upload_max_body_size: String(requestMaxBytes),
    upload_max_body_size_text: formatBytes(requestMaxBytes),
    page_form_max_body_size: String(plainFormMaxBytes),
    page_form_max_body_size_text: formatBytes(plainFormMaxBytes),
    site_content_security_policy: sitePolicy(),
    page_query_map: pageQueryMap(),
    ...methodMaps(),
    ...contractMaps(),
  };
}

/** Where the nginx image keeps what HTTPS needs (nginx/acme.sh writes the same paths). */
export const dockerTls = {
  config: '/etc/nginx/nginx-https.conf',
  http: '/etc/nginx/tls.conf',
  server: '/etc/nginx/tls-site.conf',
  // lego's folder (a volume): `--cert.name site` keeps the certificate at one path whatever DOMAIN is.
  certificate: '/var/lib/acme/certificates/site.crt',
  certificateKey: '/var/lib/acme/certificates/site.key',
  acmeWebroot: '/var/lib/acme-challenge',
};

/**
 * Values for the nginx image (official nginx image layout, Docker's embedded DNS). With `tls`, the
 * site's server listens on 443 and port 80 belongs to tls.conf's redirect; the site still answers
 * plain HTTP on the container's own loopback, for the image's health check.
 */
export function dockerValues({ tls = false, ...limits } = {}) {
  return {
    ...sharedValues(limits),
    tls_http: tls ? `include ${dockerTls.http};` : '',
    tls_server: tls ? `include ${dockerTls.server};` : '',
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
    listen: tls ? '127.0.0.1:80' : '80',
    page_render_listen: '127.0.0.1:8081',
    static_root: '/usr/share/nginx/html',
    // Written at container start from TRUSTED_PROXIES by nginx/trusted-proxies.sh (run by the entrypoint).
    real_ip_dir: '/etc/nginx/real-ip',
    // No address is spared the per-address limits in production.
    limit_exempt: '',
  };
}

/**
 * Values for Debian's nginx run by the e2e harness, the bench and the fuzzing: everything inside
 * `runDir` (which must hold the folders `temp` and `cache`), listening on 127.0.0.1:`port`.
 */
export function localValues({ port, backends, staticRoot, runDir, ...limits }) {
  const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return {
    ...sharedValues(limits),
    // As root, nginx would otherwise pick its compiled-in default; name it so workers never run as root.
    user_directive: runningAsRoot ? 'user nobody nogroup;' : '',
    worker_processes: '2',
    pid_file: path.join(runDir, 'nginx.pid'),
    error_log: path.join(runDir, 'error.log'),
    access_log: path.join(runDir, 'access.log'),
    temp_dir: path.join(runDir, 'temp'),
    cache_dir: path.join(runDir, 'cache'),
    resolver_directive: '',
    tls_http: '',
    tls_server: '',
    upstream_servers: upstreamLines(backends),
    listen: `127.0.0.1:${port}`,
    page_render_listen: `127.0.0.1:${pageRenderPort(port)}`,
    static_root: staticRoot,
    real_ip_dir: path.join(runDir, 'real-ip'),
    // Loopback is the test runner, the fuzzer and the bench's load: one address for all of them,
    // whose visitor-like probes come through it with X-Forwarded-For, as through a TLS proxy.
    limit_exempt: ['127.0.0.1 1;', '::1 1;'].map((entry) => `        ${entry}`).join('\n'),
  };
}

/** Where a local nginx's server of page renders listens (port + 95: past the e2e topology's backends and mailbox). */
export const pageRenderPort = (port) => port + 95;

/** The template with every placeholder filled; an unknown or missing value is an error. */
export function renderNginxConfig(values, template = readFileSync(templatePath, 'utf8'), name = 'nginx.conf') {
  const used = new Set();
  const rendered = template.replace(/\{\{([a-z_]+)\}\}/g, (_, placeholder) => {
    if (!(placeholder in values)) throw new Error(`${name} placeholder {{${placeholder}}} has no value`);
    used.add(placeholder);
    return values[placeholder];
  });
  const unused = Object.keys(values).filter((value) => !used.has(value));
  if (unused.length > 0) throw new Error(`values not used by ${name}: ${unused.join(', ')}`);
  return rendered;
}

/**
 * The HTTPS parts of the nginx image: tls.conf (certificate, protocols, the port-80 redirect) and
 * tls-site.conf (port 443 and HSTS in the site's server). Preloading HSTS is a promise browsers
 * keep for a long time (every subdomain on HTTPS for good), so it is only sent when asked for.
 */
export function renderTlsParts({ hstsPreload = false } = {}) {
  const hsts = hstsPreload ? 'max-age=63072000; includeSubDomains; preload' : 'max-age=63072000';
  return {
    http: renderNginxConfig(
      { tls_certificate: dockerTls.certificate, tls_certificate_key: dockerTls.certificateKey, acme_webroot: dockerTls.acmeWebroot },
      templateOf('tls.conf'),
      'tls.conf',
    ),
    server: renderNginxConfig({ strict_transport_security: hsts }, templateOf('tls-site.conf'), 'tls-site.conf'),
  };
}

/** Writes the nginx image's files into `dir`: nginx.conf (HTTP), nginx-https.conf and its parts. */
export function writeDockerConfigs(dir, { hstsPreload, ...limits }) {
  mkdirSync(dir, { recursive: true });
  const tls = renderTlsParts({ hstsPreload });
  const files = {
    'nginx.conf': renderNginxConfig(dockerValues(limits)),
    [path.basename(dockerTls.config)]: renderNginxConfig(dockerValues({ ...limits, tls: true })),
    [path.basename(dockerTls.http)]: tls.http,
    [path.basename(dockerTls.server)]: tls.server,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [target, option, dir] = process.argv.slice(2);
  if (target !== 'docker' || (option !== undefined && (option !== '--out' || !dir))) {
    console.error('usage: node nginx/render.mjs docker [--out DIR]   (REQUEST_MAX_BYTES, JSON_MAX_BYTES and HSTS_PRELOAD from the environment)');
    process.exit(2);
  }
  const limits = {
    requestMaxBytes: Number(process.env.REQUEST_MAX_BYTES || defaultRequestMaxBytes),
    jsonMaxBytes: Number(process.env.JSON_MAX_BYTES || defaultJsonMaxBytes),
  };
  if (dir) writeDockerConfigs(dir, { ...limits, hstsPreload: process.env.HSTS_PRELOAD === 'true' });
  else process.stdout.write(renderNginxConfig(dockerValues(limits)));
}
