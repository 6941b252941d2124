// Everything this benchmark starts listens on 127.0.0.1 within 23000-23999.
import type { Server } from 'node:http';

export const portRange = { first: 23000, last: 23999 } as const;

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
