import type { MessageKey, Translator } from '../../i18n/i18n';

/**
 * The server's sentences this page shows (the answers of openapi.yaml's supporters operations),
 * named here so that their Hindi comes with this page's part of the catalogue, not every page's.
 */
const serverSentences = new Set<string>([
  'If we hold anything of this address, a link to your page is on its way. It works once, within 30 minutes.',
  'This link has expired or was already used. Ask for a new one on this page.',
  'Your session has ended. Ask for a new link to open your page.',
  'You are signed out.',
  'Your registration is corrected.',
  'Your registration is withdrawn. No one will contact you about volunteering.',
  'Everything we held about you is erased, but the donation records the law requires us to keep.',
  'Your nominee is saved.',
  'Your nominee is removed.',
  'Your consent is withdrawn.',
  'Please write your grievance',
  'Please enter your e-mail address',
  'Donation records stay for eight years after the financial year of the gift: the Income-tax Act asks us to keep the books and report each donation in Form 10BD.',
  'Issued 80G receipts stay with the donation records: a receipt is never deleted, so your tax deduction can always be checked.',
]);

/** A sentence of the server in the page's language (one it does not know stays as the server said it). */
export const fromServer = (t: Translator['t'], sentence: string) => (serverSentences.has(sentence) ? t(sentence as MessageKey) : sentence);
