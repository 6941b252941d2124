// The newsletter section's SMTP server: smtp-server taking every mail and keeping only who it was
// for and when, so that what is measured is the sender, not the parsing of what it sent.
import { SMTPServer } from 'smtp-server';
import { portRange } from './ports.js';

export interface Received {
  to: string;
  at: number;
}

export async function startMailSink(fromPort: number) {
  let received: Received[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    logger: false,
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    disableReverseLookup: true,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const at = performance.now();
        for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, at });
        for (const waiter of waiters) waiter();
        callback(null, 'Taken');
      });
    },
  });
  // A sender killed mid-session, or one that hangs up, is not the sink's concern.
  server.on('error', () => undefined);
  let port = fromPort;
  for (; port <= portRange.last; port++) {
    const bound = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', onError);
        resolve(true);
      });
    });
    if (bound) break;
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    /** Forgets what was received (a new send is measured from nothing). */
    reset() {
      received = [];
    },
    /** Resolves once `count` mails have come in since the last reset; false after `timeoutMs`. */
    waitFor(count: number, timeoutMs: number): Promise<boolean> {
      return new Promise((resolve) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          resolve(false);
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
