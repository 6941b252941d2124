// A mail that carries a token (a password link, a receipt link, an unsubscribe link) keeps in the
// outbox only what makes the token, never the token: the text holds a placeholder, filled in
// when the mail is sent. The outbox and every backup of it then hold nothing that opens anything.
import { createHmac, randomBytes } from 'node:crypto';
import type { OutboxMail } from './model.js';

/** What makes one token: a maker's name (registered by the feature that checks such tokens) and its arguments. */
export interface MailToken {
  maker: string;
  args: Record<string, string>;
}

export type TokenMaker = (args: Record<string, string>) => string;

/** Where a letter puts the token `name` (in a link's URL): the stored text and HTML hold this. */
export const tokenPlaceholder = (name: string) => `{{token:${name}}}`;

/** A random seed for seededToken: what the outbox keeps of a link's token. */
export const newSeed = () => randomBytes(32).toString('base64url');

/**
 * A link's token (a password link, a link to /my), made from its random seed with a key derived
 * from the server's secret for its purpose: the seed the outbox keeps opens nothing without the
 * secret, and a token of one purpose never passes for another's.
 */
export function seededToken(secret: string, purpose: string, seed: string): string {
  const key = createHmac('sha256', secret).update(purpose).digest();
  return createHmac('sha256', key).update(seed).digest('base64url');
}

/** The maker of seeded tokens, which the mailer registers for every feature. */
export const seededMaker = 'seeded';

/** What a mail names to carry the seeded token of `purpose` (its placeholder `name` in the letter). */
export const seededMailToken = (purpose: string, seed: string): MailToken => ({ maker: seededMaker, args: { purpose, seed } });

/** The makers of send-time tokens, registered by the features that make and check them. */
export class MailTokens {
  private readonly makers = new Map<string, TokenMaker>();

  register(name: string, maker: TokenMaker) {
    this.makers.set(name, maker);
  }

  /** The mail as it goes out: each placeholder replaced by its token. Throws for a maker nobody registered. */
  fill(mail: OutboxMail): OutboxMail {
    const tokens = Object.entries(mail.tokens ?? {});
    if (!tokens.length) return mail;
    let { text, html } = mail;
    for (const [name, { maker, args }] of tokens) {
      const make = this.makers.get(maker);
      if (!make) throw new Error(`no maker of "${maker}" tokens is registered`);
      const token = make(args);
      text = text.replaceAll(tokenPlaceholder(name), token);
      html = html.replaceAll(tokenPlaceholder(name), token);
    }
    return { ...mail, text, html };
  }
}
