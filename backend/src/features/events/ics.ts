// Events as iCalendar (RFC 5545): one event to add to a calendar (the page's button, the
// confirmation mail's attachment) or the feed a phone subscribes to. Times are local to
// Asia/Kolkata with its VTIMEZONE; the UID stays the same for an event and SEQUENCE rises with
// each change, so a calendar updates the entry instead of adding a second one.
import { indiaIcsTime } from './india-time.js';
import type { StoredEvent } from './model.js';
import { eventTexts, summaryOf } from './views.js';

export interface CalendarEvent {
  id: string;
  title: string;
  summary: string;
  venue: string;
  address: string;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  sequence: number;
  updatedAt: Date;
  createdAt: Date;
  /** The event's page. */
  url: string;
}

export interface CalendarOptions {
  /** The site's host, which makes each UID unique in the world. */
  host: string;
  /** Shown as the calendar's name when subscribed to. */
  name: string;
  organiser?: { name: string; email: string };
  lang: 'en' | 'hi';
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
const text = (value: string) =>
  value
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\r?\n/g, '\\n')
    // Other control characters are not allowed in a content line.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    .replace(/[\x00-\x08\x0B-\x1F\x7F]/g, '');

/** UTC date-time, `20261206T033000Z`. */
const utc = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/**
 * A content line folded at 75 octets (RFC 5545 3.1): the continuation starts with a space, and a
 * character of several UTF-8 bytes (Devanagari takes three) is never split.
 */
function folded(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const indiaTimeZone = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Kolkata',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function eventLines(event: CalendarEvent, { host, organiser }: CalendarOptions): string[] {
  const location = [event.venue, event.address]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  const description = [event.summary, event.url].filter(Boolean).join('\n\n');
  return [
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${host}`,
    `DTSTAMP:${utc(event.updatedAt)}`,
    `CREATED:${utc(event.createdAt)}`,
    `LAST-MODIFIED:${utc(event.updatedAt)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART;TZID=Asia/Kolkata:${indiaIcsTime(event.startsAt)}`,
    `DTEND;TZID=Asia/Kolkata:${indiaIcsTime(event.endsAt)}`,
    `SUMMARY:${text(event.title)}`,
    ...(description ? [`DESCRIPTION:${text(description)}`] : []),
    ...(location ? [`LOCATION:${text(location)}`] : []),
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    ...(organiser?.email ? [`ORGANIZER;CN="${organiser.name.replace(/["\\;,:\r\n]/g, ' ')}":mailto:${organiser.email}`] : []),
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** A VCALENDAR holding these events (one for a single event's file, many for the feed). */
export function calendar(events: CalendarEvent[], options: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${text(options.host)}//Events//${options.lang === 'hi' ? 'HI' : 'EN'}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(options.name)}`,
    'X-WR-TIMEZONE:Asia/Kolkata',
    ...indiaTimeZone,
    ...events.flatMap((event) => eventLines(event, options)),
    'END:VCALENDAR',
  ];
  return `${lines.map(folded).join('\r\n')}\r\n`;
}

/** "Add to Google Calendar": its template link, filled in (a link the person follows; the site asks nothing of Google). */
export function googleCalendarLink(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utc(event.startsAt)}/${utc(event.endsAt)}`,
    details: [event.summary, event.url].filter(Boolean).join('\n\n'),
    location: [event.venue, event.address].filter(Boolean).join(', '),
    ctz: 'Asia/Kolkata',
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** An event as a calendar holds it, in `lang` (its Hindi texts where it has them). */
export function calendarEventOf(event: StoredEvent, lang: 'en' | 'hi', origin: string): CalendarEvent {
  const texts = eventTexts(event, lang);
  return {
    id: event._id.toHexString(),
    title: texts.title,
    summary: summaryOf(texts, 1000),
    venue: texts.venue,
    address: texts.address,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    cancelled: event.status === 'cancelled',
    sequence: event.sequence,
    updatedAt: event.updatedAt,
    createdAt: event.createdAt,
    url: `${origin}${lang === 'hi' ? '/hi' : ''}/events/${event._id.toHexString()}`,
  };
}
