// What the supporter's own page and the volunteer hours say, in English: the pages translate them
// (frontend/src/i18n/catalogs/hi.json is keyed by these sentences).
export const supporterMessages = {
  linkRequested: 'If we hold anything of this address, a link to your page is on its way. It works once, within 30 minutes.',
  tooMany: (minutes: number) => `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  linkGone: 'This link has expired or was already used. Ask for a new one on this page.',
  noSession: 'Your session has ended. Ask for a new link to open your page.',
  signedOut: 'You are signed out.',
  notYours: 'Nothing of yours has this id',
  registrationCorrected: 'Your registration is corrected.',
  registrationWithdrawn: 'Your registration is withdrawn. No one will contact you about volunteering.',
  noHours: 'No volunteer hours are recorded for this address yet',
  erased: 'Everything we held about you is erased, but the donation records the law requires us to keep.',
  nomineeSaved: 'Your nominee is saved.',
  nomineeRemoved: 'Your nominee is removed.',
  noNominee: 'You have not named a nominee',
  consentWithdrawn: 'Your consent is withdrawn.',
  grievanceRaised: (due: string) => `Your grievance reached us. We will answer it by ${due}.`,
  hoursAdded: 'Hours recorded',
  hoursSaved: 'Hours corrected',
  hoursDeleted: 'Hours removed',
  hoursNotFound: 'No recorded hours have this id',
  volunteerNotFound: 'No registration matches',
  certificateNotFound: 'No certificate has this code',
  certificateMailed: (email: string) => `Certificate issued and mailed to ${email}`,
  certificateRevoked: 'Certificate revoked',
  alreadyRevoked: 'This certificate was revoked already',
  badRange: 'The start of the range must not be after its end',
  newsletterLanguage: (lang: 'en' | 'hi') => (lang === 'hi' ? 'Your newsletter will come in Hindi.' : 'Your newsletter will come in English.'),
  noSubscription: 'You have no newsletter subscription',
};

/** Why the donation records stay after "Erase me", as the page says it. */
export const keptByLawWhy = {
  donations:
    'Donation records stay for eight years after the financial year of the gift: the Income-tax Act asks us to keep the books and report each donation in Form 10BD.',
  receipts: 'Issued 80G receipts stay with the donation records: a receipt is never deleted, so your tax deduction can always be checked.',
  form10be: 'Form 10BE certificates stay with the donation records: they are the Income-tax Department’s proof of the donations we reported in Form 10BD.',
};
