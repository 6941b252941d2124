import { createTransport, type Transporter } from 'nodemailer';
import type { MailConfig } from '../../mail-config.js';
import type { OutboxMail } from './model.js';

export type SendOutcome =
  | { ok: true; response: string }
  /** `permanent`: the server refused this mail for good (5xx); otherwise it may go through later. */
  | { ok: false; permanent: boolean; error: string; response: string | null };

interface SmtpFailure {
  message?: string;
  code?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
}

/** The SMTP server's host and port as the admin may see them (never the user name or password). */
export function smtpServerOf(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return `${url.hostname}:${url.port || (secure ? 465 : 587)} (${secure ? 'TLS' : 'STARTTLS when offered'})`;
}

/** Bytes as a lean read gives them back (BSON Binary) or as written (a Buffer). */
export const storedBytes = (stored: Buffer | { buffer: Uint8Array }): Buffer =>
  Buffer.isBuffer(stored) ? stored : Buffer.from(stored.buffer.buffer, stored.buffer.byteOffset, stored.buffer.byteLength);

/** A sender display name for an address without one: `"Name" <address>` is left to nodemailer to encode. */
function fromOf(config: MailConfig, name: string): string | { name: string; address: string } {
  return config.from.includes('<') || !name ? config.from : { name, address: config.from };
}

/** Hands mails to the SMTP server of SMTP_URL, one connection per mail, signed with DKIM when set up. */
export class SmtpTransport {
  private readonly transport: Transporter;

  constructor(private readonly config: MailConfig & { smtpUrl: string }) {
    const timeout = config.sendTimeoutMs;
    this.transport = createTransport({
      url: config.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
      ...(config.dkim ? { dkim: config.dkim } : {}),
    });
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
        attachments: (mail.attachments ?? []).map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content: typeof content === 'string' ? content : storedBytes(content),
        })),
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.config.sendTimeoutMs)]),
      })) as { response?: string };
      return { ok: true, response: info.response ?? '' };
    } catch (caught) {
      const failure = (caught ?? {}) as SmtpFailure;
      return {
        ok: false,
        permanent: failure.permanent === true,
        error: [failure.code, failure.message].filter(Boolean).join(': ') || 'the mail could not be sent',
        response: failure.response ?? null,
      };
    }
  }

  close() {
    this.transport.close();
  }
}
