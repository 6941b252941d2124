// What the donation operations say. The public page shows these sentences in Hindi from its
// message catalogue; the admin area is English.

export const donationMessages = {
  reported: 'Thank you! We have your payment details. Once we find the payment in our bank account, we will e-mail your receipt.',
  duplicateReference: 'A payment with this transaction reference has already been reported. Please check the reference, or write to us if you paid twice.',
  recorded: 'Donation recorded',
  existingReference: 'A donation with this reference is already recorded.',
  received: (number: string) => `Donation confirmed; receipt ${number} issued`,
  receivedForeign: 'Foreign contribution confirmed: it is in the FC ledger, without an 80G receipt',
  unchanged: 'Nothing changed: the donation already has this status',
  rejected: (cancelled: string | null) => (cancelled ? `Donation rejected; receipt ${cancelled} cancelled` : 'Donation rejected'),
  reopened: 'Donation set back to pending',
  reissued: (cancelled: string, issued: string) => `Receipt ${cancelled} cancelled; receipt ${issued} issued`,
  receiptNotFound: 'No receipt has that id',
  linkNotValid: 'This receipt link is not valid or has expired. Please write to us and we will send the receipt again.',
  badYear: 'The financial year must be written as 2026-27 (the second year following the first)',
  needsMapping: 'Please choose which columns of the file hold the date, the amount and the reference.',
  imported: (matched: number, unreported: number) =>
    `${matched} reported donation${matched === 1 ? '' : 's'} matched; ${unreported} credit${unreported === 1 ? '' : 's'} no one reported`,
};
