// The mails of a pledge, in the language of the page it was made on: each month's reminder, the
// confirmation that it stopped, and April's statement of the year's gifts. None carries the PAN
// or the address; the stop link is put in as the mail is sent (mails.ts).
import type { Block, Letter } from '../mail/compose.js';
import type { MailLang } from '../mail/model.js';

/** The QR code's content id: the image is added as the mail is sent. */
export const qrCid = 'upi-qr@pledge';

const rupees = (lang: MailLang, amount: number) => `₹${new Intl.NumberFormat(lang === 'hi' ? 'hi-IN' : 'en-IN').format(amount)}`;
/** "May 2026" (मई 2026) of a YYYY-MM month. */
export const monthName = (lang: MailLang, month: string) =>
  new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

export interface ReminderMail {
  name: string;
  amount: number;
  month: string;
  reference: string;
  /** The UPI intent (with its QR code), when the organisation has a UPI id. */
  upi: { link: string; id: string } | null;
  bankDetails: string;
  org: string;
  /** The stop link, its token a placeholder the outbox fills in as it sends the mail. */
  stopUrl: string;
}

const words = {
  en: {
    subject: (month: string, amount: string) => `Your monthly gift for ${month}: ${amount}`,
    dear: (name: string) => `Dear ${name},`,
    intro: (month: string, amount: string) => `Thank you for giving every month. This is your reminder for ${month}: ${amount}.`,
    amount: 'Amount',
    reference: 'Reference for the payment note',
    upiId: 'UPI ID',
    pay: (amount: string) => `Pay ${amount} in a UPI app`,
    qr: (amount: string) => `QR code to pay ${amount} by UPI`,
    scan: 'Or scan the QR code with any UPI app.',
    bank: (reference: string) => `Or pay by bank transfer, with ${reference} in the remarks:`,
    keepReference: (reference: string) =>
      `Please keep ${reference} in the note or remarks of the payment: it is how we find your gift in our bank statement and send your 80G receipt.`,
    stop: 'Stop my monthly pledge',
    stopNote: 'One click stops the reminders; we will confirm it by mail.',
    regards: (org: string) => `With gratitude,\n${org}`,
    stoppedSubject: 'Your monthly pledge is stopped',
    stopped: (amount: string) =>
      `As asked, your monthly pledge of ${amount} is stopped: no more reminders will come. Thank you for every gift you made. If this was not you, just reply to this mail.`,
    statementSubject: (fy: string) => `Your gifts in the financial year ${fy}`,
    statement: (fy: string, amount: string, count: number) =>
      `Attached is the statement of the gifts we received from you in the financial year ${fy}: ${amount} in ${count} gift${count === 1 ? '' : 's'}. Each gift's 80G receipt was mailed to you when it arrived; the statement lists their numbers.`,
  },
  hi: {
    subject: (month: string, amount: string) => `${month} के लिए आपका मासिक दान: ${amount}`,
    dear: (name: string) => `प्रिय ${name},`,
    intro: (month: string, amount: string) => `हर महीने दान करने के लिए धन्यवाद। यह ${month} के लिए आपका अनुस्मारक है: ${amount}।`,
    amount: 'राशि',
    reference: 'भुगतान नोट के लिए संदर्भ',
    upiId: 'UPI आईडी',
    pay: (amount: string) => `किसी UPI ऐप में ${amount} का भुगतान करें`,
    qr: (amount: string) => `UPI से ${amount} के भुगतान का QR कोड`,
    scan: 'या किसी भी UPI ऐप से QR कोड स्कैन करें।',
    bank: (reference: string) => `या बैंक ट्रांसफ़र से भुगतान करें, टिप्पणी में ${reference} लिखें:`,
    keepReference: (reference: string) => `कृपया भुगतान के नोट या टिप्पणी में ${reference} रखें: इसी से हम अपने बैंक विवरण में आपका दान पहचानते हैं और आपकी 80G रसीद भेजते हैं।`,
    stop: 'मेरा मासिक संकल्प रोकें',
    stopNote: 'एक क्लिक से अनुस्मारक रुक जाएँगे; हम इसकी पुष्टि ईमेल से करेंगे।',
    regards: (org: string) => `आभार सहित,\n${org}`,
    stoppedSubject: 'आपका मासिक संकल्प रोक दिया गया है',
    stopped: (amount: string) =>
      `आपके कहे अनुसार ${amount} का आपका मासिक संकल्प रोक दिया गया है: अब कोई अनुस्मारक नहीं आएगा। आपके हर दान के लिए धन्यवाद। यदि यह आपने नहीं किया, तो बस इस ईमेल का उत्तर दें।`,
    statementSubject: (fy: string) => `वित्तीय वर्ष ${fy} में आपके दान`,
    statement: (fy: string, amount: string, count: number) =>
      `वित्तीय वर्ष ${fy} में आपसे मिले दानों का विवरण संलग्न है: ${count} दानों में ${amount}। हर दान की 80G रसीद उसके मिलने पर आपको भेजी गई थी; विवरण में उनकी संख्याएँ हैं।`,
  },
};

export function reminderLetter(mail: ReminderMail, lang: MailLang): Letter {
  const t = words[lang];
  const amount = rupees(lang, mail.amount);
  const blocks: Block[] = [
    { p: t.dear(mail.name) },
    { p: t.intro(monthName(lang, mail.month), amount) },
    { fields: [[t.amount, amount], [t.reference, mail.reference], ...(mail.upi ? [[t.upiId, mail.upi.id] as [string, string]] : [])] },
  ];
  if (mail.upi) blocks.push({ link: { label: t.pay(amount), url: mail.upi.link } }, { p: t.scan }, { image: { cid: qrCid, alt: t.qr(amount), width: 240 } });
  if (mail.bankDetails.trim()) blocks.push({ p: t.bank(mail.reference) }, { quote: mail.bankDetails });
  blocks.push({ p: t.keepReference(mail.reference) }, { link: { label: t.stop, url: mail.stopUrl } }, { p: t.stopNote }, { p: t.regards(mail.org) });
  return { lang, subject: t.subject(monthName(lang, mail.month), amount), blocks };
}

export function stoppedLetter(mail: { name: string; amount: number; org: string }, lang: MailLang): Letter {
  const t = words[lang];
  return { lang, subject: t.stoppedSubject, blocks: [{ p: t.dear(mail.name) }, { p: t.stopped(rupees(lang, mail.amount)) }, { p: t.regards(mail.org) }] };
}

export function statementLetter(mail: { name: string; fy: string; amount: number; count: number; org: string }, lang: MailLang): Letter {
  const t = words[lang];
  return {
    lang,
    subject: t.statementSubject(mail.fy),
    blocks: [{ p: t.dear(mail.name) }, { p: t.statement(mail.fy, rupees(lang, mail.amount), mail.count) }, { p: t.regards(mail.org) }],
  };
}
