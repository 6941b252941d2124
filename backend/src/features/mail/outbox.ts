import { Types, type Model } from 'mongoose';
import type { Logger } from 'pino';
import { WorkClaims, type Claim, type JobLease } from '../../jobs/claim.js';
import { BackgroundWorker } from '../../jobs/worker.js';
import type { Claims } from '../../invariants/claims.js';
import type { MailConfig } from '../../mail-config.js';
import { renderLetter, type Letter, type RenderedMail, type Sender } from './compose.js';
import { MailTokens, type MailToken } from './send-time-tokens.js';
import type { MailAttachment, MailKind, MailLang, OutboxMail } from './model.js';
import { SmtpTransport, type MailFile, type OutgoingMail, type SendOutcome } from './transport.js';

export interface NewMail {
  /** What the mail is for; a second mail with the same key is not queued. */
  key: string;
  kind: MailKind;
  to: string[];
  letter: Letter;
  replyTo?: { name: string; address: string } | null;
  references?: string[];
  sensitive?: boolean;
  attachments?: MailAttachment[];
  /** Tokens the letter names by placeholder (tokenPlaceholder), made when the mail is sent. */
  tokens?: Record<string, MailToken>;
}

/** The files a mail gets only as it is sent, made from the database then (a QR code, a PDF): the outbox keeps none. */
export type FilesAtSend = (mail: OutboxMail) => Promise<MailFile[]>;

/** Mails one run sends at most before it lets the next run (and the instance's requests) go first. */
const batchSize = 10;
const maxRetryMs = 60 * 60 * 1000;
const keepSentMs = 90 * 24 * 60 * 60 * 1000;
const sweepEveryMs = 60 * 60 * 1000;

export const outboxMessages = {
  gaveUp: (seconds: number, error: string) => `Not delivered within ${seconds >= 86400 ? `${seconds / 86400} day(s)` : `${seconds} s`}: ${error}`,
};

/**
 * Every mail is first written here, then sent by a worker: retried with backoff while the SMTP
 * server is away, given up (and shown as failed) when it has not gone out within a day of the
 * first attempt. Any instance may send a mail; each claims it first (jobs/claim.ts).
 */
export class Outbox {
  readonly worker: BackgroundWorker | undefined;
  /** The makers of the tokens mails carry: registered by the features that check them. */
  readonly tokens = new MailTokens();
  /** Forgets old mail every hour, whether mail goes out or waits (no SMTP server set up). */
  readonly sweeper: BackgroundWorker;
  private readonly transport: SmtpTransport | undefined;
  private readonly claims: WorkClaims;
  /** Mails the SMTP server took whose state could not be written (the database was away). */
  private readonly unrecorded: { claim: Claim<OutboxMail>; outcome: SendOutcome }[] = [];
  private lastSweep = 0;
  private readonly fileMakers = new Map<MailKind, FilesAtSend>();

  constructor(
    private readonly mails: Model<OutboxMail>,
    leases: Model<JobLease>,
    takeovers: Claims,
    private readonly config: MailConfig,
    private readonly logger: Logger,
    private readonly sender: () => Promise<Sender>,
  ) {
    this.claims = new WorkClaims(leases, 'outbox', takeovers);
    this.sweeper = new BackgroundWorker({
      name: 'outbox sweep',
      logger,
      pollMs: sweepEveryMs,
      runTimeoutMs: 60_000,
      maxBackoffMs: sweepEveryMs,
      run: async () => {
        await this.sweep();
        return 'idle';
      },
    });
    const { smtpUrl } = config;
    if (!smtpUrl) return;
    this.transport = new SmtpTransport({ ...config, smtpUrl });
    this.worker = new BackgroundWorker({
      name: 'outbox',
      logger,
      pollMs: config.pollMs,
      // A run stops taking mail after two send timeouts (sendBatch), so this hard limit only ends
      // a run whose calls hang past their own timeouts.
      runTimeoutMs: config.sendTimeoutMs * 4,
      maxBackoffMs: 5 * 60 * 1000,
      run: (signal) => this.sendBatch(signal),
    });
  }

  /** Mails of `kind` carry the files `make` makes as each is sent (the feature that writes them registers it). */
  attachAtSend(kind: MailKind, make: FilesAtSend) {
    this.fileMakers.set(kind, make);
  }

  private async withFiles(mail: OutboxMail): Promise<OutgoingMail> {
    const make = this.fileMakers.get(mail.kind);
    return make ? { ...mail, files: await make(mail) } : mail;
  }

  /** Whether mails go out (an SMTP server is set up); without one they wait here. */
  get delivering(): boolean {
    return Boolean(this.transport);
  }

  /** Writes the mail (once per key) and wakes this instance's worker: the request never waits for SMTP. */
  async enqueue(mail: NewMail): Promise<OutboxMail> {
    const sender = await this.sender();
    return this.insert(mail, mail.letter.lang, renderLetter(mail.letter, sender), sender.name);
  }

  /** A mail written elsewhere (a newsletter's test copy), queued as it is. */
  async enqueueRendered(mail: Omit<NewMail, 'letter'> & RenderedMail & { lang: MailLang }): Promise<OutboxMail> {
    const { subject, text, html } = mail;
    return this.insert(mail, mail.lang, { subject, text, html }, (await this.sender()).name);
  }

  private async insert(mail: Omit<NewMail, 'letter'>, lang: MailLang, content: RenderedMail, fromName: string): Promise<OutboxMail> {
    const _id = new Types.ObjectId();
    await this.mails
      .create({
        _id,
        key: mail.key,
        kind: mail.kind,
        lang,
        fromName,
        to: mail.to,
        replyTo: mail.replyTo ?? null,
        ...content,
        messageId: `<${_id.toHexString()}@${this.config.fromDomain}>`,
        references: mail.references ?? [],
        sensitive: mail.sensitive ?? false,
        attachments: mail.attachments ?? [],
        ...(mail.tokens && { tokens: mail.tokens }),
        state: 'queued',
        nextAttemptAt: new Date(),
      })
      .catch((error: unknown) => {
        if ((error as { code?: number }).code !== 11000) throw error;
      });
    this.worker?.wake();
    return (await this.mails.findOne({ key: mail.key }, { attachments: 0 }).lean<OutboxMail>())!;
  }

  /** Queues a failed mail again, with a new day to go out in; null when it is not failed or carries a link. */
  async resend(id: string): Promise<OutboxMail | null> {
    const mail = await this.mails
      .findOneAndUpdate(
        { _id: id, state: 'failed', sensitive: false },
        { $set: { state: 'queued', attempts: 0, nextAttemptAt: new Date(), giveUpAt: null, lastError: null, smtpResponse: null } },
        { new: true },
      )
      .lean<OutboxMail>();
    if (mail) this.worker?.wake();
    return mail;
  }

  /** One run of the worker: claims and sends up to a batch of due mails, one at a time. */
  async sendBatch(signal: AbortSignal): Promise<'more' | 'idle'> {
    const takeUntil = Date.now() + this.config.sendTimeoutMs * 2;
    await this.recordUnrecorded();
    for (let sent = 0; sent < batchSize; sent++) {
      if (signal.aborted || Date.now() > takeUntil) return 'more';
      const claim = await this.claims.claim(
        this.mails,
        { state: { $in: ['queued', 'sending'] }, nextAttemptAt: { $lte: new Date() } },
        // The lease outlasts a send, so a live instance never loses a mail it is still sending.
        { leaseMs: this.config.sendTimeoutMs + 60_000, sort: { nextAttemptAt: 1, _id: 1 } },
      );
      if (!claim) return 'idle';
      claim.work.attempts += 1;
      await this.mails.updateOne({ _id: claim.work._id }, { $set: { state: 'sending', attempts: claim.work.attempts } });
      const outcome = await this.sendWithTokens(await this.withFiles(claim.work), signal);
      await this.record(claim, outcome);
      // The server is away or busy: the other mails wait for a later run rather than fail in a row.
      if (!outcome.ok && !outcome.permanent) return 'idle';
    }
    return 'more';
  }

  /** Sends the mail with its tokens made now; a token that cannot be made fails it for good. */
  private async sendWithTokens(mail: OutgoingMail, signal: AbortSignal): Promise<SendOutcome> {
    let filled: OutgoingMail;
    try {
      filled = { ...mail, ...this.tokens.fill(mail) };
    } catch (error) {
      return { ok: false, permanent: true, error: (error as Error).message, response: null };
    }
    return this.transport!.send(filled, signal);
  }

  private async record(claim: Claim<OutboxMail>, outcome: SendOutcome) {
    const mail = claim.work;
    const now = new Date();
    let update: Partial<OutboxMail>;
    if (outcome.ok) {
      update = { state: 'sent', sentAt: now, nextAttemptAt: null, smtpResponse: outcome.response, lastError: null };
      // A password link is for its addressee only: once handed over, the outbox forgets it.
      if (mail.sensitive) Object.assign(update, { text: '', html: '' });
      // A file's bytes are kept where they came from (a certificate): the outbox needs them no longer.
      const texts = (mail.attachments ?? []).filter((attachment) => typeof attachment.content === 'string');
      if (texts.length !== (mail.attachments ?? []).length) update.attachments = texts;
    } else {
      const giveUpAt = mail.giveUpAt ?? new Date(now.getTime() + this.config.giveUpSeconds * 1000);
      const final = outcome.permanent || now >= giveUpAt;
      const error = outcome.permanent ? outcome.error : final ? outboxMessages.gaveUp(this.config.giveUpSeconds, outcome.error) : outcome.error;
      update = {
        state: final ? 'failed' : 'queued',
        // Written once, at the first failed attempt.
        ...(mail.giveUpAt ? {} : { giveUpAt }),
        lastError: error,
        smtpResponse: outcome.response,
        nextAttemptAt: final ? null : this.retryAt(mail.attempts, now),
      };
      this.logger.warn({ mail: mail._id.toHexString(), kind: mail.kind, attempts: mail.attempts, final, error }, 'a mail was not delivered');
    }
    try {
      await this.mails.updateOne({ _id: mail._id }, { $set: update });
      await this.claims.release(claim.lease);
    } catch (error) {
      if (!outcome.ok) throw error;
      // Sent, but not written down: kept here so it is recorded, not sent again, when the database is back.
      this.unrecorded.push({ claim, outcome });
      throw error;
    }
  }

  private retryAt(attempts: number, now: Date): Date {
    const wait = Math.min(maxRetryMs, this.config.retryMs * 2 ** Math.max(0, attempts - 1));
    return new Date(now.getTime() + Math.round(wait * (0.75 + Math.random() * 0.5)));
  }

  private async recordUnrecorded() {
    // record() puts a mail back here when the database is still away.
    while (this.unrecorded.length) {
      const { claim, outcome } = this.unrecorded.shift()!;
      await this.record(claim, outcome);
    }
  }

  /**
   * Mails are let go 90 days after they were sent, failed, or queued without being sent (no SMTP
   * server set up), except replies (their thread shows them): a person's details in a mail are
   * not kept longer than that.
   */
  async sweep(now = Date.now()) {
    if (now - this.lastSweep < sweepEveryMs) return;
    this.lastSweep = now;
    const before = new Date(now - keepSentMs);
    await this.mails.deleteMany({
      kind: { $ne: 'reply' },
      $or: [
        { state: 'sent', sentAt: { $lt: before } },
        { state: 'failed', updatedAt: { $lt: before } },
        { state: 'queued', createdAt: { $lt: before } },
      ],
    });
    await this.claims.sweep(keepSentMs);
  }

  close() {
    this.transport?.close();
  }
}
