import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Model, Types } from 'mongoose';
import type { Logger } from 'pino';
import type { ValidatedRequest } from '../http/validate-request.js';
import { insertOnce, type Claims } from '../invariants/claims.js';
import { newDocumentId } from './ids.js';
import type { IdempotencyRecord } from './model.js';

/** How long a key and its first answer are kept. */
const keepMs = 24 * 60 * 60 * 1000;
/**
 * A key whose request neither finished nor failed cleanly (its instance died, or its database
 * went away mid-write) may be taken over after this long. Such a request cannot outlive it: the
 * database calls of a request are bounded by the driver's timeouts.
 */
export const leaseMs = 15_000;

async function fileDigest(filepath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filepath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * What makes two requests "the same": the checked body (key order aside) and the bytes of each
 * file. Keyed with a server secret: a body may hold a password (a new account's, a reset), and a
 * plain hash of it kept in the database, and so in its backups, could be guessed quickly.
 */
async function fingerprintOf(input: ValidatedRequest, secret: string): Promise<string> {
  const hash = createHmac('sha256', secret);
  const sorted = Object.keys(input.body)
    .sort()
    .map((name) => [name, input.body[name]]);
  hash.update(JSON.stringify(sorted));
  for (const name of [...input.files.keys()].sort()) {
    for (const file of input.files.get(name)!) hash.update(`\n${name}:${await fileDigest(file.filepath)}`);
  }
  return hash.digest('hex');
}

export class IdempotencyStore {
  private lastSweep = 0;
  constructor(
    private readonly records: Model<IdempotencyRecord>,
    private readonly claims: Claims,
    private readonly logger: Logger,
    /** Keys the fingerprints; the same on every instance (the JWT secret serves). */
    private readonly secret: string,
  ) {}

  fingerprint(input: ValidatedRequest) {
    return fingerprintOf(input, `idempotency fingerprint\n${this.secret}`);
  }

  /**
   * Claims the key for this request, or says what to answer instead: the stored first answer,
   * or a refusal. A pending key whose lease ran out, and a key kept past its time, are taken
   * over by one request: the one that claims the record's next generation (invariants/claims.ts),
   * as a conditional update cannot decide between two instances on FerretDB.
   */
  async claim(recordId: string, fingerprint: string, now = new Date()) {
    const fresh = {
      fingerprint,
      state: 'pending' as const,
      leaseUntil: new Date(now.getTime() + leaseMs),
      expiresAt: new Date(now.getTime() + keepMs),
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await this.records.findById(recordId).lean<IdempotencyRecord>();
      if (!existing) {
        // Of two first requests with one key, the other one's insert met this _id.
        if (!(await insertOnce(this.records, { _id: recordId, ...fresh }))) continue;
        void this.sweep(now);
        return { kind: 'claimed' as const };
      }
      const expired = existing.expiresAt <= now;
      if (!expired) {
        if (existing.state === 'pending' && existing.leaseUntil > now) return { kind: 'in-progress' as const };
        if (existing.fingerprint !== fingerprint) return { kind: 'reused' as const };
        if (existing.state === 'done') return { kind: 'replay' as const, status: existing.status!, body: existing.body };
      }
      const generation = await this.claims.nextVersion(`idempotency/${recordId}`, existing.generation ?? 0, leaseMs);
      if (generation === null) return { kind: 'in-progress' as const };
      const takeOver = expired ? { $set: { ...fresh, generation }, $unset: { status: 1, body: 1 } } : { $set: { leaseUntil: fresh.leaseUntil, generation } };
      await this.records.updateOne({ _id: recordId }, takeOver);
      return { kind: 'claimed' as const };
    }
    return { kind: 'in-progress' as const };
  }

  async finish(recordId: string, status: number, body: unknown) {
    await this.records.updateOne({ _id: recordId }, { $set: { state: 'done', status, body } });
  }

  /** Lets the key be taken over at once: the outcome is unknown and a retry must find out. */
  async expireLease(recordId: string) {
    await this.records.updateOne({ _id: recordId, state: 'pending' }, { $set: { leaseUntil: new Date(0) } });
  }

  private async sweep(now: Date) {
    if (now.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = now.getTime();
    await this.records.deleteMany({ expiresAt: { $lte: now } }).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'could not sweep expired idempotency keys');
    });
  }
}

/** How many documents one write derives ids for (newDocumentId's index) that erasure looks at. */
const derivedPerWrite = 4;

/**
 * Deletes the records of the writes that saved any of `ids` (the ids newDocumentId derived from
 * their keys): an erased registration leaves no record of its request. Records are kept a day,
 * so the few there are read whole.
 */
export async function forgetRecordsThatSaved(records: Model<IdempotencyRecord>, ids: Types.ObjectId[]): Promise<void> {
  const wanted = new Set(ids.map((id) => id.toHexString()));
  const saved = [];
  for (const { _id: recordId } of await records.find({}, { _id: 1 }).lean<Pick<IdempotencyRecord, '_id'>[]>()) {
    for (let index = 0; index < derivedPerWrite; index++) {
      if (wanted.has(newDocumentId({ idempotency: { recordId } }, index).toHexString())) saved.push(recordId);
    }
  }
  if (saved.length) await records.deleteMany({ _id: { $in: saved } });
}
