// A mail that carries a token (a password link, a receipt link, an unsubscribe link) keeps in the
// outbox only what makes the token, never the token: the text holds a placeholder, filled in
// when the mail is sent. The outbox and every backup of it then hold nothing that opens anything.
import type { OutboxMail } from './model.js';

/** What makes one token: a maker's name (registered by the feature that checks such tokens) and its arguments. */
export interface MailToken {
  maker: string;
  args: Record<string, string>;
}

export type TokenMaker = (args: Record<string, string>) => string;

/** Where a letter puts the token `name` (in a link's URL): the stored text and HTML hold this. */
export const tokenPlaceholder = (name: string) => `{{token:${name}}}`;

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
