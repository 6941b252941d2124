import type { BlogDocument } from '@ngo-site/shared';
import { Schema, Types } from 'mongoose';
import type { Schemas } from '../../contract.js';

export type EventKind = Schemas['EventKind'];
export type EventStatus = Schemas['EventStatus'];
export type MailLang = 'en' | 'hi';

/** A camp, drive or training people can sign up for. */
export interface StoredEvent {
  _id: Types.ObjectId;
  title: string;
  title_hi: string;
  description: BlogDocument;
  description_hi: BlogDocument | null;
  kind: EventKind;
  starts_at: Date;
  ends_at: Date;
  venue: string;
  venue_hi: string;
  address: string;
  address_hi: string;
  map_url: string;
  /** null: no limit. */
  capacity: number | null;
  /** How many places one sign-up may take. */
  seats_limit: number;
  program: string;
  /** A media library image id, or null. */
  image: string | null;
  /** null: sign-up closes when the event starts. */
  signup_deadline: Date | null;
  status: EventStatus;
  /** The iCalendar SEQUENCE: one more with each save, so calendars take the newer copy. */
  sequence: number;
  createdAt: Date;
  updatedAt: Date;
}

const documentType = { type: Schema.Types.Mixed };

export const eventSchema = new Schema<StoredEvent>(
  {
    title: { type: String, required: true },
    title_hi: { type: String, default: '' },
    description: { ...documentType, default: () => ({ type: 'doc', content: [] }) },
    description_hi: { ...documentType, default: null },
    kind: { type: String, default: 'general' },
    starts_at: { type: Date, required: true },
    ends_at: { type: Date, required: true },
    venue: { type: String, required: true },
    venue_hi: { type: String, default: '' },
    address: { type: String, default: '' },
    address_hi: { type: String, default: '' },
    map_url: { type: String, default: '' },
    capacity: { type: Number, default: null },
    seats_limit: { type: Number, default: 1 },
    program: { type: String, default: '' },
    image: { type: String, default: null },
    signup_deadline: { type: Date, default: null },
    status: { type: String, required: true, default: 'published' },
    sequence: { type: Number, default: 0 },
  },
  { timestamps: true, minimize: false },
);
eventSchema.index({ status: 1, ends_at: 1 });
eventSchema.index({ starts_at: -1 });

/**
 * A sign-up: one person, by their normalised e-mail, for `seats` places. `status` is the seat
 * allocator's decision (seats.ts), the only writer of `status` and `order` but for the cancel,
 * whose own record (RsvpCancellation) is what decides; the allocator repairs the status from it.
 */
export interface Rsvp {
  _id: Types.ObjectId;
  event: Types.ObjectId;
  /** Trimmed and lower-cased: the supporter's key (later /my, erasure and export find it by this). */
  email: string;
  /** `<event>:<email>` while the sign-up is active (unique: one per address and event). */
  key: string;
  name: string;
  mobile: string;
  seats: number;
  lang: MailLang;
  status: 'pending' | 'confirmed' | 'waitlisted' | 'cancelled';
  /** Its place in line, given by the allocator when it first decides it (0 before). */
  order: number;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const rsvpSchema = new Schema<Rsvp>(
  {
    event: { type: Schema.Types.ObjectId, required: true },
    email: { type: String, required: true },
    key: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    mobile: { type: String, default: '' },
    seats: { type: Number, required: true, default: 1 },
    lang: { type: String, default: 'en' },
    status: { type: String, required: true, default: 'pending' },
    order: { type: Number, default: 0 },
    confirmedAt: { type: Date, default: null },
    cancelledAt: { type: Date, default: null },
  },
  { timestamps: true },
);
rsvpSchema.index({ event: 1, status: 1, order: 1 });
rsvpSchema.index({ email: 1 });

/** The active key of a sign-up, and the one a cancelled sign-up moves to so the address may sign up again. */
export const activeKey = (event: Types.ObjectId | string, email: string) => `${String(event)}:${email}`;
export const cancelledKey = (rsvp: Pick<Rsvp, '_id' | 'event' | 'email'>) => `${activeKey(rsvp.event, rsvp.email)}:cancelled:${rsvp._id.toHexString()}`;

/**
 * A cancellation, inserted once (its _id is the sign-up's): FerretDB writes an update as a read
 * and a whole-document write, so a cancel written onto the sign-up could be undone by the
 * allocator's write of the same document a moment later. An insert cannot be undone that way.
 */
export interface RsvpCancellation {
  _id: Types.ObjectId;
  event: Types.ObjectId;
  by: 'person' | 'admin';
  at: Date;
}

export const rsvpCancellationSchema = new Schema<RsvpCancellation>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    event: { type: Schema.Types.ObjectId, required: true, index: true },
    by: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

/**
 * One confirmed place: `_id` is `<event>:<seat number>`, so the unique _id lets only one sign-up
 * hold each number from 1 to the capacity. Confirmed places never exceed the capacity because
 * there are no more numbers to insert, however many instances try at once.
 */
export interface EventSeat {
  _id: string;
  event: Types.ObjectId;
  seat: number;
  rsvp: Types.ObjectId;
}

export const eventSeatSchema = new Schema<EventSeat>(
  {
    _id: { type: String, required: true },
    event: { type: Schema.Types.ObjectId, required: true, index: true },
    seat: { type: Number, required: true },
    rsvp: { type: Schema.Types.ObjectId, required: true },
  },
  { versionKey: false },
);

export const seatId = (event: Types.ObjectId | string, seat: number) => `${String(event)}:${seat}`;

/** A person checked in at the door: kept, with the event's hours, for counting volunteer hours. */
export interface EventCheckIn {
  _id: Types.ObjectId;
  /** Unique: one check-in per sign-up. */
  rsvp: Types.ObjectId;
  event: Types.ObjectId;
  email: string;
  seats: number;
  /** The event's length in hours (from starts_at to ends_at) when the person was checked in. */
  hours: number;
  at: Date;
  /** The admin account that checked them in. */
  by: string;
}

export const eventCheckInSchema = new Schema<EventCheckIn>(
  {
    rsvp: { type: Schema.Types.ObjectId, required: true, unique: true },
    event: { type: Schema.Types.ObjectId, required: true, index: true },
    email: { type: String, required: true, index: true },
    seats: { type: Number, required: true },
    hours: { type: Number, required: true },
    at: { type: Date, required: true },
    by: { type: String, default: '' },
  },
  { versionKey: false },
);

export const reminderKinds = ['24h', '2h'] as const;
export type ReminderKind = (typeof reminderKinds)[number];
export const reminderLeadMs: Record<ReminderKind, number> = { '24h': 24 * 60 * 60 * 1000, '2h': 2 * 60 * 60 * 1000 };

/**
 * A reminder to send: one per (sign-up, kind, the event's start), unique, so it is due once; a
 * new start (the event moved) makes new ones, and those for the old start lapse. The outbox's
 * key of its mail makes the sending once too, whichever instance gets it.
 */
export interface EventReminder {
  _id: Types.ObjectId;
  rsvp: Types.ObjectId;
  event: Types.ObjectId;
  kind: ReminderKind;
  /** The event's start it was made for. */
  startsAt: Date;
  due: Date;
  state: 'due' | 'sent' | 'lapsed';
  doneAt: Date | null;
}

export const eventReminderSchema = new Schema<EventReminder>(
  {
    rsvp: { type: Schema.Types.ObjectId, required: true },
    event: { type: Schema.Types.ObjectId, required: true, index: true },
    kind: { type: String, required: true },
    startsAt: { type: Date, required: true },
    due: { type: Date, required: true },
    state: { type: String, required: true, default: 'due' },
    doneAt: { type: Date, default: null },
  },
  { versionKey: false },
);
eventReminderSchema.index({ rsvp: 1, kind: 1, startsAt: 1 }, { unique: true });
eventReminderSchema.index({ state: 1, due: 1 });
