// What the nginx test files share: a folder for a run, stand-in backends, and requests sent the
// way fetch cannot send them (TRACE, a backslash in the path, from another loopback address).
import http from 'node:http';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A fixed folder under .tmp (a run killed before its cleanup leaves a pid file the next run acts
 * on) holding `dist/` with the given files. Returns the folder and its static root.
 */
export function runFolder(name, files) {
  const workDir = path.join(repoRoot, '.tmp', name);
  rmSync(path.join(workDir, 'dist'), { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  chmodSync(workDir, 0o755); // nginx's workers run as nobody and must reach the files
  const staticRoot = path.join(workDir, 'dist');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(staticRoot, file)), { recursive: true });
    writeFileSync(path.join(staticRoot, file), text);
  }
  return { workDir, staticRoot, remove: () => rmSync(workDir, { recursive: true, force: true }) };
}

/** An HTTP server on 127.0.0.1:`port` answering with `handle(req, res, url)`; `close()` ends it. */
export function standIn(port, handle) {
  const server = http.createServer((req, res) => handle(req, res, new URL(req.url, 'http://x')));
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

/** Sends a JSON answer from a stand-in. */
export function json(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * One request on a connection of its own, from `localAddress` (any 127.x address reaches nginx on
 * 127.0.0.1, and nginx sees that address as the peer's): status, headers and body text.
 */
export function send(baseUrl, { method = 'GET', path: pathname = '/', headers = {}, body, localAddress } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}${pathname}`, { method, headers, localAddress, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
