import type { EventView } from '@ngo-site/shared';

/** `20261206T033000Z` */
const utc = (instant: string) => `${new Date(instant).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** "Add to Google Calendar": its template link, filled in (a link the visitor follows; the page asks nothing of Google). */
export function googleCalendarLink(event: Pick<EventView, 'title' | 'summary' | 'starts_at' | 'ends_at' | 'venue' | 'address'>): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utc(event.starts_at)}/${utc(event.ends_at)}`,
    details: event.summary,
    location: [event.venue, event.address].filter(Boolean).join(', '),
    ctz: 'Asia/Kolkata',
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** The event's own .ics file (the same the confirmation mail carries). */
export const icsLink = (event: Pick<EventView, 'id'>, lang: 'en' | 'hi') => `/api/get_event_ics.php?id=${event.id}${lang === 'hi' ? '&lang=hi' : ''}`;
