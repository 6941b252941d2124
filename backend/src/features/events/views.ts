import { documentText, renderDocument, storedImageUrl } from '@ngo-site/shared';
import type { Schemas } from '../../contract.js';
import type { ContentLang } from '../translations.js';
import { indiaIso } from './india-time.js';
import type { EventCheckIn, Rsvp, StoredEvent } from './model.js';

type EventView = Schemas['Event'];
type EventCounts = Schemas['EventCounts'];

/** What the public pages need to know of an event's sign-ups. */
export interface Taken {
  seats: number;
  waitlist: number;
}

/** The description's first words as plain text. */
export function summaryOf(event: Pick<StoredEvent, 'description'>, max = 200): string {
  const flat = documentText(event.description).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** Whether the event takes sign-ups at `now`, and if not why. */
export function signupState(event: StoredEvent, taken: Taken, now: Date): EventView['signup'] {
  if (event.status === 'cancelled') return 'cancelled';
  if (event.starts_at <= now) return 'started';
  if (event.signup_deadline && event.signup_deadline <= now) return 'closed';
  if (event.capacity !== null && (taken.seats >= event.capacity || taken.waitlist > 0)) return 'waitlist';
  return 'open';
}

/** The event's texts in `lang`: its Hindi where it has a Hindi title, a blank Hindi text keeping its English. */
export function eventTexts(event: StoredEvent, lang: ContentLang) {
  const translated = lang === 'hi' && event.title_hi.trim() !== '';
  const pick = (english: string, hindi: string) => (translated && hindi.trim() ? hindi : english);
  return {
    translated,
    title: pick(event.title, event.title_hi),
    venue: pick(event.venue, event.venue_hi),
    address: pick(event.address, event.address_hi),
    description: translated && event.description_hi ? event.description_hi : event.description,
  };
}

/** An event as the public reads it, in `lang` (Hindi where the event has a Hindi title). */
export function toEventView(event: StoredEvent, taken: Taken, lang: ContentLang, now: Date, imageStored: boolean): EventView {
  const texts = eventTexts(event, lang);
  return {
    id: event._id.toHexString(),
    title: texts.title,
    summary: summaryOf(texts),
    description_html: renderDocument(texts.description, { lang }),
    kind: event.kind,
    status: event.status === 'cancelled' ? 'cancelled' : 'published',
    starts_at: indiaIso(event.starts_at),
    ends_at: indiaIso(event.ends_at),
    venue: texts.venue,
    address: texts.address,
    map_url: event.map_url,
    capacity: event.capacity,
    seats_limit: event.seats_limit,
    program: event.program,
    image_url: event.image && imageStored ? storedImageUrl(event.image) : null,
    signup_deadline: event.signup_deadline ? indiaIso(event.signup_deadline) : null,
    places_left: event.capacity === null ? null : Math.max(0, event.capacity - taken.seats),
    waitlist: taken.waitlist,
    signup: signupState(event, taken, now),
    updated_at: event.updatedAt.toISOString(),
    ...(lang === 'hi' ? { text_lang: texts.translated ? ('hi' as const) : ('en' as const) } : {}),
  };
}

/** An event as stored, both languages side by side, with its counts (the admin's view). */
export function toEventRecord(event: StoredEvent, counts: EventCounts, imageStored: boolean): Schemas['EventRecord'] {
  return {
    id: event._id.toHexString(),
    title: event.title,
    title_hi: event.title_hi,
    description: event.description,
    description_hi: event.description_hi,
    kind: event.kind,
    status: event.status,
    starts_at: indiaIso(event.starts_at),
    ends_at: indiaIso(event.ends_at),
    venue: event.venue,
    venue_hi: event.venue_hi,
    address: event.address,
    address_hi: event.address_hi,
    map_url: event.map_url,
    capacity: event.capacity,
    seats_limit: event.seats_limit,
    program: event.program,
    image: event.image,
    image_url: event.image && imageStored ? storedImageUrl(event.image) : null,
    signup_deadline: event.signup_deadline ? indiaIso(event.signup_deadline) : null,
    counts,
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
  };
}

/** A sign-up's status as the admin and the person read it: one not decided yet waits. */
export const shownStatus = (rsvp: Pick<Rsvp, 'status'>): Schemas['RsvpStatus'] => (rsvp.status === 'pending' ? 'waitlisted' : rsvp.status);

export function toRsvpView(rsvp: Rsvp, position: number | null, checkIn: EventCheckIn | undefined): Schemas['Rsvp'] {
  return {
    id: rsvp._id.toHexString(),
    event_id: rsvp.event.toHexString(),
    name: rsvp.name,
    email: rsvp.email,
    mobile: rsvp.mobile,
    seats: rsvp.seats,
    status: shownStatus(rsvp),
    position,
    lang: rsvp.lang,
    created_at: rsvp.createdAt.toISOString(),
    cancelled_at: rsvp.cancelledAt ? rsvp.cancelledAt.toISOString() : null,
    checked_in_at: checkIn ? checkIn.at.toISOString() : null,
  };
}
