import { sentencesOf } from './server-sentences';

/**
 * The server's sentences of the signed-in page (its records and choices). Only the code loaded
 * once the page is the person's names them, so their Hindi is in the page's later part.
 */
export const fromServer = sentencesOf(
  new Set([
    'Your session has ended. Ask for a new link to open your page.',
    'Your registration is corrected.',
    'Your registration is withdrawn. No one will contact you about volunteering.',
    'Everything we held about you is erased, but the donation records the law requires us to keep.',
    'Your nominee is saved.',
    'Your nominee is removed.',
    'Your consent is withdrawn.',
    'Please write your grievance',
    'Your newsletter will come in Hindi.',
    'Your newsletter will come in English.',
    'Donation records stay for eight years after the financial year of the gift: the Income-tax Act asks us to keep the books and report each donation in Form 10BD.',
    'Issued 80G receipts stay with the donation records: a receipt is never deleted, so your tax deduction can always be checked.',
    'Form 10BE certificates stay with the donation records: they are the Income-tax Department’s proof of the donations we reported in Form 10BD.',
  ]),
);
