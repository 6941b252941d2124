// The mails of the supporter's page, in the language of the page the person used.
import type { Letter } from '../mail/compose.js';
import type { MailLang } from '../mail/model.js';

const linkWords = {
  en: {
    subject: (org: string) => `Your page at ${org}`,
    hello: 'Hello,',
    body: (org: string, minutes: number) =>
      `Here is the link to your page, where you can see and correct what ${org} holds about you, download your receipts and certificates, or have it erased. It works once, within ${minutes} minutes:`,
    open: 'Open my page',
    ignore: 'If you did not ask for it, ignore this mail: nothing changes.',
  },
  hi: {
    subject: (org: string) => `${org} पर आपका पेज`,
    hello: 'नमस्ते,',
    body: (org: string, minutes: number) =>
      `यह आपके पेज का लिंक है, जहाँ आप देख और सुधार सकते हैं कि ${org} के पास आपकी कौन-सी जानकारी है, अपनी रसीदें और प्रमाणपत्र डाउनलोड कर सकते हैं, या उसे मिटवा सकते हैं। यह एक ही बार, ${minutes} मिनट के भीतर काम करता है:`,
    open: 'मेरा पेज खोलें',
    ignore: 'अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा करें: कुछ नहीं बदलेगा।',
  },
};

export function myLinkLetter(lang: MailLang, org: string, url: string, minutes: number): Letter {
  const words = linkWords[lang];
  return {
    lang,
    subject: words.subject(org),
    blocks: [{ p: words.hello }, { p: words.body(org, minutes) }, { link: { label: words.open, url } }, { p: words.ignore }],
  };
}

const certificateWords = {
  en: {
    subject: 'Your certificate of volunteering',
    dear: (name: string) => `Dear ${name},`,
    body: (hours: string, org: string) => `Thank you for the ${hours} hours you gave as a volunteer with ${org}. Your certificate is ready.`,
    verify: 'Anyone can check it at its own page:',
    open: 'See the certificate',
    download: 'Download it as a PDF, in English or Hindi, from your page (ask for its link with this e-mail address):',
    page: 'My page',
  },
  hi: {
    subject: 'आपका स्वयंसेवा प्रमाणपत्र',
    dear: (name: string) => `प्रिय ${name},`,
    body: (hours: string, org: string) => `${org} के साथ स्वयंसेवक के रूप में दिए ${hours} घंटों के लिए धन्यवाद। आपका प्रमाणपत्र तैयार है।`,
    verify: 'कोई भी इसे इसके अपने पेज पर जाँच सकता है:',
    open: 'प्रमाणपत्र देखें',
    download: 'इसे PDF के रूप में, अंग्रेज़ी या हिंदी में, अपने पेज से डाउनलोड करें (उसका लिंक इसी ईमेल पते से माँगें):',
    page: 'मेरा पेज',
  },
};

export function certificateLetter(lang: MailLang, fields: { name: string; hours: number; org: string; verifyUrl: string; myUrl: string }): Letter {
  const words = certificateWords[lang];
  return {
    lang,
    subject: words.subject,
    blocks: [
      { p: words.dear(fields.name) },
      { p: words.body(String(fields.hours), fields.org) },
      { p: words.verify },
      { link: { label: words.open, url: fields.verifyUrl } },
      { p: words.download },
      { link: { label: words.page, url: fields.myUrl } },
    ],
  };
}
