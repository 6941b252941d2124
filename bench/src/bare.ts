// The baseline of the API benchmarks: a bare node:http server in this process answering every
// request with the same bytes (no framework, no database).
import { createServer } from 'node:http';
import { listenInRange } from './ports.js';

export async function startBareServer(body: Buffer, contentType: string, fromPort: number) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  const port = await listenInRange(server, fromPort);
  return {
    url: `http://127.0.0.1:${port}/blogs.json`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
