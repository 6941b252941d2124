// The mails about donations: the receipt to the donor in the language of their page, and the
// notice of a new report to the admins in English. Neither carries the PAN or the address.
import type { Letter } from '../mail/compose.js';
import type { MailLang } from '../mail/model.js';
import { indianDate } from './financial-year.js';

const rupees = (lang: MailLang, amount: number) => `₹${new Intl.NumberFormat(lang === 'hi' ? 'hi-IN' : 'en-IN').format(amount)}`;

export interface ReceiptMail {
  name: string;
  amount: number;
  receivedOn: string;
  number: string;
  url: string;
  days: number;
  org: string;
  /** The legal sentence on the deduction (Settings' `receipt_mail`, in the mail's language). */
  deduction: string;
}

const receiptWords = {
  en: {
    subject: (number: string) => `Your donation receipt ${number}`,
    dear: (name: string) => `Dear ${name},`,
    thanks: (amount: string, day: string, org: string) => `Thank you for your donation of ${amount}, which reached ${org} on ${day}.`,
    link: 'Download your receipt (PDF)',
    valid: (days: number) => `The link is yours alone and works for ${days} days; please save the PDF for your tax return.`,
    regards: (org: string) => `With gratitude,\n${org}`,
  },
  hi: {
    subject: (number: string) => `आपकी दान रसीद ${number}`,
    dear: (name: string) => `प्रिय ${name},`,
    thanks: (amount: string, day: string, org: string) => `${amount} के आपके दान के लिए धन्यवाद, जो ${day} को ${org} को मिला।`,
    link: 'अपनी रसीद डाउनलोड करें (PDF)',
    valid: (days: number) => `यह लिंक केवल आपके लिए है और ${days} दिन तक काम करेगा; कृपया अपने आयकर रिटर्न के लिए PDF सहेज लें।`,
    regards: (org: string) => `आभार सहित,\n${org}`,
  },
};

export function receiptLetter(mail: ReceiptMail, lang: MailLang): Letter {
  const words = receiptWords[lang];
  return {
    lang,
    subject: words.subject(mail.number),
    blocks: [
      { p: words.dear(mail.name) },
      { p: `${words.thanks(rupees(lang, mail.amount), indianDate(mail.receivedOn), mail.org)} ${mail.deduction}` },
      { link: { label: words.link, url: mail.url } },
      { p: words.valid(mail.days) },
      { p: words.regards(mail.org) },
    ],
  };
}

export interface ReportedDonation {
  name: string;
  email: string;
  mobile: string;
  amount: number;
  reference: string;
  mode: 'upi' | 'bank';
  monthly: boolean;
  citizenship?: 'indian' | 'foreign';
  country?: string;
}

export function donationNotice(donation: ReportedDonation, listUrl: string): Letter {
  return {
    lang: 'en',
    subject: `Donation reported: ${rupees('en', donation.amount)} from ${donation.name}`,
    blocks: [
      {
        p: `${donation.name} says they paid ${rupees('en', donation.amount)}${donation.monthly ? ' (meaning to give every month)' : ''}. Please look for it in the bank account, then confirm it in the admin area: the receipt goes out once it is confirmed.`,
      },
      {
        fields: [
          ['Reference', donation.reference],
          ['Paid by', donation.mode === 'upi' ? 'UPI' : 'Bank transfer'],
          ...(donation.citizenship === 'foreign' ? [['Foreign contribution (FCRA)', donation.country ?? ''] as [string, string]] : []),
          ['E-mail', donation.email],
          ['Mobile', donation.mobile],
        ],
      },
      { link: { label: 'Open the donations', url: listUrl } },
    ],
  };
}
