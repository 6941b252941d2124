// What each mail says. The mails to visitors are in the language of the page they used; the mails
// to the people of the admin area are in English, as the admin area is.
import type { Letter } from './compose.js';
import type { MailLang } from './model.js';

const locales: Record<MailLang, string> = { en: 'en-IN', hi: 'hi-IN' };
const longDate = (lang: MailLang, date: Date) =>
  new Intl.DateTimeFormat(locales[lang], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(date);

const interests: Record<string, Record<MailLang, string>> = {
  teaching: { en: 'Teaching', hi: 'पढ़ाना' },
  event: { en: 'Event Management', hi: 'कार्यक्रम आयोजन' },
  fundraising: { en: 'Fundraising', hi: 'धन जुटाना' },
  social: { en: 'Social Work', hi: 'सामाजिक कार्य' },
};
const interestIn = (lang: MailLang, interest: string) => interests[interest]?.[lang] ?? interest;
const languageName: Record<MailLang, string> = { en: 'English', hi: 'Hindi' };

export interface ContactFields {
  name: string;
  email: string;
  subject: string;
  message: string;
  lang: MailLang;
  createdAt: Date;
}

export function contactNotice(message: ContactFields, inboxUrl: string): Letter {
  return {
    lang: 'en',
    subject: `New message: ${message.subject}`,
    blocks: [
      { p: `${message.name} <${message.email}> wrote through the contact form (${languageName[message.lang]} page) on ${longDate('en', message.createdAt)}.` },
      { fields: [['Subject', message.subject]] },
      { quote: message.message },
      { p: `Reply to this e-mail to answer ${message.name}, or answer from the admin area, where the reply is kept with the message:` },
      { link: { label: 'Open the messages', url: inboxUrl } },
    ],
  };
}

export interface VolunteerFields {
  name: string;
  email: string;
  mobile: string;
  interest: string;
  start_date: string;
  address: string;
  about: string;
}

const welcomeWords = {
  en: {
    subject: (org: string) => `Thank you for volunteering with ${org}`,
    dear: (name: string) => `Dear ${name},`,
    thanks: 'Thank you for registering as a volunteer. We have your details, and someone from our team will get in touch with you soon.',
    interest: 'Area of interest',
    start: 'Available from',
    mobile: 'Mobile number',
    change: 'If something has changed or you have a question, simply reply to this e-mail.',
    regards: (org: string) => `With warm regards,\n${org}`,
  },
  hi: {
    subject: (org: string) => `${org} के साथ स्वयंसेवा के लिए धन्यवाद`,
    dear: (name: string) => `प्रिय ${name},`,
    thanks: 'स्वयंसेवक के रूप में पंजीकरण करने के लिए धन्यवाद। हमें आपका विवरण मिल गया है, और हमारी टीम से कोई जल्द ही आपसे संपर्क करेगा।',
    interest: 'रुचि का क्षेत्र',
    start: 'कब से उपलब्ध',
    mobile: 'मोबाइल नंबर',
    change: 'अगर कुछ बदल गया हो या आपका कोई प्रश्न हो, तो बस इस ईमेल का जवाब दें।',
    regards: (org: string) => `सादर,\n${org}`,
  },
};

export function volunteerWelcome(volunteer: VolunteerFields, lang: MailLang, org: string): Letter {
  const words = welcomeWords[lang];
  const fields: [string, string][] = [
    [words.interest, interestIn(lang, volunteer.interest)],
    [words.start, volunteer.start_date],
    [words.mobile, volunteer.mobile],
  ];
  return {
    lang,
    subject: words.subject(org),
    blocks: [
      { p: words.dear(volunteer.name) },
      { p: words.thanks },
      { fields: fields.filter(([, value]) => value) },
      { p: words.change },
      { p: words.regards(org) },
    ],
  };
}

export function volunteerNotice(volunteer: VolunteerFields, lang: MailLang, listUrl: string): Letter {
  return {
    lang: 'en',
    subject: `New volunteer: ${volunteer.name}`,
    blocks: [
      { p: `${volunteer.name} registered as a volunteer (${languageName[lang]} page) and was sent a welcome mail.` },
      {
        fields: [
          ['E-mail', volunteer.email],
          ['Mobile', volunteer.mobile],
          ['Interest', interestIn('en', volunteer.interest)],
          ['Available from', volunteer.start_date],
          ['Address', volunteer.address],
        ],
      },
      ...(volunteer.about ? [{ quote: volunteer.about, label: 'About them:' }] : []),
      { link: { label: 'Open the volunteers', url: listUrl } },
    ],
  };
}

export function replyLetter(original: ContactFields, body: string): Letter {
  const wrote = original.lang === 'hi' ? `${longDate('hi', original.createdAt)} को आपने लिखा:` : `On ${longDate('en', original.createdAt)}, you wrote:`;
  return {
    lang: original.lang,
    subject: `Re: ${original.subject}`,
    blocks: [{ p: body }, { quote: original.message, label: wrote }],
  };
}

export function passwordResetLetter(name: string, url: string, minutes: number): Letter {
  return {
    lang: 'en',
    subject: 'Set a new password',
    blocks: [
      { p: `Hello ${name},` },
      { p: `Someone (we hope you) asked to set a new password for your account. This link works once, within ${minutes} minutes:` },
      { link: { label: 'Set a new password', url } },
      { p: 'If you did not ask for it, ignore this mail: your password stays as it is.' },
    ],
  };
}

export function invitationLetter(invite: { name: string; inviter: string; role: string; org: string; url: string; days: number }): Letter {
  const can = invite.role === 'admin' ? 'manage everything on the site' : 'write blog posts and manage the gallery';
  return {
    lang: 'en',
    subject: `You are invited to the admin area of ${invite.org}`,
    blocks: [
      { p: `Hello ${invite.name},` },
      {
        p: `${invite.inviter} has made you an account (${invite.role}) in the admin area of ${invite.org}, where you can ${can}. Choose your password to start; the link works once, within ${invite.days} days:`,
      },
      { link: { label: 'Choose your password', url: invite.url } },
    ],
  };
}

export function testLetter(org: string, requestedBy: string): Letter {
  return {
    lang: 'en',
    subject: `Test e-mail from ${org}`,
    blocks: [{ p: `${requestedBy} sent this test from the admin area's settings. If you are reading it, mail from the site arrives.` }],
  };
}
