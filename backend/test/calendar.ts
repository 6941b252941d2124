// Reads an iCalendar text as a calendar program does, with ical.js (RFC 5545): it refuses what is
// not well formed, and resolves each DTSTART through the VTIMEZONE it names.
import ICAL from 'ical.js';

export interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  url: string;
  status: string;
  sequence: number;
  /** The instants DTSTART and DTEND name, in UTC. */
  start: Date;
  end: Date;
  startZone: string;
}

export function parseCalendar(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: String(component.getFirstPropertyValue('url') ?? ''),
      status: String(component.getFirstPropertyValue('status') ?? ''),
      sequence: event.sequence,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      startZone: String(component.getFirstProperty('dtstart')?.getParameter('tzid') ?? ''),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname') ?? ''), events };
}
