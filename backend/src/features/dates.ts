// The organisation works in India: "today" is the date in Ranchi, not in UTC.
const siteTimeZone = 'Asia/Kolkata';

/** YYYY-MM-DD of a stored day (midnight UTC), or '' when there is none. */
export const toDay = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : '');

/** A YYYY-MM-DD string (already checked by openapi.yaml) as midnight UTC of that day. */
export const fromDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

// Made once: building a formatter costs far more than using one (page views ask for every beacon).
const siteDay = new Intl.DateTimeFormat('en-CA', { timeZone: siteTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

// A time zone's date changes on a whole minute (offsets are whole minutes), so the date is
// formatted once a minute, not for every beacon (formatting costs more than the rest of one).
let known = { minute: Number.NaN, day: '' };

export const today = (now = new Date()) => {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== known.minute) known = { minute, day: siteDay.format(now) };
  return fromDay(known.day);
};

/** The day in India at `instant`, as midnight UTC of that day (how posts store their date). */
export const siteDayOf = (instant: Date) => fromDay(siteDay.format(instant));
