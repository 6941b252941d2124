import { Transform } from 'node:stream';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import type { MailConfig } from '../../mail-config.js';
import type { OutboxMail } from './model.js';

export type SendOutcome =
  | { ok: true; response: string }
  /**
   * `permanent`: the server refused this mail for good (5xx); otherwise it may go through later.
   * `recipient`: the refusal was of the recipient (RCPT TO), not of the message. `unanswered`:
   * no SMTP answer at all (the server is away or the connection broke).
   */
  | { ok: false; permanent: boolean; error: string; response: string | null; recipient?: boolean; unanswered?: boolean };

interface SmtpFailure {
  message?: string;
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
}

/** One message of bulk mail, composed when it is sent. */
export interface BulkMessage {
  to: string;
  fromName: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

/** What the commit of a bulk message found: the message is ours to finish, or another instance's. */
export class AlreadyTaken extends Error {}

/**
 * A message of bulk mail: sent, broken off because another instance had it (`taken`), or failed
 * (`committed`: its commit had run when the server refused the message at its end).
 */
export type BulkSendOutcome = { ok: true; response: string } | { ok: false; taken: true } | (SendOutcome & { ok: false; committed: boolean });

/** `commit` of sendMail's options, run by commitBeforeEnd. */
type CommittingOptions = SendMailOptions & { commit?: () => Promise<void> };

/**
 * A stream plugin: the message's last bytes (and so SMTP's final dot, which the connection adds
 * once the message ends) wait for the message's `commit`. The message is read only once the
 * server has taken the envelope (RCPT TO answered, DATA begun), so a commit runs for an accepted
 * recipient; a commit that throws breaks the transfer off and the server discards the message.
 */
function commitBeforeEnd(mail: { data: CommittingOptions; message: { transform(make: () => Transform): void } }, done: (error?: Error | null) => void) {
  const commit = mail.data.commit;
  if (commit) {
    mail.message.transform(
      () =>
        new Transform({
          transform: (chunk, _encoding, callback) => callback(null, chunk),
          flush: (callback) => void commit().then(() => callback(), callback),
        }),
    );
  }
  done();
}

/** The SMTP server's host and port as the admin may see them (never the user name or password). */
export function smtpServerOf(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return `${url.hostname}:${url.port || (secure ? 465 : 587)} (${secure ? 'TLS' : 'STARTTLS when offered'})`;
}

/** A sender display name for an address without one: `"Name" <address>` is left to nodemailer to encode. */
function fromOf(config: MailConfig, name: string): string | { name: string; address: string } {
  return config.from.includes('<') || !name ? config.from : { name, address: config.from };
}

/** What a failed send was, as the outbox records it. */
function failureOf(caught: unknown): SendOutcome & { ok: false } {
  const failure = (caught ?? {}) as SmtpFailure;
  return {
    ok: false,
    permanent: failure.permanent === true,
    error: [failure.code, failure.message].filter(Boolean).join(': ') || 'the mail could not be sent',
    response: failure.response ?? null,
    recipient: failure.command === 'RCPT TO',
    unanswered: !failure.responseCode,
  };
}

/**
 * Hands mails to the SMTP server of SMTP_URL, signed with DKIM when set up: one connection per
 * mail, or (`connections`, for bulk mail) a pool of that many connections kept open.
 */
export class SmtpTransport {
  private readonly transport: Transporter;

  constructor(
    private readonly config: MailConfig & { smtpUrl: string },
    { connections }: { connections?: number } = {},
  ) {
    const timeout = config.sendTimeoutMs;
    this.transport = createTransport({
      url: config.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
      ...(connections ? { pool: true, maxConnections: connections, maxMessages: 500 } : {}),
      ...(config.dkim ? { dkim: config.dkim } : {}),
    });
    if (connections) this.transport.use('stream', commitBeforeEnd as Parameters<Transporter['use']>[1]);
  }

  async send(mail: OutboxMail, signal: AbortSignal): Promise<SendOutcome> {
    try {
      const info = (await this.transport.sendMail({
        from: fromOf(this.config, mail.fromName),
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        references: mail.references.length ? mail.references : undefined,
        inReplyTo: mail.references.at(-1),
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.config.sendTimeoutMs)]),
      })) as { response?: string };
      return { ok: true, response: info.response ?? '' };
    } catch (caught) {
      return failureOf(caught);
    }
  }

  /**
   * Sends one message of bulk mail; `commit` runs once the server has accepted the recipient and
   * before the message ends, and the message goes through only when it resolves. It throws
   * AlreadyTaken when another instance has the message: the transfer is broken off. `committed`
   * on a failure: the commit had run, so the caller takes it back.
   */
  async sendCommitted(message: BulkMessage, commit: () => Promise<void>): Promise<BulkSendOutcome> {
    let taken = false;
    let committed = false;
    let committing: Promise<void> | undefined;
    const options: CommittingOptions = {
      from: fromOf(this.config, message.fromName),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: message.messageId,
      headers: message.headers,
      commit: () =>
        (committing = commit()).then(
          () => {
            committed = true;
          },
          (error: unknown) => {
            if (error instanceof AlreadyTaken) taken = true;
            throw error;
          },
        ),
    };
    try {
      // Only its own timeout ends a message: a worker that stops lets the messages in flight end.
      const info = (await this.transport.sendMail({ ...options, signal: AbortSignal.timeout(this.config.sendTimeoutMs) } as SendMailOptions)) as {
        response?: string;
      };
      return { ok: true, response: info.response ?? '' };
    } catch (caught) {
      // A transfer broken off while its commit was under way: the commit's outcome decides.
      await committing?.catch(() => undefined);
      return taken ? { ok: false, taken: true } : { ...failureOf(caught), committed };
    }
  }

  close() {
    this.transport.close();
  }
}
