import type { MessageKey, Translator } from '../../i18n/i18n';

/** A sentence of the server in the page's language, when it is one of `known` (any other stays as the server said it). */
export const sentencesOf = (known: ReadonlySet<string>) => (t: Translator['t'], sentence: string) =>
  known.has(sentence) ? t(sentence as MessageKey) : sentence;

/**
 * The server's sentences the page says before it is the person's (the answers of openapi.yaml's
 * link operations), named here so that their Hindi comes with this page's part of the catalogue,
 * not every page's. Those of the signed-in page are in signed-in-sentences.ts.
 */
export const fromServer = sentencesOf(
  new Set([
    'If we hold anything of this address, a link to your page is on its way. It works once, within 30 minutes.',
    'This link has expired or was already used. Ask for a new one on this page.',
    'Your session has ended. Ask for a new link to open your page.',
    'You are signed out.',
    'Please enter your e-mail address',
  ]),
);
