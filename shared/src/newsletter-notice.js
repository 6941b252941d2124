// The newsletter's notice: the one line its subscribe box shows, in both languages. A consent is
// recorded with the version shown and that version's text, so a changed text is a new version
// (kept here beside the old ones) and the privacy notice on /newsletter changes with it.

/** @type {Record<number, { en: string; hi: string }>} */
export const newsletterNotices = {
  1: {
    en: 'News from our programs by e-mail, about once a month, in English or Hindi. We use your address for nothing else, and every mail has a link to unsubscribe.',
    hi: 'हमारे कार्यक्रमों की खबरें ईमेल से, लगभग महीने में एक बार, अंग्रेज़ी या हिंदी में। आपके पते का हम और कोई उपयोग नहीं करते, और हर मेल में सदस्यता छोड़ने का लिंक होता है।',
  },
};

/** The version the box shows now. */
export const newsletterNoticeVersion = 1;
