// The mails of a sign-up, through the outbox: one per person and purpose, each queued once by its
// key (a retry, a second instance or a run repeated after a failure finds it queued already).
import type { Letter, Sender } from '../mail/compose.js';
import type { MailAttachment, MailKind } from '../mail/model.js';
import type { Services } from '../../services.js';
import { calendar, calendarEventOf, googleCalendarLink } from './ics.js';
import { confirmedLetter, eventCancelledLetter, reminderLetter, rsvpCancelledLetter, waitlistedLetter, type SignupLetter } from './letters.js';
import type { ReminderKind, Rsvp, StoredEvent } from './model.js';
import { rsvpToken } from './rsvp-token.js';

type Person = Pick<Rsvp, '_id' | 'name' | 'email' | 'seats' | 'lang'>;

/** The "Cancel my place" link of a sign-up's mails (and of the person's own page), in its language. */
export const rsvpCancelUrl = ({ publicUrl, jwtSecret }: { publicUrl: string; jwtSecret: string }, rsvp: Pick<Rsvp, '_id' | 'lang'>) =>
  `${publicUrl}${rsvp.lang === 'hi' ? '/hi' : ''}/events?cancel=${rsvpToken(jwtSecret, rsvp._id.toHexString())}#cancel-form`;

/** The outbox keys of a sign-up's first mails: the background upkeep looks for a decision without its mail by them. */
export const signupMailKeys = (rsvpId: string) => ({ confirmed: `event-confirmed:${rsvpId}`, waitlisted: `event-waitlisted:${rsvpId}` });

export class EventMails {
  constructor(private readonly services: Services) {}

  private async letterFor(rsvp: Person, event: StoredEvent, sender: Sender, position: number | null = null): Promise<SignupLetter> {
    const { publicUrl } = this.services.config;
    const calendarEvent = calendarEventOf(event, rsvp.lang, publicUrl);
    return {
      name: rsvp.name,
      seats: rsvp.seats,
      title: calendarEvent.title,
      venue: calendarEvent.venue,
      address: calendarEvent.address,
      mapUrl: event.map_url,
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      pageUrl: calendarEvent.url,
      cancelUrl: rsvpCancelUrl(this.services.config, rsvp),
      googleUrl: googleCalendarLink(calendarEvent),
      org: sender.name,
      position,
    };
  }

  /** The event's calendar file, in the person's language (cancelled: it takes the entry out of their calendar). */
  private calendarFile(rsvp: Person, event: StoredEvent, { name, email }: Sender): MailAttachment {
    const { publicUrl } = this.services.config;
    const content = calendar([calendarEventOf(event, rsvp.lang, publicUrl)], {
      host: new URL(publicUrl).host,
      name,
      organiser: { name, email },
      lang: rsvp.lang,
    });
    return { filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content };
  }

  /** Queues one mail to the person, its letter (and files) made with the organisation's details. */
  private async send(
    key: string,
    kind: MailKind,
    rsvp: Person,
    event: StoredEvent,
    write: (letter: (position?: number | null) => Promise<SignupLetter>, sender: Sender) => Promise<{ letter: Letter; attachments?: MailAttachment[] }>,
  ) {
    const sender = await this.services.mail.sender();
    const { letter, attachments = [] } = await write((position) => this.letterFor(rsvp, event, sender, position), sender);
    const replyTo = sender.email ? { name: sender.name, address: sender.email } : null;
    await this.services.mail.enqueue({ key, kind, to: [rsvp.email], replyTo, letter, attachments });
  }

  /** A place, with the calendar file: confirmed when signing up, or (`promoted`) off the waiting list. */
  async confirmed(rsvp: Person, event: StoredEvent, promoted: boolean) {
    await this.send(signupMailKeys(rsvp._id.toHexString()).confirmed, promoted ? 'event-promoted' : 'event-signup', rsvp, event, async (letter, sender) => ({
      letter: confirmedLetter(await letter(), rsvp.lang, promoted),
      attachments: [this.calendarFile(rsvp, event, sender)],
    }));
  }

  async waitlisted(rsvp: Person, event: StoredEvent, position: number) {
    await this.send(signupMailKeys(rsvp._id.toHexString()).waitlisted, 'event-signup', rsvp, event, async (letter) => ({
      letter: waitlistedLetter(await letter(position), rsvp.lang),
    }));
  }

  /** Keyed by the event's start too: an event moved to another time reminds again for the new one. */
  async reminder(rsvp: Person, event: StoredEvent, kind: ReminderKind) {
    const key = `event-reminder:${rsvp._id.toHexString()}:${kind}:${event.starts_at.getTime()}`;
    await this.send(key, 'event-reminder', rsvp, event, async (letter) => ({ letter: reminderLetter(await letter(), kind, rsvp.lang) }));
  }

  async eventCancelled(rsvp: Person, event: StoredEvent) {
    await this.send(`event-cancelled:${rsvp._id.toHexString()}`, 'event-cancelled', rsvp, event, async (letter, sender) => ({
      letter: eventCancelledLetter(await letter(), rsvp.lang),
      attachments: [this.calendarFile(rsvp, event, sender)],
    }));
  }

  async rsvpCancelled(rsvp: Person, event: StoredEvent) {
    await this.send(`rsvp-cancelled:${rsvp._id.toHexString()}`, 'rsvp-cancelled', rsvp, event, async (letter) => ({
      letter: rsvpCancelledLetter(await letter(), rsvp.lang),
    }));
  }
}
