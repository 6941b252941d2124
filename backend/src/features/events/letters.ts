// The mails about a sign-up, in the language of the page the person signed up on: the
// confirmation (or the waiting list), a place that became free, the reminders a day and two hours
// before, and a cancellation, theirs or the event's.
import type { Block, Letter } from '../mail/compose.js';
import type { MailLang } from './model.js';
import { indiaWhen } from './india-time.js';

/** What the letters say about the event and the person, in the person's language. */
export interface SignupLetter {
  name: string;
  seats: number;
  title: string;
  venue: string;
  address: string;
  mapUrl: string;
  startsAt: Date;
  endsAt: Date;
  pageUrl: string;
  cancelUrl: string;
  googleUrl: string;
  org: string;
  /** The place on the waiting list (waitlisted letters). */
  position?: number | null;
}

const hindiPlaces = (seats: number) => (seats === 1 ? 'एक स्थान पक्का है' : `${seats} स्थान पक्के हैं`);

const words = {
  en: {
    dear: (name: string) => `Dear ${name},`,
    when: 'When',
    where: 'Where',
    places: 'Places',
    map: 'Map',
    page: 'The event page',
    google: 'Add to Google Calendar',
    ics: 'The calendar file (event.ics) is attached: open it to add the event to any calendar.',
    cancel: 'Cancel my place',
    cancelNote: 'Can you no longer come? Please cancel, so that your place goes to someone on the waiting list.',
    leave: 'Leave the waiting list',
    regards: (org: string) => `With warm regards,\n${org}`,
    confirmedSubject: (title: string) => `Your place is confirmed: ${title}`,
    confirmed: (seats: number, title: string) => `Thank you for signing up. You have ${seats === 1 ? 'a place' : `${seats} places`} at ${title}.`,
    waitlistSubject: (title: string) => `You are on the waiting list: ${title}`,
    waitlisted: (title: string, position: number | null | undefined) =>
      `Thank you for signing up for ${title}. It is full for now, so you are on the waiting list${position ? ` (number ${position})` : ''}. If a place becomes free, we will confirm it and e-mail you at once.`,
    promotedSubject: (title: string) => `A place became free: you are confirmed for ${title}`,
    promoted: (seats: number, title: string) =>
      `Good news: ${seats === 1 ? 'a place has' : 'places have'} become free, and you are now confirmed for ${title}.`,
    reminderSubject: (kind: '24h' | '2h', title: string) => (kind === '24h' ? `Tomorrow: ${title}` : `In two hours: ${title}`),
    reminder: (kind: '24h' | '2h', title: string) =>
      kind === '24h' ? `A reminder that ${title} is tomorrow. We look forward to seeing you.` : `A reminder that ${title} starts in two hours. See you there!`,
    cancelledSubject: (title: string) => `Cancelled: ${title}`,
    eventCancelled: (title: string) =>
      `We are sorry: ${title} has been cancelled, and will not take place as planned. Your sign-up is void; the attached calendar file removes it from your calendar.`,
    rsvpCancelledSubject: (title: string) => `Your sign-up is cancelled: ${title}`,
    rsvpCancelled: (title: string) =>
      `Your sign-up for ${title} is cancelled, and your place has gone to the next person waiting. Thank you for letting us know.`,
  },
  hi: {
    dear: (name: string) => `प्रिय ${name},`,
    when: 'कब',
    where: 'कहाँ',
    places: 'स्थान',
    map: 'नक्शा',
    page: 'कार्यक्रम का पेज',
    google: 'Google कैलेंडर में जोड़ें',
    ics: 'कैलेंडर फ़ाइल (event.ics) संलग्न है: इसे खोलकर कार्यक्रम को किसी भी कैलेंडर में जोड़ें।',
    cancel: 'मेरा स्थान रद्द करें',
    cancelNote: 'अगर अब आप नहीं आ सकते, तो कृपया रद्द करें, ताकि आपका स्थान प्रतीक्षा सूची में किसी और को मिल जाए।',
    leave: 'प्रतीक्षा सूची छोड़ें',
    regards: (org: string) => `सादर,\n${org}`,
    confirmedSubject: (title: string) => `आपका स्थान पक्का है: ${title}`,
    confirmed: (seats: number, title: string) => `पंजीकरण के लिए धन्यवाद। ${title} में आपके लिए ${hindiPlaces(seats)}।`,
    waitlistSubject: (title: string) => `आप प्रतीक्षा सूची में हैं: ${title}`,
    waitlisted: (title: string, position: number | null | undefined) =>
      `${title} के लिए पंजीकरण करने के लिए धन्यवाद। अभी सभी स्थान भर चुके हैं, इसलिए आप प्रतीक्षा सूची में हैं${position ? ` (क्रमांक ${position})` : ''}। कोई स्थान खाली होते ही हम उसे पक्का करके आपको तुरंत ईमेल करेंगे।`,
    promotedSubject: (title: string) => `स्थान खाली हुआ: ${title} में आपका स्थान पक्का है`,
    promoted: (seats: number, title: string) => `अच्छी खबर: स्थान खाली हुआ है, और ${title} में अब आपके लिए ${hindiPlaces(seats)}।`,
    reminderSubject: (kind: '24h' | '2h', title: string) => (kind === '24h' ? `कल: ${title}` : `दो घंटे में: ${title}`),
    reminder: (kind: '24h' | '2h', title: string) =>
      kind === '24h' ? `याद दिला दें कि ${title} कल है। हम आपसे मिलने की प्रतीक्षा कर रहे हैं।` : `याद दिला दें कि ${title} दो घंटे में शुरू हो रहा है। वहाँ मिलते हैं!`,
    cancelledSubject: (title: string) => `रद्द: ${title}`,
    eventCancelled: (title: string) =>
      `हमें खेद है: ${title} रद्द कर दिया गया है और तय समय पर नहीं होगा। आपका पंजीकरण अब मान्य नहीं है; संलग्न कैलेंडर फ़ाइल इसे आपके कैलेंडर से हटा देती है।`,
    rsvpCancelledSubject: (title: string) => `आपका पंजीकरण रद्द हुआ: ${title}`,
    rsvpCancelled: (title: string) => `${title} के लिए आपका पंजीकरण रद्द हो गया है, और आपका स्थान प्रतीक्षा कर रहे अगले व्यक्ति को दे दिया गया है। बताने के लिए धन्यवाद।`,
  },
} satisfies Record<MailLang, unknown>;

function details(letter: SignupLetter, lang: MailLang, withPlaces: boolean): Block {
  const w = words[lang];
  const where = [letter.venue, letter.address].filter(Boolean).join(', ');
  const fields: [string, string][] = [
    [w.when, indiaWhen(letter.startsAt, letter.endsAt, lang)],
    [w.where, where],
  ];
  if (withPlaces) fields.push([w.places, String(letter.seats)]);
  if (letter.mapUrl) fields.push([w.map, letter.mapUrl]);
  return { fields };
}

const closing = (letter: SignupLetter, lang: MailLang): Block[] => [
  { link: { label: words[lang].page, url: letter.pageUrl } },
  { p: words[lang].regards(letter.org) },
];

/** A place: confirmed when signing up (`promoted`: off the waiting list). */
export function confirmedLetter(letter: SignupLetter, lang: MailLang, promoted = false): Letter {
  const w = words[lang];
  return {
    lang,
    subject: promoted ? w.promotedSubject(letter.title) : w.confirmedSubject(letter.title),
    blocks: [
      { p: w.dear(letter.name) },
      { p: promoted ? w.promoted(letter.seats, letter.title) : w.confirmed(letter.seats, letter.title) },
      details(letter, lang, true),
      { link: { label: w.google, url: letter.googleUrl } },
      { p: w.ics },
      { p: w.cancelNote },
      { link: { label: w.cancel, url: letter.cancelUrl } },
      ...closing(letter, lang),
    ],
  };
}

export function waitlistedLetter(letter: SignupLetter, lang: MailLang): Letter {
  const w = words[lang];
  return {
    lang,
    subject: w.waitlistSubject(letter.title),
    blocks: [
      { p: w.dear(letter.name) },
      { p: w.waitlisted(letter.title, letter.position) },
      details(letter, lang, true),
      { link: { label: w.leave, url: letter.cancelUrl } },
      ...closing(letter, lang),
    ],
  };
}

export function reminderLetter(letter: SignupLetter, kind: '24h' | '2h', lang: MailLang): Letter {
  const w = words[lang];
  return {
    lang,
    subject: w.reminderSubject(kind, letter.title),
    blocks: [
      { p: w.dear(letter.name) },
      { p: w.reminder(kind, letter.title) },
      details(letter, lang, true),
      { p: w.cancelNote },
      { link: { label: w.cancel, url: letter.cancelUrl } },
      ...closing(letter, lang),
    ],
  };
}

export function eventCancelledLetter(letter: SignupLetter, lang: MailLang): Letter {
  const w = words[lang];
  return {
    lang,
    subject: w.cancelledSubject(letter.title),
    blocks: [{ p: w.dear(letter.name) }, { p: w.eventCancelled(letter.title) }, details(letter, lang, false), ...closing(letter, lang)],
  };
}

export function rsvpCancelledLetter(letter: SignupLetter, lang: MailLang): Letter {
  const w = words[lang];
  return {
    lang,
    subject: w.rsvpCancelledSubject(letter.title),
    blocks: [{ p: w.dear(letter.name) }, { p: w.rsvpCancelled(letter.title) }, details(letter, lang, false), ...closing(letter, lang)],
  };
}
