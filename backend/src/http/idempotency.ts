import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Middleware } from 'koa';
import { Schema, Types, type Model } from 'mongoose';
import type { Logger } from 'pino';
import { HttpError } from './errors.js';
import type { Operation } from './openapi.js';
import type { ValidatedRequest } from './validate-request.js';

/**
 * Writes exactly once, after the IETF httpapi "Idempotency-Key" draft: a write sent with a key
 * is carried out once; a repeat with the same key and the same body gets the first answer again,
 * the same key with another body is refused (422), and a repeat while the first is still being
 * worked on is told to wait (409). Keys live in the database, so every instance knows them.
 */
export const idempotencyHeader = 'Idempotency-Key';

export const idempotencyMessages = {
  reused: 'This Idempotency-Key was already used for a different request. Send a new key for a new request',
  inProgress: 'A request with this Idempotency-Key is still being processed. Please retry in a moment',
};

/** How long a key and its first answer are kept. */
const keepMs = 24 * 60 * 60 * 1000;
/**
 * A key whose request neither finished nor failed cleanly (its instance died, or its database
 * went away mid-write) may be taken over after this long. Such a request cannot outlive it: the
 * database calls of a request are bounded by the driver's timeouts.
 */
export const leaseMs = 15_000;

export interface IdempotencyRecord {
  _id: string;
  fingerprint: string;
  state: 'pending' | 'done';
  leaseUntil: Date;
  expiresAt: Date;
  status?: number;
  body?: unknown;
}

export const idempotencyRecordSchema = new Schema<IdempotencyRecord>(
  {
    _id: { type: String, required: true },
    fingerprint: { type: String, required: true },
    state: { type: String, required: true },
    leaseUntil: { type: Date, required: true },
    // Swept by hand: FerretDB has no TTL indexes.
    expiresAt: { type: Date, required: true, index: true },
    status: { type: Number },
    body: { type: Schema.Types.Mixed },
  },
  { versionKey: false, minimize: false },
);

declare module 'koa' {
  interface DefaultState {
    /** Set for a write sent with an Idempotency-Key: new documents take ids derived from it. */
    idempotency?: { recordId: string };
  }
}

const sha256 = () => createHash('sha256');

/** Which stored key a request names: the same key means the same thing only for one operation and caller. */
export function idempotencyRecordId(operationId: string, caller: string, key: string): string {
  return sha256().update(`${operationId}\n${caller}\n${key}`).digest('hex');
}

/**
 * The id of the `index`-th document a write creates. With a key it is derived from the key, so a
 * write carried out again (after an answer was lost) finds what the first attempt saved instead of
 * saving it twice; without one it is new.
 */
export function newDocumentId(state: { idempotency?: { recordId: string } }, index = 0): Types.ObjectId {
  if (!state.idempotency) return new Types.ObjectId();
  const hex = sha256().update(`${state.idempotency.recordId}:${index}`).digest('hex').slice(0, 24);
  return new Types.ObjectId(hex);
}

async function fileDigest(filepath: string): Promise<string> {
  const hash = sha256();
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

/** True for operations whose contract declares the Idempotency-Key header. */
export const takesIdempotencyKey = (operation: Operation) =>
  operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key');

export class IdempotencyStore {
  private lastSweep = 0;
  constructor(
    private readonly records: Model<IdempotencyRecord>,
    private readonly logger: Logger,
    /** Keys the fingerprints; the same on every instance (the JWT secret serves). */
    private readonly secret: string,
  ) {}

  fingerprint(input: ValidatedRequest) {
    return fingerprintOf(input, `idempotency fingerprint\n${this.secret}`);
  }

  /**
   * Claims the key for this request, or says what to answer instead: the stored first answer,
   * or a refusal. A pending key whose lease ran out is taken over.
   */
  async claim(recordId: string, fingerprint: string, now = new Date()) {
    const fresh = {
      _id: recordId,
      fingerprint,
      state: 'pending' as const,
      leaseUntil: new Date(now.getTime() + leaseMs),
      expiresAt: new Date(now.getTime() + keepMs),
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await this.records.findById(recordId).lean<IdempotencyRecord>();
      if (!existing || existing.expiresAt <= now) {
        try {
          if (existing) await this.records.deleteOne({ _id: recordId, expiresAt: existing.expiresAt });
          await this.records.create(fresh);
          void this.sweep(now);
          return { kind: 'claimed' as const };
        } catch (error) {
          if ((error as { code?: number }).code === 11000) continue; // another instance claimed it first
          throw error;
        }
      }
      if (existing.state === 'pending' && existing.leaseUntil > now) return { kind: 'in-progress' as const };
      if (existing.fingerprint !== fingerprint) return { kind: 'reused' as const };
      if (existing.state === 'done') return { kind: 'replay' as const, status: existing.status!, body: existing.body };
      const taken = await this.records.updateOne(
        { _id: recordId, state: 'pending', leaseUntil: existing.leaseUntil },
        { $set: { leaseUntil: fresh.leaseUntil } },
      );
      if (taken.modifiedCount === 1) return { kind: 'claimed' as const };
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

/**
 * Runs after the request passed the contract (so a refused body never claims a key). Definite
 * answers (2xx, 4xx) are kept with the key; when the outcome is unknown (the database went away
 * mid-write, 5xx) the key stays claimed but may be taken over at once by a retry, which finds
 * what was saved through the ids newDocumentId derives from the key.
 */
export function idempotency(operation: Operation, store: IdempotencyStore, logger: Logger): Middleware {
  return async (ctx, next) => {
    const key = ctx.get(idempotencyHeader);
    if (!key) return next();
    const input = ctx.state.input;
    if (!input) throw new Error('idempotency ran before request validation');
    const recordId = idempotencyRecordId(operation.operationId, ctx.state.user?.sub ?? 'anonymous', key);
    const claim = await store.claim(recordId, await store.fingerprint(input));
    if (claim.kind === 'reused') throw new HttpError(422, idempotencyMessages.reused);
    if (claim.kind === 'in-progress') throw new HttpError(409, idempotencyMessages.inProgress, { headers: { 'Retry-After': '1' } });
    if (claim.kind === 'replay') {
      ctx.status = claim.status;
      ctx.body = claim.body;
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }

    ctx.state.idempotency = { recordId };
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) {
        const body: Record<string, unknown> = { success: false, message: error.message };
        if (error.options.errors?.length) body.errors = error.options.errors;
        await store.finish(recordId, error.status, body).catch(() => undefined);
      } else {
        // Not awaited: with the database away this would wait out the driver's timeout again.
        store.expireLease(recordId).catch(() => undefined);
      }
      throw error;
    }
    if (ctx.status >= 500) {
      store.expireLease(recordId).catch(() => undefined);
      return;
    }
    // The work is done: the answer goes out even if keeping it fails (a retry then finds the
    // saved documents by their derived ids and answers the same).
    await store.finish(recordId, ctx.status, ctx.body).catch((error: unknown) => {
      logger.warn({ err: error, operation: operation.operationId }, 'could not keep the answer of an idempotent write');
    });
  };
}
