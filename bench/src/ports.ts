// Everything this benchmark starts listens on 127.0.0.1 within BENCH_PORT_BASE (23000 by
// default) and the 999 ports after it.
import type { Server } from 'node:http';

const base = Number(process.env.BENCH_PORT_BASE ?? 23000);
if (!Number.isSafeInteger(base) || base < 1024 || base > 64_000)
  throw new Error(`BENCH_PORT_BASE must be a port from 1024 to 64000, got ${process.env.BENCH_PORT_BASE}`);

export const portRange = { first: base, last: base + 999 } as const;
/** A port `offset` above the base (FerretDB +17, the backend +80, the bare server +90, the topology +300). */
export const benchPort = (offset: number) => base + offset;

/** Listens on the first free port at or after `from` in the range; resolves with that port. */
export async function listenInRange(server: Server, from: number): Promise<number> {
  for (let port = from; port <= portRange.last; port++) {
    const bound = await new Promise<boolean>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        if (error.code === 'EADDRINUSE') resolve(false);
        else reject(error);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve(true);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(port, '127.0.0.1');
    });
    if (bound) return port;
  }
  throw new Error(`no free port in ${from}-${portRange.last}`);
}
