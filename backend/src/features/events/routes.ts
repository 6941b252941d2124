// The event operations of openapi.yaml (tag events): the public reads and calendars, signing up
// and cancelling, and the admin's events and lists of the day.
import type { Context } from 'koa';
import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Handlers, type OperationContext } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import type { Services } from '../../services.js';
import { pageHeaders } from '../listing.js';
import { csvRow } from '../volunteers/csv.js';
import { eventMessages } from './messages.js';
import type { StoredEvent } from './model.js';
import type { EventService } from './service.js';
import type { EventSignups } from './signups.js';
import { shownStatus } from './views.js';

const actorOf = (ctx: OperationContext<never>) => (ctx.state.user as { sub: string }).sub;

/** A calendar file, produced once per content version and kept like the public reads. */
async function sendCalendar(ctx: Context, services: Services, key: string, produce: () => Promise<string>, filename?: string) {
  const answer = await services.published.cache.read(`calendar:${key}`, async () => ({ body: await produce() }));
  ctx.status = 200;
  ctx.type = 'text/calendar; charset=utf-8';
  if (filename) ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
  ctx.set('X-Content-Version', String(answer.version));
  ctx.body = answer.value as string;
}

export function eventHandlers(services: Services, events: EventService, signups: EventSignups): Handlers {
  const { cacheable, publishes } = services.published;
  const { Event, AuditEntry } = services.db.models;
  const eventOf = async (id: string) => {
    const event = await Event.findById(id).lean<StoredEvent>();
    if (!event) throw new HttpError(404, eventMessages.notFound);
    return event;
  };

  return {
    listEvents: cacheable(async (ctx) => {
      const { items, headers } = await events.publicPage(requestInput(ctx).params);
      return { body: { success: true as const, data: items }, headers };
    }),
    getEvent: cacheable(async (ctx) => {
      const { id, lang } = requestInput(ctx).params;
      return { body: { success: true as const, data: await events.publicOne(id, lang) } };
    }),
    async getEventIcs(ctx) {
      const { id, lang = 'en' } = requestInput(ctx).params;
      await sendCalendar(ctx, services, `${id.toLowerCase()}?${lang}`, () => events.icsOne(id, lang), `event-${id.toLowerCase()}.ics`);
    },
    async listEventsIcs(ctx) {
      const { lang = 'en' } = requestInput(ctx).params;
      await sendCalendar(ctx, services, `feed?${lang}`, () => events.icsFeed(lang));
    },

    async saveRsvp(ctx) {
      // The honeypot, the time on the page and the limit per address were checked before
      // (x-anonymous-form in openapi.yaml), which leaves out their fields.
      const { body, params } = requestInput(ctx);
      const { created, rsvp, event, position } = await signups.signUp(body, params.lang ?? 'en', newDocumentId(ctx.state));
      const status = shownStatus(rsvp);
      const message = !created ? eventMessages.alreadySignedUp : status === 'confirmed' ? eventMessages.confirmed : eventMessages.waitlisted;
      const data = { id: rsvp._id.toHexString(), event_id: event._id.toHexString(), event_title: event.title, status, seats: rsvp.seats, position };
      reply(ctx, created ? 201 : 200, { success: true, message, data });
    },
    async cancelRsvp(ctx) {
      const { rsvp, event } = await signups.cancelByToken(requestInput(ctx).body.token);
      const data = {
        id: rsvp._id.toHexString(),
        event_id: event._id.toHexString(),
        event_title: event.title,
        status: 'cancelled' as const,
        seats: rsvp.seats,
        position: null,
      };
      reply(ctx, 200, { success: true, message: eventMessages.rsvpCancelled, data });
    },

    async listAllEvents(ctx) {
      const { items, headers } = await events.adminPage(requestInput(ctx).params);
      ctx.set(headers);
      reply(ctx, 200, { success: true, data: items });
    },
    addEvent: publishes(async (ctx) => {
      const data = await events.add(requestInput(ctx).body, newDocumentId(ctx.state));
      reply(ctx, 201, { success: true, message: eventMessages.added, data });
    }),
    updateEvent: publishes(async (ctx) => {
      const { record, message } = await events.update(requestInput(ctx).body);
      reply(ctx, 200, { success: true, message, data: record });
    }),
    deleteEvent: publishes(async (ctx) => {
      await events.remove(requestInput(ctx).body.id);
      reply(ctx, 200, { success: true, message: eventMessages.deleted });
    }),

    async listRsvps(ctx) {
      const { event_id, page = 1, limit = 50, ...filters } = requestInput(ctx).params;
      const { all, counts } = await signups.list(await eventOf(event_id), filters);
      ctx.set(pageHeaders('/api/get_rsvps.php', { event_id, ...filters }, { page, limit, total: all.length }));
      reply(ctx, 200, { success: true, data: all.slice((page - 1) * limit, page * limit), counts });
    },
    async updateRsvp(ctx) {
      const { id, action } = requestInput(ctx).body;
      if (action === 'cancel') {
        const { rsvp } = await signups.cancel(id, 'admin');
        await AuditEntry.create({ action: 'rsvp.cancel', actor: actorOf(ctx), count: 1, subject: rsvp.event.toHexString() });
        return reply(ctx, 200, { success: true, message: eventMessages.adminCancelled, data: await signups.view(rsvp) });
      }
      const rsvp = action === 'check_in' ? await signups.checkIn(id, actorOf(ctx)) : await signups.undoCheckIn(id);
      reply(ctx, 200, {
        success: true,
        message: action === 'check_in' ? eventMessages.checkedIn : eventMessages.checkInUndone,
        data: await signups.view(rsvp),
      });
    },
    async exportRsvps(ctx) {
      const { event_id } = requestInput(ctx).params;
      const event = await eventOf(event_id);
      const { all } = await signups.list(event, {});
      const rows = all.map((rsvp) =>
        csvRow([
          rsvp.status,
          rsvp.position === null ? '' : String(rsvp.position),
          rsvp.name,
          rsvp.email,
          rsvp.mobile,
          String(rsvp.seats),
          rsvp.created_at,
          rsvp.checked_in_at ?? '',
          rsvp.lang,
        ]),
      );
      await AuditEntry.create({ action: 'rsvps.export', actor: actorOf(ctx), count: all.length, subject: event_id });
      ctx.status = 200;
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="signups-${event_id.toLowerCase()}.csv"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = `\uFEFF${csvRow(['Status', 'Position', 'Name', 'Email', 'Mobile', 'Seats', 'Signed up', 'Checked in', 'Language'])}${rows.join('')}`;
    },
  };
}
