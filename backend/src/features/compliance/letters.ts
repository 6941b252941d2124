// The compliance mails: a guardian's consent link and a donor's Form 10BE certificate in the
// reader's language, and the admins' reminders of the legal dates in English. The legal sentences
// in them are the editable ones of Settings.
import type { LegalTexts } from '@ngo-site/shared';
import { legalText } from '@ngo-site/shared';
import type { Letter } from '../mail/compose.js';
import type { MailLang } from '../mail/model.js';
import { indianDate } from '../donations/financial-year.js';

const guardianWords = {
  en: {
    subject: (child: string) => `Please confirm ${child}'s registration as a volunteer`,
    dear: (name: string) => `Dear ${name},`,
    asked: (child: string, org: string) =>
      `${child} has registered as a volunteer with ${org} and named you as their parent or guardian. As they are under 18, we keep their registration only if you agree.`,
    confirm: 'Confirm the registration',
    valid: (days: number) => `The link works once, within ${days} days. If you do not agree, or do not know of this, ignore this mail: nothing is kept.`,
    notice: 'Read what we do with their details',
  },
  hi: {
    subject: (child: string) => `कृपया ${child} के स्वयंसेवक पंजीकरण की पुष्टि करें`,
    dear: (name: string) => `प्रिय ${name},`,
    asked: (child: string, org: string) =>
      `${child} ने ${org} के साथ स्वयंसेवक के रूप में पंजीकरण किया है और आपको अपने माता-पिता या अभिभावक के रूप में बताया है। उनकी आयु 18 वर्ष से कम है, इसलिए हम उनका पंजीकरण केवल आपकी सहमति से रखते हैं।`,
    confirm: 'पंजीकरण की पुष्टि करें',
    valid: (days: number) =>
      `यह लिंक एक बार, ${days} दिनों के भीतर काम करेगा। यदि आप सहमत नहीं हैं, या आपको इसकी जानकारी नहीं है, तो इस ईमेल को अनदेखा करें: कुछ भी नहीं रखा जाएगा।`,
    notice: 'पढ़ें कि हम उनके विवरण का क्या करते हैं',
  },
};

export interface GuardianMail {
  guardian: string;
  child: string;
  org: string;
  url: string;
  noticeUrl: string;
  days: number;
  legal: LegalTexts;
}

export function guardianLetter(mail: GuardianMail, lang: MailLang): Letter {
  const words = guardianWords[lang];
  return {
    lang,
    subject: words.subject(mail.child),
    blocks: [
      { p: words.dear(mail.guardian) },
      { p: words.asked(mail.child, mail.org) },
      { p: legalText(mail.legal, 'guardian_consent', lang) },
      { link: { label: words.confirm, url: mail.url } },
      { p: words.valid(mail.days) },
      { link: { label: words.notice, url: mail.noticeUrl } },
    ],
  };
}

export function form10beLetter(mail: { name: string; fy: string; org: string; legal: LegalTexts }, lang: MailLang): Letter {
  const values = { fy: mail.fy, org: mail.org };
  return {
    lang,
    subject: legalText(mail.legal, 'form10be_subject', lang, values),
    blocks: [{ p: lang === 'hi' ? `प्रिय ${mail.name},` : `Dear ${mail.name},` }, { p: legalText(mail.legal, 'form10be_mail', lang, values) }, { p: mail.org }],
  };
}

export function deadlineReminderLetter(reminder: { title: string; dueOn: string; daysLeft: number; url: string }): Letter {
  const when = reminder.daysLeft === 0 ? 'today' : `in ${reminder.daysLeft} day${reminder.daysLeft === 1 ? '' : 's'}`;
  return {
    lang: 'en',
    subject: `Due ${when}: ${reminder.title}`,
    blocks: [
      { p: `A legal date is near: ${reminder.title}, due on ${indianDate(reminder.dueOn)} (${when}).` },
      { p: 'Once the work is done, record it as done in the admin area: the date then reminds no more.' },
      { link: { label: 'Open the legal dates', url: reminder.url } },
    ],
  };
}
