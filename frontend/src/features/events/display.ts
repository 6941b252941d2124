// An event's time as a visitor in India reads it, whatever the time zone of their phone: India
// time (Asia/Kolkata) in the page's language.
import type { EventView } from '@ngo-site/shared';
import type { MessageKey } from '../../i18n/i18n';

const formats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; short: Intl.DateTimeFormat }>();
function formatsOf(locale: string) {
  let found = formats.get(locale);
  if (!found) {
    const zone = { timeZone: 'Asia/Kolkata' } as const;
    found = {
      day: new Intl.DateTimeFormat(locale, { ...zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      time: new Intl.DateTimeFormat(locale, { ...zone, hour: 'numeric', minute: '2-digit' }),
      short: new Intl.DateTimeFormat(locale, { ...zone, day: 'numeric', month: 'short' }),
    };
    formats.set(locale, found);
  }
  return found;
}

/** "Sunday, 6 December 2026, 9:00 am – 2:00 pm" (a second day named when it ends on another). */
export function eventWhen(event: Pick<EventView, 'starts_at' | 'ends_at'>, locale: string): string {
  const { day, time } = formatsOf(locale);
  const start = new Date(event.starts_at);
  const end = new Date(event.ends_at);
  const ending = day.format(start) === day.format(end) ? time.format(end) : `${day.format(end)}, ${time.format(end)}`;
  return `${day.format(start)}, ${time.format(start)} – ${ending}`;
}

/** "6 Dec": the date on an event's card. */
export const eventDay = (event: Pick<EventView, 'starts_at'>, locale: string) => formatsOf(locale).short.format(new Date(event.starts_at));

/** A time for a deadline: "Friday, 4 December 2026, 6:00 pm". */
export function instantText(instant: string, locale: string): string {
  const { day, time } = formatsOf(locale);
  return `${day.format(new Date(instant))}, ${time.format(new Date(instant))}`;
}

/** Whether an event has ended (the list shows those under "Past events"). */
export const hasEnded = (event: Pick<EventView, 'ends_at'>, now = Date.now()) => Date.parse(event.ends_at) <= now;

/** What an event's card and page say about its places. */
export function placesNote(event: Pick<EventView, 'signup' | 'places_left'>): { key: MessageKey; count?: number } | null {
  switch (event.signup) {
    case 'cancelled':
      return { key: 'Cancelled' };
    case 'waitlist':
      return { key: 'Full: join the waiting list' };
    case 'closed':
      return { key: 'Sign-up closed' };
    case 'started':
      return null;
    default:
      return event.places_left === null ? { key: 'Open to all' } : { key: '{count} places left', count: event.places_left };
  }
}

/** Where the sign-up form sits on an event's page: its plain post's answer opens there. */
export const signupFormId = 'signup-form';
