// Events happen in India: the API writes their times with India's offset (+05:30, no daylight
// saving), and mails and calendars show them as a person in Ranchi reads them.
const indiaOffsetMs = (5 * 60 + 30) * 60 * 1000;

/** `2026-12-06T09:00:00+05:30` */
export function indiaIso(instant: Date): string {
  return `${new Date(instant.getTime() + indiaOffsetMs).toISOString().slice(0, 19)}+05:30`;
}

/** `20261206T090000`: the local time of an iCalendar DTSTART;TZID=Asia/Kolkata. */
export const indiaIcsTime = (instant: Date) => indiaIso(instant).slice(0, 19).replace(/[-:]/g, '');

const formats = {
  en: {
    day: new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    time: new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' }),
  },
  hi: {
    day: new Intl.DateTimeFormat('hi-IN', { timeZone: 'Asia/Kolkata', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    time: new Intl.DateTimeFormat('hi-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' }),
  },
};

/** "Sunday, 6 December 2026, 9:00 am – 2:00 pm" in the person's language (India time). */
export function indiaWhen(startsAt: Date, endsAt: Date, lang: 'en' | 'hi'): string {
  const { day, time } = formats[lang];
  const sameDay = day.format(startsAt) === day.format(endsAt);
  const end = sameDay ? time.format(endsAt) : `${day.format(endsAt)}, ${time.format(endsAt)}`;
  return `${day.format(startsAt)}, ${time.format(startsAt)} – ${end}`;
}

/** An event's length in hours, to two decimals (what a check-in counts towards volunteer hours). */
export const eventHours = (startsAt: Date, endsAt: Date) => Math.round(((endsAt.getTime() - startsAt.getTime()) / 3_600_000) * 100) / 100;
