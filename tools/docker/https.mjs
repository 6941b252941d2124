// Clients of the Docker test's HTTPS stack (tools/docker/https.compose.yml): they trust pebble's
// root as a visitor's phone trusts Let's Encrypt's, ask for the test domain at the stack's
// published ports, and a load counts every request that fails while certificates are renewed.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';

/** The test domain: a name of nginx on the compose network, where pebble checks the challenge. */
export const domain = 'ngo-site.test';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TLS connection to nginx as a client that asked for the domain; resolves once it is verified. */
export function connectTls({ port, ca }, options = {}) {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: domain, ca, ...options }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** One HTTP/1.1 GET over HTTPS; `agent` false opens a connection of its own. */
export function httpsGet({ port, ca }, pathname, { agent = false, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = https.get({ host: '127.0.0.1', port, path: pathname, servername: domain, ca, agent, headers: { host: domain, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.setTimeout(20_000, () => req.destroy(new Error(`GET ${pathname} timed out`)));
    req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
  });
}

/** A GET on the plain HTTP port, as a browser typing the domain would send it. */
export function httpGet(port, pathname) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent: false, headers: { host: domain } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers }));
    });
    req.on('error', reject);
  });
}

/** An HTTP/2 session to nginx (ALPN h2), as browsers open them. */
export function http2Session({ port, ca }) {
  const session = http2.connect(`https://${domain}:${port}`, {
    createConnection: () => tls.connect({ host: '127.0.0.1', port, servername: domain, ca, ALPNProtocols: ['h2'] }),
  });
  session.on('error', () => {}); // a request on it reports the failure
  return session;
}

/** One GET on an HTTP/2 session: its status and headers. */
export function http2Get(session, pathname) {
  return new Promise((resolve, reject) => {
    let stream;
    try {
      stream = session.request({ ':path': pathname });
    } catch (error) {
      return reject(error);
    }
    let headers;
    stream.setTimeout(20_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
    stream.on('response', (received) => (headers = received));
    stream.resume();
    stream.on('close', () => {
      if (headers) resolve({ status: headers[':status'], headers });
      else reject(Object.assign(new Error(`GET ${pathname} over HTTP/2 closed with code ${stream.rstCode}`), { rstCode: stream.rstCode }));
    });
    stream.on('error', () => {}); // settled on close
  });
}

/**
 * What clients of the stack `compose` (tools/docker/docker.test.mjs's runner) need: its HTTPS
 * port, and the root that pebble's certificates chain up to, from pebble's management API.
 */
export async function clientSite(compose, port) {
  const pebbleCa = compose('exec', '-T', 'nginx', 'cat', '/pebble/pebble.minica.pem', { quiet: true }).toString();
  const management = compose('port', 'pebble', '15000', { quiet: true }).toString().trim();
  const root = await pebbleRoot(management, pebbleCa);
  return { port, ca: [root], root, baseUrl: `https://${domain}:${port}` };
}

/** validTo of the certificate nginx serves now. */
export async function servedValidTo(site) {
  const socket = await connectTls(site);
  const validTo = new Date(socket.getPeerX509Certificate().validTo).toISOString();
  socket.destroy();
  return validTo;
}

/** What nginx's container said about certificates (lego's lines and acme.sh's), the last of it. */
export function acmeLog(compose) {
  const lines = compose('logs', '--no-log-prefix', 'nginx', { quiet: true }).toString().split('\n');
  return lines
    .filter((line) => /\[acme\]|level=(INFO|WARN|ERROR)|\[(emerg|alert|crit|error)\]/.test(line) && !/Skip renewal|Renewing certificate/.test(line))
    .slice(-40)
    .join('\n');
}

/** The root that pebble's certificates chain up to, from its management API. */
async function pebbleRoot(managementAddress, pebbleCa) {
  const [host, port] = managementAddress.split(':');
  return new Promise((resolve, reject) => {
    const req = https.get({ host, port, path: '/roots/0', ca: pebbleCa, servername: 'localhost', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`pebble's /roots/0 answered ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

/** A home folder whose NSS database (what Chromium on Linux trusts) holds `rootPem` as a CA. */
export function homeTrusting(rootPem, home) {
  if (spawnSync('sh', ['-c', 'command -v certutil'], { stdio: 'ignore' }).status !== 0) {
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libnss3-tools >/dev/null']);
  }
  const database = `sql:${path.join(home, '.pki', 'nssdb')}`;
  mkdirSync(path.join(home, '.pki', 'nssdb'), { recursive: true });
  writeFileSync(path.join(home, 'root.pem'), rootPem);
  execFileSync('certutil', ['-d', database, '-N', '--empty-password']);
  execFileSync('certutil', ['-d', database, '-A', '-t', 'C,,', '-n', 'pebble test root', '-i', path.join(home, 'root.pem')]);
  return home;
}

// The connection a request went out on was closed by the server before any answer: what nginx
// does to idle kept-alive connections (HTTP/1.1) and to streams past its GOAWAY (HTTP/2) when it
// reloads. The request was never processed, and browsers send it again on a new connection
// (RFC 9112 9.3.1, RFC 9113 8.7); the load does the same, once, and counts it.
function neverProcessed(error) {
  if (error.reusedSocket && ['ECONNRESET', 'EPIPE'].includes(error.code)) return true;
  if (['ERR_HTTP2_GOAWAY_SESSION', 'ERR_HTTP2_INVALID_SESSION'].includes(error.code)) return true;
  return error.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM;
}

/**
 * Readers over HTTPS until stop(): two on kept-alive HTTP/1.1 connections, two opening a new TLS
 * connection per request (each handshake meets the certificate nginx serves at that moment) and
 * two on one HTTP/2 session, replaced when nginx ends it. A watcher notes every certificate served.
 */
export function startHttpsLoad(site) {
  const paths = ['/', '/about', '/api/get_blogs.php', '/favicon.svg', '/robots.txt'];
  const figures = { requests: 0, failed: [], 'sent again on a new connection': 0 };
  const certificates = new Map(); // serial -> first seen
  let stopping = false;
  let session;
  const keptAlive = new https.Agent({ keepAlive: true, maxSockets: 2 });

  const sendOnce = (kind, pathname) => {
    if (kind === 'h2') {
      if (!session || session.closed || session.destroyed) session = http2Session(site);
      return http2Get(session, pathname);
    }
    return httpsGet(site, pathname, { agent: kind === 'kept-alive' ? keptAlive : false });
  };
  const reader = async (kind, index) => {
    for (let n = index; !stopping; n++) {
      const pathname = paths[n % paths.length];
      figures.requests += 1;
      let outcome;
      try {
        outcome = await sendOnce(kind, pathname);
      } catch (error) {
        if (!neverProcessed(error)) outcome = { error };
        else {
          figures['sent again on a new connection'] += 1;
          if (kind === 'h2') session = undefined;
          outcome = await sendOnce(kind === 'kept-alive' ? 'new connection' : kind, pathname).catch((again) => ({ error: again }));
        }
      }
      if (outcome.status !== 200) figures.failed.push(`${kind} ${pathname}: ${outcome.status ?? outcome.error.message}`);
      await sleep(50);
    }
  };
  const watcher = async () => {
    while (!stopping) {
      const socket = await connectTls(site).catch(() => undefined);
      const serial = socket?.getPeerCertificate().serialNumber;
      socket?.destroy();
      if (serial && !certificates.has(serial)) certificates.set(serial, Date.now());
      await sleep(500);
    }
  };
  const running = [
    ...[0, 1].map((index) => reader('kept-alive', index)),
    ...[0, 1].map((index) => reader('new connection', index)),
    ...[0, 1].map((index) => reader('h2', index)),
    watcher(),
  ];
  return {
    certificates,
    async stop() {
      stopping = true;
      await Promise.all(running);
      keptAlive.destroy();
      session?.close();
      return figures;
    },
  };
}
