import { createTransport, type Transporter } from 'nodemailer';
import type { MailConfig } from '../../mail-config.js';
import type { OutboxMail } from './model.js';
import { rawMessage, type RawParts } from './raw-message.js';

/** A file a mail carries; with `cid`, an image its HTML shows (`<img src="cid:…">`). */
export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string;
}

/** A mail as it goes out: as the outbox keeps it, with what it gets only then (outbox.ts, CompleteAtSend). */
export type OutgoingMail = OutboxMail & { files?: MailFile[] };

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

/** One message of bulk mail, written out when it is sent (raw-message.ts). */
export type BulkMessage = Omit<RawParts, 'from'> & { fromName: string };

/** The SMTP server's host and port as the admin may see them (never the user name or password). */
export function smtpServerOf(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return `${url.hostname}:${url.port || (secure ? 465 : 587)} (${secure ? 'TLS' : 'STARTTLS when offered'})`;
}

/** The address of `Name <address>` (or the address itself), for the envelope. */
const envelopeAddress = (from: string) => /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from;
/** Bytes as a lean read gives them back (BSON Binary) or as written (a Buffer). */
export const storedBytes = (stored: Buffer | { buffer: Uint8Array }): Buffer =>
  Buffer.isBuffer(stored) ? stored : Buffer.from(stored.buffer.buffer, stored.buffer.byteOffset, stored.buffer.byteLength);

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
  }

  async send(mail: OutgoingMail, signal: AbortSignal): Promise<SendOutcome> {
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
        // Kept with the mail (an event's calendar file, a certificate), then those made as it is sent (a QR code).
        attachments: [
          ...(mail.attachments ?? []).map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            content: typeof content === 'string' ? content : storedBytes(content),
          })),
          ...(mail.files ?? []),
        ],
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.config.sendTimeoutMs)]),
      })) as { response?: string };
      return { ok: true, response: info.response ?? '' };
    } catch (caught) {
      return failureOf(caught);
    }
  }

  /** Sends one message of bulk mail, written out as raw text (raw-message.ts). */
  async sendMessage(message: BulkMessage): Promise<SendOutcome> {
    const from = fromOf(this.config, message.fromName);
    try {
      const info = (await this.transport.sendMail({
        envelope: { from: typeof from === 'string' ? envelopeAddress(from) : from.address, to: [message.to] },
        raw: rawMessage({ ...message, from }),
        // Only its own timeout ends a message: a worker that stops lets the messages in flight end.
        signal: AbortSignal.timeout(this.config.sendTimeoutMs),
      })) as { response?: string };
      return { ok: true, response: info.response ?? '' };
    } catch (caught) {
      return failureOf(caught);
    }
  }

  close() {
    this.transport.close();
  }
}
