// Anonymous forms (a volunteer's registration, a message, a payment report) sent while the
// database is away, or hangs, are kept: the instance that got one writes it to its disk, answers
// 202 "kept", and carries it out once the database is back, with the same Idempotency-Key.
// A 503 there would not be true: FerretDB finishes a command whose client has gone, so a write
// sent just before the database hung may be stored after its visitor was told it failed.
import { randomUUID } from 'node:crypto';
import { mkdirSync, openSync, fsyncSync, closeSync, writeSync } from 'node:fs';
import { readFile, readdir, rename, rm } from 'node:fs/promises';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import path from 'node:path';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { isDatabaseDownError } from '../http/errors.js';
import type { Operation } from '../http/openapi.js';
import { BackgroundWorker } from '../jobs/worker.js';
import { idempotencyHeader } from './middleware.js';

export const keptMessage = 'Received. It is kept, and will be stored in a moment: there is no need to send it again.';

/** A kept request: what its operation's steps after the contract's check need to carry it out. */
interface KeptWrite {
  operationId: string;
  url: string;
  key: string;
  ip: string;
  input: { body: Record<string, unknown>; params: Record<string, unknown> };
  keptAt: string;
}

declare module 'koa' {
  interface DefaultState {
    /** Set while a kept request is carried out: its failure is not kept again. */
    keptReplay?: boolean;
  }
}

export class KeptWrites {
  readonly worker: BackgroundWorker;
  private koa: Koa | undefined;
  private readonly steps = new Map<string, Middleware>();

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
    /** How many may wait on this instance's disk; beyond it a form is refused (503) as before. */
    private readonly maxKept = 1000,
  ) {
    mkdirSync(dir, { recursive: true });
    this.worker = new BackgroundWorker({
      name: 'kept writes',
      logger,
      pollMs: 1000,
      runTimeoutMs: 60_000,
      // Short: a form kept while the database was away is stored within seconds of its return.
      maxBackoffMs: 2000,
      run: () => this.carryOut(),
    });
  }

  /** The app whose contexts carry the kept requests out, and each operation's steps after the contract's check. */
  attach(koa: Koa, steps: Map<string, Middleware>) {
    this.koa = koa;
    for (const [operationId, middleware] of steps) this.steps.set(operationId, middleware);
  }

  /**
   * In front of a form's steps after the contract's check: gives a request without an
   * Idempotency-Key one (new ids derive from it, so the write is carried out once however it
   * goes), and keeps the request when the database fails it.
   */
  keep(operation: Operation): Middleware {
    return async (ctx, next) => {
      if (!ctx.get(idempotencyHeader)) ctx.request.headers[idempotencyHeader.toLowerCase()] = `kept-${randomUUID()}`;
      // As the key's record fingerprints it: the steps after take the form's signals out of it.
      const sent = { ...ctx.state.input?.body };
      try {
        await next();
      } catch (error) {
        const input = ctx.state.input;
        if (ctx.state.keptReplay || !isDatabaseDownError(error) || !input || input.files.size) throw error;
        const kept: KeptWrite = {
          operationId: operation.operationId,
          url: ctx.url,
          key: ctx.get(idempotencyHeader),
          ip: ctx.ip,
          input: { body: sent, params: input.params },
          keptAt: new Date().toISOString(),
        };
        if (!(await this.write(kept))) throw error;
        this.logger.warn({ operation: operation.operationId }, 'the database is away: a form was kept, to be stored once it is back');
        ctx.status = 202;
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { success: true, message: keptMessage };
      }
    };
  }

  /** Writes the request to disk (synced), under a name of its key; false when too many wait already. */
  private async write(kept: KeptWrite): Promise<boolean> {
    if ((await readdir(this.dir)).length >= this.maxKept) return false;
    const name = `${Date.now()}-${randomUUID()}.json`;
    const scratch = path.join(this.dir, `.${name}`);
    const descriptor = openSync(scratch, 'w');
    try {
      writeSync(descriptor, JSON.stringify(kept));
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    // Whole or not at all: a request is found only once it is written through.
    await rename(scratch, path.join(this.dir, name));
    return true;
  }

  /** One run: carries out the kept requests, oldest first, until the database fails again. */
  private async carryOut(): Promise<'idle'> {
    const names = (await readdir(this.dir)).filter((name) => name.endsWith('.json')).sort();
    for (const name of names) {
      const file = path.join(this.dir, name);
      let kept: KeptWrite;
      try {
        kept = JSON.parse(await readFile(file, 'utf8')) as KeptWrite;
      } catch {
        continue; // another instance sharing the folder carried it out meanwhile
      }
      const outcome = await this.replay(kept);
      if (outcome === 'later') return 'idle';
      await rm(file, { force: true });
    }
    return 'idle';
  }

  /** Carries one kept request out through its operation's steps: 'later' while the database is away or the first attempt still holds its key. */
  private async replay(kept: KeptWrite): Promise<'done' | 'later'> {
    const steps = this.steps.get(kept.operationId);
    if (!steps || !this.koa) {
      this.logger.error({ operation: kept.operationId }, 'a kept request names no operation that keeps requests');
      return 'done';
    }
    const req = new IncomingMessage(new Socket());
    req.method = 'POST';
    req.url = kept.url;
    req.headers = { 'content-type': 'application/json', [idempotencyHeader.toLowerCase()]: kept.key };
    const ctx = this.koa.createContext(req, new ServerResponse(req));
    ctx.request.ip = kept.ip;
    ctx.state.input = { body: kept.input.body, params: kept.input.params, files: new Map() } as never;
    ctx.state.keptReplay = true;
    try {
      await steps(ctx, async () => undefined);
    } catch (error) {
      if (isDatabaseDownError(error)) throw error;
      // A refusal of what was sent (it passed the contract's check when it came): nothing to store.
      this.logger.error({ err: error, operation: kept.operationId }, 'a kept request was refused when it was carried out');
      return 'done';
    }
    // 409: the first attempt's key is still held (its lease runs out within seconds).
    if (ctx.status === 409 || ctx.status >= 500) return 'later';
    if (ctx.status >= 300) this.logger.error({ operation: kept.operationId, status: ctx.status }, 'a kept request was refused when it was carried out');
    else this.logger.info({ operation: kept.operationId, keptAt: kept.keptAt }, 'a kept form was stored');
    return 'done';
  }
}
