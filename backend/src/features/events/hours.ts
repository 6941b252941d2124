// The hours of event check-ins, as the supporter's page and the hours book read them
// (supporters/hours.ts): one line per check-in, on the event's day, for its program.
import type { Services } from '../../services.js';
import type { HourLine, HourRange, HourSource } from '../supporters/hours.js';
import type { EventCheckIn, StoredEvent } from './model.js';
import { indiaIso } from './india-time.js';

export function eventCheckInHours(services: Services): HourSource {
  return async ({ email, from, to }: HourRange): Promise<HourLine[]> => {
    const { EventCheckIn, Event } = services.db.models;
    const checkIns = await EventCheckIn.find(email ? { email: email.trim().toLowerCase() } : {}).lean<EventCheckIn[]>();
    if (!checkIns.length) return [];
    const events = new Map(
      (await Event.find({ _id: { $in: checkIns.map((checkIn) => checkIn.event) } }, { title: 1, program: 1, starts_at: 1 }).lean<StoredEvent[]>()).map(
        (event) => [event._id.toHexString(), event],
      ),
    );
    return checkIns.flatMap((checkIn) => {
      const event = events.get(checkIn.event.toHexString());
      const date = indiaIso(event?.starts_at ?? checkIn.at).slice(0, 10);
      if ((from && date < from) || (to && date > to)) return [];
      return [
        {
          id: `event:${checkIn.rsvp.toHexString()}`,
          volunteer_id: null,
          email: checkIn.email,
          date,
          hours: checkIn.hours,
          note: event?.title ?? '',
          program: event?.program ?? '',
          source: 'event' as const,
        },
      ];
    });
  };
}

/** Everything of an address at events goes with the rest of it ("Erase me"): sign-ups, places, check-ins, reminders. */
export async function eraseEventRecords({ db }: Services, email: string) {
  const { Rsvp, RsvpCancellation, EventSeat, EventCheckIn, EventReminder } = db.models;
  const rsvps = (await Rsvp.find({ email: email.trim().toLowerCase() }, { _id: 1 }).lean()).map((rsvp) => rsvp._id);
  if (!rsvps.length) return [];
  await Promise.all([
    EventSeat.deleteMany({ rsvp: { $in: rsvps } }),
    EventCheckIn.deleteMany({ rsvp: { $in: rsvps } }),
    EventReminder.deleteMany({ rsvp: { $in: rsvps } }),
    RsvpCancellation.deleteMany({ _id: { $in: rsvps } }),
  ]);
  await Rsvp.deleteMany({ _id: { $in: rsvps } });
  return rsvps;
}
