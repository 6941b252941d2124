import { X509Certificate } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Schemas } from '../../contract.js';

export type CertificateStatus = Schemas['CertificateStatus'];

/**
 * The HTTPS certificate's status as nginx's container keeps it in `dir` (nginx/acme.sh):
 * certificate.pem, the chain nginx serves (public part only), and status.json, how the last
 * renewal attempt went. Read again only when nginx has replaced a file. Undefined when there is
 * no certificate there (no DOMAIN, or no `dir`).
 */
export function certificateStatusReader(dir: string, logger: Logger): () => Promise<CertificateStatus | undefined> {
  let last: { stamp: string; status: Promise<CertificateStatus | undefined> } | undefined;
  return async () => {
    if (!dir) return undefined;
    const stamp = await filesStamp(dir);
    if (last?.stamp !== stamp) last = { stamp, status: read(dir, logger) };
    return last.status;
  };
}

async function filesStamp(dir: string): Promise<string> {
  const stamps = await Promise.all(
    ['certificate.pem', 'status.json'].map((name) =>
      stat(path.join(dir, name)).then(
        (file) => `${file.ino}:${file.mtimeMs}:${file.size}`,
        () => '-',
      ),
    ),
  );
  return stamps.join('|');
}

async function read(dir: string, logger: Logger): Promise<CertificateStatus | undefined> {
  let pem: string;
  try {
    pem = await readFile(path.join(dir, 'certificate.pem'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn({ err: error, dir }, 'the certificate status could not be read');
    return undefined;
  }
  try {
    // The first certificate of the chain is the site's own.
    const status: CertificateStatus = { valid_until: new Date(new X509Certificate(pem).validTo).toISOString() };
    const failedAt = await lastFailure(dir);
    return failedAt ? { ...status, renewal_failed_at: failedAt } : status;
  } catch (error) {
    logger.warn({ err: error, dir }, 'the certificate in the status folder is not a certificate');
    return undefined;
  }
}

/** When the last renewal attempt failed, if it did (status.json says `failed_at`). */
async function lastFailure(dir: string): Promise<string | undefined> {
  let recorded: unknown;
  try {
    recorded = JSON.parse(await readFile(path.join(dir, 'status.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const failedAt = (recorded as { failed_at?: unknown } | null)?.failed_at;
  const time = typeof failedAt === 'string' ? Date.parse(failedAt) : NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
