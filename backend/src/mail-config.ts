import { createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/** Outgoing mail as the environment sets it up (docs/mail.md). */
export interface MailConfig {
  /** SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`); undefined: mails wait in the outbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender's address, and a name when it gives one (`"Name" <a@b.org>`). */
  from: string;
  /** The domain of MAIL_FROM: Message-IDs and, by default, DKIM's d= are in it. */
  fromDomain: string;
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  /** A mail not delivered within this long is given up (MAIL_GIVE_UP_AFTER, default 1d). */
  giveUpSeconds: number;
  /** The first wait after a failed attempt; it doubles with each attempt, up to an hour. */
  retryMs: number;
  /** How often an idle instance looks for mail that another instance queued. */
  pollMs: number;
  /** The longest one SMTP exchange may take. */
  sendTimeoutMs: number;
  /** Connections each instance keeps open to send bulk mail (newsletters), one mail on each at a time. */
  bulkConnections: number;
}

type Env = Record<string, string | undefined>;
type Fail = (message: string) => never;
type Read = { seconds: (name: string, fallback: string) => number; positiveInt: (name: string, fallback: number) => number };

function smtpUrlOf(raw: string | undefined, fail: Fail): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465');
  }
  if (!['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
    return fail('SMTP_URL must start with smtp:// or smtps:// and name a host');
  }
  return raw;
}

/** DKIM_PRIVATE_KEY is the PEM text (a .env line may write its line breaks as \n) or the path of a file holding it. */
function privateKeyOf(raw: string, fail: Fail): string {
  const pem = raw.includes('-----BEGIN') ? raw.replace(/\\n/g, '\n') : existsSync(raw) ? readFileSync(raw, 'utf8') : '';
  if (!pem) return fail('DKIM_PRIVATE_KEY must be a PEM private key or the path of a file holding one');
  try {
    createPrivateKey(pem);
  } catch {
    return fail('DKIM_PRIVATE_KEY could not be read as a private key (PEM, RSA or Ed25519)');
  }
  return pem;
}

export function readMailConfig(env: Env, context: { nodeEnv: string; publicUrl: string }, fail: Fail, read: Read): MailConfig {
  const smtpUrl = smtpUrlOf(env.SMTP_URL?.trim(), fail);
  const rawFrom = env.MAIL_FROM?.trim();
  if (smtpUrl && !rawFrom && context.nodeEnv === 'production')
    fail('MAIL_FROM is required when SMTP_URL is set (e.g. "Asha Foundation" <no-reply@example.org>)');
  const from = rawFrom || `no-reply@${new URL(context.publicUrl).hostname}`;
  const address = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from)?.[1] ?? from;
  const fromDomain = /^[^\s@<>"]+@([^\s@<>"]+)$/.exec(address)?.[1];
  if (!fromDomain) return fail(`MAIL_FROM must be an e-mail address, optionally with a name ("Name" <a@b.org>), got "${from}"`);

  const key = env.DKIM_PRIVATE_KEY?.trim();
  const selector = env.DKIM_SELECTOR?.trim();
  if (Boolean(key) !== Boolean(selector)) fail('DKIM_PRIVATE_KEY and DKIM_SELECTOR are set together (or neither)');
  const dkim = key && selector ? { domainName: env.DKIM_DOMAIN?.trim() || fromDomain, keySelector: selector, privateKey: privateKeyOf(key, fail) } : undefined;

  return {
    smtpUrl,
    from,
    fromDomain,
    dkim,
    giveUpSeconds: read.seconds('MAIL_GIVE_UP_AFTER', '1d'),
    retryMs: read.positiveInt('MAIL_RETRY_MS', 30_000),
    pollMs: read.positiveInt('MAIL_POLL_MS', 5_000),
    sendTimeoutMs: read.positiveInt('MAIL_SEND_TIMEOUT_MS', 30_000),
    bulkConnections: read.positiveInt('MAIL_BULK_CONNECTIONS', 4),
  };
}
