import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { WorkClaims } from '../../jobs/claim.js';
import { Claims } from '../../invariants/claims.js';
import { BackgroundWorker, type RequestLoad } from '../../jobs/worker.js';
import type { MailConfig } from '../../mail-config.js';
import type { Models } from '../../database.js';
import {
  bulkSettingsId,
  defaultBulkPerMinute,
  type BulkBatch,
  type BulkMail,
  type BulkOutcome,
  type BulkOutcomeState,
  type BulkRetry,
  type BulkSending,
} from './bulk-model.js';
import type { MailLang } from './model.js';
import { outboxMessages } from './outbox.js';
import { Pace } from './pace.js';
import { SmtpTransport, type BulkMessage } from './transport.js';

/** One recipient of a batch, as its purpose lists them. */
export interface BulkRecipient {
  id: string;
  to: string;
  lang: MailLang;
}

/** What a kind of bulk mail (a newsletter) tells the queue. */
export interface BulkPurpose {
  /** Every recipient of the batch, read once when the batch is prepared. */
  recipients(batch: string): Promise<BulkRecipient[]>;
  /** One recipient's message, made when it is sent (its links' tokens are made here, never stored): the same template object for every recipient of an edition. */
  compose(batch: string, mail: BulkMail): Promise<Omit<BulkMessage, 'messageId' | 'fromName'>>;
  /** The recipient's server refused the address for good (5xx to RCPT TO). */
  bounced(mail: BulkMail, response: string): Promise<void>;
}

/** Counts of a batch as the admin follows it. */
export interface BulkCounts {
  total: number;
  queued: number;
  sent: number;
  failed: number;
  bounced: number;
}

/** Recipients per chunk: the unit one instance claims and works through. */
export const bulkChunkSize = 100;
/** How long one run keeps a chunk before letting the next run (maybe another instance's) go on. */
const runBudgetMs = 5000;
/** A chunk's lease: a run's budget and a margin. A lease taken over from a live but slow instance costs double work, never a mail sent twice (each mail's own claim decides). */
const chunkLeaseMs = runBudgetMs * 2 + 5000;
const prepareLeaseMs = 5 * 60 * 1000;
const maxRetryMs = 60 * 60 * 1000;
const insertBatchSize = 500;
/**
 * Mails claimed with one insert, and recorded as sent with one more, per connection: a few, so a
 * claim is never held long before its mail goes, and an instance that dies has few mails sent and
 * not yet recorded (those go again, with their Message-ID).
 */
const groupPerConnection = 2;
/**
 * Before each mail, how long a connection waits at most for a moment when the instance answers no
 * request: visitors' requests go first, and a newsletter still moves under a steady load.
 */
const yieldMs = 250;
/** A finished batch keeps its tally; its mails and outcomes go after this long. */
const keepFinishedMs = 30 * 24 * 60 * 60 * 1000;
const sweepEveryMs = 60 * 60 * 1000;

const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000 || Boolean((error as { writeErrors?: unknown[] }).writeErrors);

/** A recipient's chunk: a hash of its id, so listing the recipients again puts each in the same chunk. */
export const chunkOf = (recipient: string, chunks: number) => createHash('sha1').update(recipient).digest().readUInt32BE(0) % chunks;

/**
 * The outbox's bulk mail: each recipient's mail is claimed by one instance before it is sent (so
 * two instances never send one), chunks of mails are shared out by leases, the rate of the settings
 * holds over all instances together, and any instance carries on after a restart or a crash. A mail
 * an instance died while sending goes again, with the same Message-ID. See docs/newsletter.md.
 */
export class BulkMailQueue {
  readonly worker: BackgroundWorker | undefined;
  private readonly transport: SmtpTransport | undefined;
  private readonly claims: WorkClaims;
  private readonly pace: Pace;
  private readonly purposes = new Map<string, BulkPurpose>();
  /** Names this instance's claims of mails being sent. */
  private readonly owner = randomBytes(12).toString('hex');
  private lastSweep = 0;

  constructor(
    private readonly models: Pick<
      Models,
      'BulkBatch' | 'BulkMail' | 'BulkSending' | 'BulkOutcome' | 'BulkRetry' | 'BulkChunkDone' | 'BulkSlot' | 'SiteSettings' | 'JobLease' | 'Claim'
    >,
    private readonly config: MailConfig,
    private readonly logger: Logger,
    private readonly fromName: () => Promise<string>,
    /** The instance's requests, which each mail waits out for a moment (see yieldMs). */
    private readonly requests?: RequestLoad,
  ) {
    this.claims = new WorkClaims(models.JobLease, 'bulk', new Claims(models.Claim));
    this.pace = new Pace(models.BulkSlot);
    const { smtpUrl } = config;
    if (!smtpUrl) return;
    this.transport = new SmtpTransport({ ...config, smtpUrl }, { connections: config.bulkConnections });
    this.worker = new BackgroundWorker({
      name: 'bulk-mail',
      logger,
      pollMs: config.pollMs,
      runTimeoutMs: runBudgetMs + config.sendTimeoutMs * 2,
      maxBackoffMs: 5 * 60 * 1000,
      run: (signal) => this.run(signal),
    });
  }

  register(purpose: string, handler: BulkPurpose) {
    this.purposes.set(purpose, handler);
  }

  /** Mails per minute over every instance (0: as fast as the server takes them). */
  async perMinute(): Promise<number> {
    const stored = await this.models.SiteSettings.findById(bulkSettingsId).lean();
    const value = (stored?.values as { per_minute?: unknown } | undefined)?.per_minute;
    return typeof value === 'number' ? value : defaultBulkPerMinute;
  }

  async setPerMinute(perMinute: number) {
    await this.models.SiteSettings.updateOne({ _id: bulkSettingsId }, { $set: { values: { per_minute: perMinute } } }, { upsert: true });
  }

  /**
   * A new batch for about `expected` recipients; the worker lists them (`purpose.recipients`)
   * and sends. Inserted once under `id`: false when a batch of that id exists.
   */
  async create(id: string, purpose: string, expected: number, now = new Date()): Promise<boolean> {
    try {
      await this.models.BulkBatch.create({ _id: id, purpose, state: 'preparing', chunks: Math.max(1, Math.ceil(expected / bulkChunkSize)), createdAt: now });
    } catch (error) {
      if (isDuplicate(error)) return false;
      throw error;
    }
    this.worker?.wake();
    return true;
  }

  /** Counts of each batch given, as they are now (a mail being sent counts as queued until its outcome). */
  async counts(batches: string[]): Promise<Map<string, BulkCounts>> {
    const found = await this.models.BulkBatch.find({ _id: { $in: batches } }).lean<BulkBatch[]>();
    const counts = new Map<string, BulkCounts>();
    for (const batch of found) {
      let tally = batch.tally;
      if (!tally) {
        tally = { sent: 0, failed: 0, bounced: 0 };
        const outcomes = await this.models.BulkOutcome.find({ batch: batch._id }, { state: 1 }).lean<Pick<BulkOutcome, 'state'>[]>();
        for (const outcome of outcomes) tally[outcome.state] += 1;
      }
      const total = Math.max(batch.total, tally.sent + tally.failed + tally.bounced);
      counts.set(batch._id, { total, queued: total - tally.sent - tally.failed - tally.bounced, ...tally });
    }
    return counts;
  }

  /** Every mail of the queue to this address and its outcomes go (an erasure); answers how many mails. */
  async forget(address: string): Promise<number> {
    const mails = await this.models.BulkMail.find({ to: address }, { _id: 1 }).lean<Pick<BulkMail, '_id'>[]>();
    for (const { _id } of mails) {
      await this.models.BulkSending.deleteOne({ _id });
      await this.models.BulkOutcome.deleteOne({ _id });
      await this.models.BulkRetry.deleteMany({ mail: _id });
      await this.models.BulkMail.deleteOne({ _id });
    }
    return mails.length;
  }

  /** One run of the worker: prepares a batch, or works through one chunk or the due retries. */
  async run(signal: AbortSignal): Promise<'more' | 'idle'> {
    await this.sweep();
    const batches = await this.models.BulkBatch.find({ state: { $in: ['preparing', 'sending'] } }).lean<BulkBatch[]>();
    batches.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const batch of batches) {
      if (signal.aborted) return 'more';
      const purpose = this.purposes.get(batch.purpose);
      if (!purpose) continue;
      if (batch.state === 'preparing') {
        if (await this.prepare(batch, purpose)) return 'more';
        continue;
      }
      const chunk = await this.workOnAChunk(batch, purpose, signal);
      if (chunk !== 'none') return chunk;
      const retries = await this.retry(batch, purpose, signal);
      if (retries !== 'none') return retries;
    }
    return 'idle';
  }

  /** Lists the batch's recipients (again after a crash: each once, by its _id). */
  private async prepare(batch: BulkBatch, purpose: BulkPurpose): Promise<boolean> {
    const lease = await this.claims.hold(`prepare:${batch._id}`, prepareLeaseMs);
    if (!lease) return false;
    try {
      // Another instance may have prepared it since this run read the batch.
      if ((await this.models.BulkBatch.findById(batch._id, { state: 1 }).lean<Pick<BulkBatch, 'state'>>())?.state !== 'preparing') return false;
      const recipients = await purpose.recipients(batch._id);
      const mails: BulkMail[] = recipients.map((recipient) => ({
        _id: `${batch._id}:${recipient.id}`,
        batch: batch._id,
        chunk: chunkOf(recipient.id, batch.chunks),
        to: recipient.to,
        lang: recipient.lang,
        recipient: recipient.id,
      }));
      for (let start = 0; start < mails.length; start += insertBatchSize) {
        await this.models.BulkMail.collection.insertMany(mails.slice(start, start + insertBatchSize) as never[], { ordered: false }).catch((error: unknown) => {
          if (!isDuplicate(error)) throw error;
        });
      }
      const total = await this.models.BulkMail.countDocuments({ batch: batch._id });
      await this.models.BulkBatch.updateOne({ _id: batch._id }, { $set: { state: 'sending', total } });
      this.logger.info({ batch: batch._id, total }, 'bulk mail prepared');
      return true;
    } finally {
      await this.claims.release(lease);
    }
  }

  /** Claims a chunk not done yet and sends what it still holds; 'none' when every chunk is done or taken. */
  private async workOnAChunk(batch: BulkBatch, purpose: BulkPurpose, signal: AbortSignal): Promise<'more' | 'idle' | 'none'> {
    const done = new Set((await this.models.BulkChunkDone.find({ batch: batch._id }, { _id: 1 }).lean()).map((marker) => marker._id));
    const open = Array.from({ length: batch.chunks }, (_, chunk) => chunk).filter((chunk) => !done.has(`${batch._id}:${chunk}`));
    if (!open.length) return 'none';
    // Instances start at different chunks, so they rarely meet at one lease.
    const start = Math.floor(Math.random() * open.length);
    for (let index = 0; index < open.length; index++) {
      const chunk = open[(start + index) % open.length]!;
      const lease = await this.claims.hold(`${batch._id}:${chunk}`, chunkLeaseMs);
      if (!lease) continue;
      try {
        return await this.workOnChunk(batch, chunk, purpose, signal);
      } finally {
        await this.claims.release(lease);
      }
    }
    return 'none';
  }

  private async workOnChunk(batch: BulkBatch, chunk: number, purpose: BulkPurpose, signal: AbortSignal): Promise<'more' | 'idle'> {
    const where = { batch: batch._id, chunk };
    const [mails, outcomes, retries] = await Promise.all([
      this.models.BulkMail.find(where).lean<BulkMail[]>(),
      this.models.BulkOutcome.find(where, { _id: 1 }).lean<Pick<BulkOutcome, '_id'>[]>(),
      this.models.BulkRetry.find(where, { mail: 1 }).lean<Pick<BulkRetry, 'mail'>[]>(),
    ]);
    const handled = new Set([...outcomes.map((outcome) => outcome._id), ...retries.map((retry) => retry.mail)]);
    const pending = mails.filter((mail) => !handled.has(mail._id)).sort((a, b) => (a._id < b._id ? -1 : 1));
    const finished = await this.sendAll(
      pending.map((mail) => ({ mail, attempt: 1, firstFailedAt: null })),
      purpose,
      signal,
    );
    if (finished === 'all') {
      await this.models.BulkChunkDone.create({ _id: `${batch._id}:${chunk}`, batch: batch._id }).catch((error: unknown) => {
        if (!isDuplicate(error)) throw error;
      });
    }
    return finished === 'server away' ? 'idle' : 'more';
  }

  /**
   * Sends the mails, `bulkConnections` at a time, each at its moment of the rate, claiming them a
   * group at a time (one insert for the group). Stops at the run's budget or its signal
   * ('stopped'), or when the server does not answer ('server away'); the claims of the mails not
   * sent then are let go.
   */
  private async sendAll(
    work: { mail: BulkMail; attempt: number; firstFailedAt: Date | null }[],
    purpose: BulkPurpose,
    signal: AbortSignal,
  ): Promise<'all' | 'stopped' | 'server away'> {
    const until = Date.now() + runBudgetMs;
    const [perMinute, fromName] = await Promise.all([this.perMinute(), this.fromName()]);
    const connections = Math.max(1, this.config.bulkConnections);
    let stop: 'stopped' | 'server away' | null = null;
    for (let start = 0; start < work.length && !stop; start += connections * groupPerConnection) {
      const group = work.slice(start, start + connections * groupPerConnection);
      const claimed = await this.claimGroup(group.map((item) => item.mail));
      const mine = group.filter((item) => claimed.has(item.mail._id));
      const sent: BulkMail[] = [];
      let next = 0;
      const sender = async () => {
        while (!stop && next < mine.length) {
          await this.requests?.quietMoment(yieldMs, signal);
          if (stop || next >= mine.length) return;
          if (signal.aborted || Date.now() > until) {
            stop ??= 'stopped';
            return;
          }
          const item = mine[next++]!;
          // A mail left here has no outcome (its claim is let go below), so a later run sends it.
          if (!(await this.pace.take(perMinute, signal))) {
            next -= 1;
            stop ??= 'stopped';
            return;
          }
          const outcome = await this.sendOne(item, fromName, purpose);
          if (outcome === 'sent') sent.push(item.mail);
          if (outcome === 'server away') stop = 'server away';
        }
      };
      await Promise.all(Array.from({ length: connections }, sender));
      await this.recordSent(sent);
      for (const item of mine.slice(next)) await this.models.BulkSending.deleteOne({ _id: item.mail._id, owner: this.owner });
    }
    return stop ?? 'all';
  }

  /**
   * Claims the mails for this instance, all with one insert: the set of those it may send. A claim
   * met there is taken over when its instance died (its time is up) and the mail has no outcome;
   * a live instance's never is.
   */
  private async claimGroup(mails: BulkMail[]): Promise<Set<string>> {
    const until = new Date(Date.now() + runBudgetMs + this.config.sendTimeoutMs + 5000);
    const claims = mails.map((mail) => ({ _id: mail._id, owner: this.owner, until }));
    const claimed = new Set(claims.map((claim) => claim._id));
    try {
      await this.models.BulkSending.collection.insertMany(claims as never[], { ordered: false });
    } catch (error) {
      const refused = (error as { writeErrors?: { index: number; code?: number } | { index: number; code?: number }[] }).writeErrors;
      if (!refused) throw error;
      for (const { index, code } of [refused].flat()) {
        if (code !== 11000) throw error;
        claimed.delete(claims[index]!._id);
      }
    }
    for (const mail of mails) if (!claimed.has(mail._id) && (await this.takeOver(mail, until))) claimed.add(mail._id);
    return claimed;
  }

  /** A claim whose instance died (its time is up), taken over unless its mail has an outcome by now. */
  private async takeOver(mail: BulkMail, until: Date): Promise<boolean> {
    const { BulkSending: sending, BulkOutcome: outcomes } = this.models;
    const held = await sending.findById(mail._id).lean<BulkSending>();
    if (held && held.until > new Date()) return false;
    if (held) await sending.deleteOne({ _id: mail._id, owner: held.owner });
    try {
      await sending.collection.insertOne({ _id: mail._id, owner: this.owner, until } as never);
    } catch (error) {
      if (isDuplicate(error)) return false;
      throw error;
    }
    if (!(await outcomes.exists({ _id: mail._id }))) return true;
    await sending.deleteOne({ _id: mail._id, owner: this.owner });
    return false;
  }

  /** The group's mails the SMTP server took, recorded with one insert (straight to the driver: the write every mail costs). */
  private async recordSent(mails: BulkMail[]) {
    if (!mails.length) return;
    const at = new Date();
    const outcomes = mails.map((mail) => ({ _id: mail._id, batch: mail.batch, chunk: mail.chunk, state: 'sent', at, detail: null }));
    await this.models.BulkOutcome.collection.insertMany(outcomes as never[], { ordered: false }).catch((error: unknown) => {
      if (!isDuplicate(error)) throw error;
    });
  }

  /**
   * Sends one claimed mail: 'sent' (its outcome is for the caller to record), or its failure
   * written; 'server away' when no SMTP answer came.
   */
  private async sendOne(
    { mail, attempt, firstFailedAt }: { mail: BulkMail; attempt: number; firstFailedAt: Date | null },
    fromName: string,
    purpose: BulkPurpose,
  ): Promise<'sent' | 'done' | 'server away'> {
    const composed = await purpose.compose(mail.batch, mail);
    // The same on every attempt, so a receiving server can tell a retry from a new mail.
    const messageId = `<${mail.batch}.${mail.recipient}@${this.config.fromDomain}>`;
    const sent = await this.transport!.sendMessage({ ...composed, fromName, messageId });
    if (sent.ok) return 'sent';
    // Not sent: the claim goes, so the mail's next attempt (here or on another instance) may take it.
    await this.models.BulkSending.deleteOne({ _id: mail._id, owner: this.owner });
    const now = new Date();
    const firstFailure = firstFailedAt ?? now;
    const gaveUp = !sent.permanent && now.getTime() >= firstFailure.getTime() + this.config.giveUpSeconds * 1000;
    this.logger.warn({ mail: mail._id, attempt, permanent: sent.permanent, error: sent.error }, 'a bulk mail was not delivered');
    if (sent.permanent || gaveUp) {
      const state: BulkOutcomeState = sent.permanent && sent.recipient ? 'bounced' : 'failed';
      const detail = gaveUp ? outboxMessages.gaveUp(this.config.giveUpSeconds, sent.error) : (sent.response ?? sent.error);
      await this.models.BulkOutcome.create({ _id: mail._id, batch: mail.batch, chunk: mail.chunk, state, at: now, detail }).catch((error: unknown) => {
        if (!isDuplicate(error)) throw error;
      });
      if (state === 'bounced') await purpose.bounced(mail, detail);
      return 'done';
    }
    const wait = Math.min(maxRetryMs, this.config.retryMs * 2 ** (attempt - 1));
    await this.models.BulkRetry.create({
      _id: `${mail._id}:${attempt}`,
      batch: mail.batch,
      chunk: mail.chunk,
      mail: mail._id,
      attempt,
      dueAt: new Date(now.getTime() + Math.round(wait * (0.75 + Math.random() * 0.5))),
      firstFailedAt: firstFailure,
      error: sent.error,
    }).catch((error: unknown) => {
      if (!isDuplicate(error)) throw error;
    });
    return sent.unanswered ? 'server away' : 'done';
  }

  /**
   * The mails that were refused for now, tried again once due; and the batch marked done once
   * every chunk is done and no retry is still open. 'none' when there was nothing to send.
   */
  private async retry(batch: BulkBatch, purpose: BulkPurpose, signal: AbortSignal): Promise<'more' | 'idle' | 'none'> {
    const retries = await this.models.BulkRetry.find({ batch: batch._id }).lean<BulkRetry[]>();
    const latest = new Map<string, BulkRetry>();
    for (const retry of retries) if ((latest.get(retry.mail)?.attempt ?? 0) < retry.attempt) latest.set(retry.mail, retry);
    const open: BulkRetry[] = [];
    for (const retry of latest.values()) if (!(await this.models.BulkOutcome.exists({ _id: retry.mail }))) open.push(retry);
    if (!open.length) {
      await this.finish(batch);
      return 'none';
    }
    const now = Date.now();
    const due = open.filter((retry) => retry.dueAt.getTime() <= now);
    for (const retry of due) {
      const lease = await this.claims.hold(`retry:${retry._id}`, chunkLeaseMs);
      if (!lease) continue;
      try {
        const mail = await this.models.BulkMail.findById(retry.mail).lean<BulkMail>();
        if (!mail) continue;
        const finished = await this.sendAll([{ mail, attempt: retry.attempt + 1, firstFailedAt: retry.firstFailedAt }], purpose, signal);
        return finished === 'server away' ? 'idle' : 'more';
      } finally {
        await this.claims.release(lease);
      }
    }
    return 'none';
  }

  /** Every mail has its outcome: the tally is written once and the batch's documents may go later. */
  private async finish(batch: BulkBatch) {
    const done = await this.models.BulkChunkDone.countDocuments({ batch: batch._id });
    if (done < batch.chunks) return;
    const counts = (await this.counts([batch._id])).get(batch._id)!;
    await this.models.BulkBatch.updateOne(
      { _id: batch._id, state: 'sending' },
      { $set: { state: 'done', finishedAt: new Date(), tally: { sent: counts.sent, failed: counts.failed, bounced: counts.bounced } } },
    );
    this.logger.info({ batch: batch._id, ...counts }, 'bulk mail finished');
  }

  /** The mails of batches finished long ago go (their tallies stay), and so do leases left by dead instances. */
  private async sweep(now = Date.now()) {
    if (now - this.lastSweep < sweepEveryMs) return;
    this.lastSweep = now;
    const old = await this.models.BulkBatch.find({ state: 'done' }, { _id: 1, finishedAt: 1 }).lean<Pick<BulkBatch, '_id' | 'finishedAt'>[]>();
    for (const { _id: batch } of old.filter((found) => found.finishedAt && found.finishedAt.getTime() < now - keepFinishedMs)) {
      const mails = await this.models.BulkMail.find({ batch }, { _id: 1 }).lean<Pick<BulkMail, '_id'>[]>();
      for (const { _id } of mails) await this.models.BulkSending.deleteOne({ _id });
      await this.models.BulkMail.deleteMany({ batch });
      await this.models.BulkOutcome.deleteMany({ batch });
      await this.models.BulkRetry.deleteMany({ batch });
      await this.models.BulkChunkDone.deleteMany({ batch });
    }
    await this.claims.sweep(keepFinishedMs);
  }

  close() {
    this.transport?.close();
  }
}
