export interface CaughtMail {
  envelopeFrom: string | null;
  envelopeTo: string[];
  from: string | null;
  fromName: string;
  to: string[];
  replyTo: string[];
  replyToName: string;
  subject: string;
  text: string;
  html: string;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  dkimSignature: string | null;
  /** The List-Unsubscribe and List-Unsubscribe-Post headers as sent (bulk mail only). */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  /** Text files as text, others as base64. */
  attachments: { filename: string; contentType: string; content: string }[];
  receivedAt: string;
}

export interface MailCatcher {
  readonly port: number;
  readonly url: string;
  mails: CaughtMail[];
  /** The error code of each client connection that ended in the middle of a mail. */
  droppedConnections: string[];
  waitFor(test: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export function startMailCatcher(options?: {
  port?: number;
  host?: string;
  auth?: { user: string; pass: string };
  refuse?: { test(address: string): boolean };
  defer?: { test(address: string): boolean };
  onMail?: (mail: CaughtMail) => void;
}): Promise<MailCatcher>;
