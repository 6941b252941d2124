import type { Letter } from '../mail/compose.js';
import type { MailLang } from '../mail/model.js';

const confirmWords = {
  en: {
    subject: (org: string) => `Please confirm your subscription to the newsletter of ${org}`,
    dear: (name: string) => (name ? `Dear ${name},` : 'Hello,'),
    asked: (org: string) =>
      `Someone (we hope you) asked for the newsletter of ${org} to be sent to this address. To receive it, confirm with the button on the page this link opens (it works for 7 days):`,
    button: 'Confirm my subscription',
    ignore: 'If you did not ask for it, ignore this mail: without your confirmation we send you nothing more, and we delete the request after 30 days.',
  },
  hi: {
    subject: (org: string) => `कृपया ${org} के न्यूज़लेटर की सदस्यता की पुष्टि करें`,
    dear: (name: string) => (name ? `प्रिय ${name},` : 'नमस्ते,'),
    asked: (org: string) =>
      `किसी ने (हमें आशा है कि आपने) ${org} का न्यूज़लेटर इस पते पर भेजने के लिए कहा है। इसे पाने के लिए, यह लिंक जो पेज खोलता है, उस पर बटन दबाकर पुष्टि करें (यह लिंक 7 दिन तक काम करता है):`,
    button: 'मेरी सदस्यता की पुष्टि करें',
    ignore: 'अगर आपने यह नहीं माँगा था, तो इस मेल को अनदेखा करें: आपकी पुष्टि के बिना हम आपको और कुछ नहीं भेजेंगे, और 30 दिन बाद यह अनुरोध मिटा देंगे।',
  },
} satisfies Record<MailLang, unknown>;

/** The double opt-in's mail, in the language the person chose; `confirmUrl` holds its token's placeholder (made as it is sent). */
export function confirmationLetter(lang: MailLang, name: string, org: string, confirmUrl: string): Letter {
  const words = confirmWords[lang];
  return {
    lang,
    subject: words.subject(org),
    blocks: [{ p: words.dear(name) }, { p: words.asked(org) }, { link: { label: words.button, url: confirmUrl } }, { p: words.ignore }],
  };
}

/** A test copy of a newsletter (the admin's "send a test"): the edition with a note on top. */
export const testSubject = (subject: string) => `[Test] ${subject}`;
