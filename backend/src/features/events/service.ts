// Events as the admin keeps them and as the public reads them: the list (upcoming first, then
// past), one event, and both as iCalendar.
import type { BlogDocument } from '@ngo-site/shared';
import { Types, type FilterQuery } from 'mongoose';
import type { RequestBody, RequestParams, Schemas } from '../../contract.js';
import { HttpError, badRequest } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { checkedDocument } from '../blogs/document.js';
import { pageHeaders } from '../listing.js';
import { contentLang } from '../translations.js';
import { calendar, calendarEventOf } from './ics.js';
import { eventMessages } from './messages.js';
import type { Rsvp, StoredEvent } from './model.js';
import type { EventSignups } from './signups.js';
import { toEventRecord, toEventView, type Taken } from './views.js';

type EventFields = Schemas['EventFields'];

const documentMessages = {
  documentTooBig: (problem: string) => `The event's description ${problem}`,
  documentRefused: (problem: string) => `The event's description cannot be saved: ${problem}`,
  imageNotStored: "The event's description shows an image that is not in the site's store; upload it from the editor's Image button",
};
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** How long an ended event stays in the calendar feed, so that subscribed calendars keep it. */
const feedKeepsMs = 30 * 24 * 60 * 60 * 1000;
const publicStatuses = { $in: ['published', 'cancelled'] };

export class EventService {
  constructor(
    private readonly services: Services,
    private readonly signups: EventSignups,
  ) {}

  private get events() {
    return this.services.db.models.Event;
  }

  /** Which of these events' pictures are in the media library (a deleted picture is not shown). */
  private async storedImages(events: StoredEvent[]): Promise<Set<string>> {
    const ids = [...new Set(events.flatMap((event) => (event.image ? [event.image.toLowerCase()] : [])))];
    const files = await this.services.images.originals(ids.map((id) => new Types.ObjectId(id)));
    return new Set(files.map((file) => file._id.toHexString()));
  }

  /** Confirmed places and the waiting list of each event. */
  private async taken(events: StoredEvent[]): Promise<Map<string, Taken>> {
    const rsvps = await this.services.db.models.Rsvp.find(
      { event: { $in: events.map((event) => event._id) }, status: { $in: ['confirmed', 'waitlisted'] } },
      { event: 1, status: 1, seats: 1 },
    ).lean<Pick<Rsvp, 'event' | 'status' | 'seats'>[]>();
    const taken = new Map(events.map((event) => [event._id.toHexString(), { seats: 0, waitlist: 0 }]));
    for (const rsvp of rsvps) {
      const count = taken.get(rsvp.event.toHexString())!;
      if (rsvp.status === 'confirmed') count.seats += rsvp.seats;
      else count.waitlist += 1;
    }
    return taken;
  }

  private async publicViews(events: StoredEvent[], lang: string): Promise<Schemas['Event'][]> {
    const [taken, images] = await Promise.all([this.taken(events), this.storedImages(events)]);
    const now = this.services.clock();
    return events.map((event) =>
      toEventView(event, taken.get(event._id.toHexString())!, contentLang(lang), now, Boolean(event.image && images.has(event.image.toLowerCase()))),
    );
  }

  /** One page of the published events: those that have not ended, soonest first, then the others, latest first. */
  async publicPage({ page = 1, limit = 12, when, lang }: RequestParams<'listEvents'>) {
    const now = this.services.clock();
    const upcoming = { status: publicStatuses, ends_at: { $gt: now } };
    const past = { status: publicStatuses, ends_at: { $lte: now } };
    const [upcomingTotal, pastTotal] = await Promise.all([
      when === 'past' ? 0 : this.events.countDocuments(upcoming),
      when === 'upcoming' ? 0 : this.events.countDocuments(past),
    ]);
    const skip = (page - 1) * limit;
    const items: StoredEvent[] = [];
    if (skip < upcomingTotal) {
      items.push(...(await this.events.find(upcoming).sort({ starts_at: 1, _id: 1 }).skip(skip).limit(limit).lean<StoredEvent[]>()));
    }
    if (items.length < limit && when !== 'upcoming') {
      const pastSkip = Math.max(0, skip - upcomingTotal);
      items.push(
        ...(await this.events
          .find(past)
          .sort({ starts_at: -1, _id: -1 })
          .skip(pastSkip)
          .limit(limit - items.length)
          .lean<StoredEvent[]>()),
      );
    }
    const total = upcomingTotal + pastTotal;
    return { items: await this.publicViews(items, lang ?? 'en'), headers: pageHeaders('/api/get_events.php', { when, lang }, { page, limit, total }) };
  }

  /** A published or cancelled event (a draft is not there for the public). */
  private async publicEvent(id: string): Promise<StoredEvent> {
    const event = await this.events.findOne({ _id: id, status: publicStatuses }).lean<StoredEvent>();
    if (!event) throw new HttpError(404, eventMessages.notFound);
    return event;
  }

  async publicOne(id: string, lang = 'en'): Promise<Schemas['Event']> {
    return (await this.publicViews([await this.publicEvent(id)], lang))[0]!;
  }

  private async calendarOptions(lang: 'en' | 'hi') {
    const { name, email } = await this.services.mail.sender();
    return { host: new URL(this.services.config.publicUrl).host, name, organiser: { name, email }, lang };
  }

  async icsOne(id: string, lang: 'en' | 'hi' = 'en'): Promise<string> {
    const event = await this.publicEvent(id);
    return calendar([calendarEventOf(event, lang, this.services.config.publicUrl)], await this.calendarOptions(lang));
  }

  async icsFeed(lang: 'en' | 'hi' = 'en'): Promise<string> {
    const since = new Date(this.services.clock().getTime() - feedKeepsMs);
    const events = await this.events
      .find({ status: publicStatuses, ends_at: { $gt: since } })
      .sort({ starts_at: 1, _id: 1 })
      .lean<StoredEvent[]>();
    return calendar(
      events.map((event) => calendarEventOf(event, lang, this.services.config.publicUrl)),
      await this.calendarOptions(lang),
    );
  }

  /** Every public event's page and when it last changed, for the sitemap. */
  async sitemapEntries(): Promise<{ id: string; updated_at: string }[]> {
    const events = await this.events
      .find({ status: publicStatuses }, { updatedAt: 1 })
      .sort({ starts_at: -1 })
      .lean<Pick<StoredEvent, '_id' | 'updatedAt'>[]>();
    return events.map((event) => ({ id: event._id.toHexString(), updated_at: event.updatedAt.toISOString() }));
  }

  /** Every event, drafts too, newest start first, with their counts. */
  async adminPage({ page = 1, limit = 25, q, status, id }: RequestParams<'listAllEvents'>) {
    const filter: FilterQuery<StoredEvent> = {};
    if (status) filter.status = status;
    if (id) filter._id = id;
    const words = q?.trim();
    if (words) filter.$or = ['title', 'title_hi', 'venue'].map((field) => ({ [field]: { $regex: escapeRegExp(words), $options: 'i' } }));
    const [events, total] = await Promise.all([
      this.events
        .find(filter)
        .sort({ starts_at: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<StoredEvent[]>(),
      this.events.countDocuments(filter),
    ]);
    return { items: await this.records(events), headers: pageHeaders('/api/get_all_events.php', { q, status }, { page, limit, total }) };
  }

  private async records(events: StoredEvent[]): Promise<Schemas['EventRecord'][]> {
    const [counts, images] = await Promise.all([this.signups.counts(events.map((event) => event._id)), this.storedImages(events)]);
    return events.map((event) => toEventRecord(event, counts.get(event._id.toHexString())!, Boolean(event.image && images.has(event.image.toLowerCase()))));
  }

  async record(id: Types.ObjectId | string): Promise<Schemas['EventRecord']> {
    const event = await this.events.findById(id).lean<StoredEvent>();
    if (!event) throw new HttpError(404, eventMessages.notFound);
    return (await this.records([event]))[0]!;
  }

  /** The fields as stored, checked beyond what openapi.yaml says: times in order, the description's photos and the picture in the store. */
  private async stored(fields: EventFields, current?: StoredEvent): Promise<Partial<StoredEvent>> {
    const { id: _id, status: _status, starts_at, ends_at, signup_deadline, description, description_hi, image, ...plain } = fields;
    const changes: Partial<StoredEvent> = { ...plain };
    if (starts_at !== undefined) changes.starts_at = new Date(starts_at);
    if (ends_at !== undefined) changes.ends_at = new Date(ends_at);
    if (signup_deadline !== undefined) changes.signup_deadline = signup_deadline === null ? null : new Date(signup_deadline);
    const startsAt = changes.starts_at ?? current?.starts_at;
    const endsAt = changes.ends_at ?? current?.ends_at;
    if (startsAt && endsAt && endsAt <= startsAt)
      throw badRequest(eventMessages.endsBeforeStart, [{ field: 'ends_at', message: 'ends_at must be after starts_at' }]);
    const deadline = changes.signup_deadline !== undefined ? changes.signup_deadline : current?.signup_deadline;
    if (deadline && startsAt && deadline > startsAt) {
      throw badRequest(eventMessages.deadlineAfterStart, [{ field: 'signup_deadline', message: 'signup_deadline must not be after starts_at' }]);
    }
    if (description !== undefined) changes.description = await checkedDocument(this.services, description, 'description', documentMessages);
    if (description_hi !== undefined) {
      changes.description_hi =
        description_hi === null ? null : await checkedDocument(this.services, description_hi as BlogDocument, 'description_hi', documentMessages);
    }
    if (image !== undefined) {
      if (image !== null && !(await this.services.images.originals([new Types.ObjectId(image)])).length) {
        throw badRequest('The picture is not in the media library; choose one there', [
          { field: 'image', message: 'image is not an image of the media library' },
        ]);
      }
      changes.image = image === null ? null : image.toLowerCase();
    }
    return changes;
  }

  async add(fields: RequestBody<'addEvent'>, id: Types.ObjectId): Promise<Schemas['EventRecord']> {
    if (!(await this.events.exists({ _id: id }))) {
      const changes = await this.stored(fields);
      await this.events.create({ _id: id, ...changes, status: fields.status ?? 'published', sequence: 0 });
    }
    return this.record(id);
  }

  /** Saves the changes; cancelling tells everyone signed up, a larger capacity confirms from the waiting list. */
  async update({ id, ...fields }: RequestBody<'updateEvent'>): Promise<{ record: Schemas['EventRecord']; message: string }> {
    const current = await this.events.findById(id).lean<StoredEvent>();
    if (!current) throw new HttpError(404, eventMessages.notFound);
    if (current.status === 'cancelled' && fields.status && fields.status !== 'cancelled') throw new HttpError(409, eventMessages.reopen);
    const changes = await this.stored(fields, current);
    if (fields.status) changes.status = fields.status;
    if (changes.capacity !== undefined && changes.capacity !== null) {
      const confirmed = await this.services.db.models.EventSeat.countDocuments({ event: current._id });
      if (changes.capacity < confirmed) throw new HttpError(409, eventMessages.belowConfirmed(confirmed));
    }
    await this.events.updateOne({ _id: current._id }, { $set: { ...changes, sequence: current.sequence + 1 } });
    const event = (await this.events.findById(current._id).lean<StoredEvent>())!;
    const cancelling = current.status !== 'cancelled' && event.status === 'cancelled';
    if (cancelling) await this.tellEveryone(event);
    else {
      if (event.starts_at.getTime() !== current.starts_at.getTime()) await this.remindAgain(event);
      // More places, or people waiting for a published draft: the waiting list moves up.
      if (changes.capacity !== undefined || (changes.status && changes.status !== current.status)) await this.signups.seats.settle(event._id);
    }
    return { record: await this.record(event._id), message: cancelling ? eventMessages.cancelled : eventMessages.updated };
  }

  /** The event is cancelled: everyone with a place or on the waiting list is mailed, in their language. */
  private async tellEveryone(event: StoredEvent) {
    const signedUp = await this.services.db.models.Rsvp.find({ event: event._id, status: { $ne: 'cancelled' } }).lean<Rsvp[]>();
    for (const rsvp of signedUp) await this.signups.mails.eventCancelled(rsvp, event);
  }

  /** The event moved: reminders for the new start (those for the old one lapse when they come due). */
  private async remindAgain(event: StoredEvent) {
    const confirmed = await this.services.db.models.Rsvp.find({ event: event._id, status: 'confirmed' }, { _id: 1 }).lean<Pick<Rsvp, '_id'>[]>();
    await this.signups.scheduleReminders(confirmed, event);
  }

  /** Deletes an event nobody signed up for; one with sign-ups is kept (409): cancel it instead. */
  async remove(id: string) {
    const event = await this.events.findById(id).lean<StoredEvent>();
    if (!event) throw new HttpError(404, eventMessages.notFound);
    if (await this.services.db.models.Rsvp.exists({ event: event._id })) throw new HttpError(409, eventMessages.hasSignups);
    await this.events.deleteOne({ _id: event._id });
  }
}
