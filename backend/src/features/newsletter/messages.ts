// What the newsletter's operations say: the visitors' sentences are translated on the Hindi pages
// (frontend/src/i18n/catalogs/hi.json, keyed by the English text).
export const newsletterMessages = {
  checkInbox: 'Thank you! Please check your inbox: we sent you a mail with a link to confirm your subscription.',
  tooMany: (minutes: number) => `Too many requests for this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  confirmed: 'Your subscription is confirmed. Thank you!',
  confirmLinkGone: 'This confirmation link has expired or is no longer valid. Please subscribe again to get a new one.',
  unsubscribed: 'You are unsubscribed. You will receive no more newsletters from us.',
  erased: 'You are unsubscribed, and your address is deleted from our newsletter.',
  badLink: 'This unsubscribe link is not valid. Please use the link from your latest newsletter.',
  noToken: 'This unsubscribe link is incomplete. Please open the link from the mail again.',
  // The admin's.
  postNotFound: 'There is no post with this id',
  notPublished: 'Only a published post can be sent to the subscribers. Publish it first, or send yourself a test.',
  noSubscribers: 'There are no confirmed subscribers yet, so there is no one to send it to.',
  sentBefore: (when: string) => `This post was sent to the subscribers on ${when}. To send it once more, confirm that you want to send it again.`,
  sendQueued: (count: number) => `The post is on its way to ${count} subscriber${count === 1 ? '' : 's'}.`,
  testQueued: (to: string) => `A test copy is on its way to ${to}.`,
  settingsSaved: 'Sending rate saved',
  added: (email: string) => `${email} is subscribed`,
  addedPending: (email: string) => `A confirmation mail is on its way to ${email}`,
  alreadyListed: (state: string) => `This address is on the list already (${state}).`,
  imported: (added: number, unchanged: number, invalid: number) =>
    `${added} address${added === 1 ? '' : 'es'} added, ${unchanged} already on the list, ${invalid} row${invalid === 1 ? '' : 's'} without a valid address`,
  noEmailColumn: 'The file needs a heading row with an "email" column.',
  notSubscriber: 'No subscriber has this address',
  needsConsent:
    'Only a bounced address can be subscribed again here: the site does not have the consent of a pending or unsubscribed one. Add it by hand with the reason instead.',
  updated: 'Subscriber saved',
  erasedByAdmin: (count: number) => `Erased from the newsletter (${count} record${count === 1 ? '' : 's'})`,
};
