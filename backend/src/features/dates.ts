// The organisation works in India: "today" is the date in Ranchi, not in UTC.
const siteTimeZone = 'Asia/Kolkata';

/** YYYY-MM-DD of a stored day (midnight UTC), or '' when there is none. */
export const toDay = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : '');

/** A YYYY-MM-DD string (already checked by openapi.yaml) as midnight UTC of that day. */
export const fromDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

// Made once: building a formatter costs far more than using one (page views ask for every beacon).
const siteDay = new Intl.DateTimeFormat('en-CA', { timeZone: siteTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

export const today = (now = new Date()) => fromDay(siteDay.format(now));
