// Everything the site holds of one e-mail address, as the person's own page shows it.
import type { Schemas } from '../../contract.js';
import { Form10beCertificates } from '../compliance/form10be.js';
import type { Form10beCertificate } from '../compliance/model.js';
import type { Services } from '../../services.js';
import { toDay } from '../dates.js';
import type { Donation, Receipt } from '../donations/model.js';
import { rsvpCancelUrl } from '../events/mails.js';
import type { Rsvp, StoredEvent } from '../events/model.js';
import { eventTexts, shownStatus } from '../events/views.js';
import type { Subscriber } from '../newsletter/model.js';
import { stopPledgePath } from '../pledges/mails.js';
import { stopToken } from '../pledges/links.js';
import type { Pledge } from '../pledges/model.js';
import type { Volunteer } from '../volunteers/model.js';
import { toCertificateView } from './certificates.js';
import { sameAddress, summarise, type HoursBook } from './hours.js';
import { keptByLawWhy } from './messages.js';
import type { ConsentWithdrawal, Grievance, Nominee, VolunteerCertificate } from './model.js';

export const consentPurposes = ['volunteer', 'contact', 'donation'] as const;

export const toMyRegistration = (volunteer: Volunteer): Schemas['MyRegistration'] => ({
  id: volunteer._id.toHexString(),
  name: volunteer.name,
  mobile: volunteer.mobile,
  address: volunteer.address,
  interest: volunteer.interest,
  start_date: toDay(volunteer.start_date),
  created_at: volunteer.createdAt.toISOString(),
  withdrawn_at: volunteer.withdrawnAt?.toISOString() ?? null,
});

/** The donations of an address and the receipts issued for them. */
export async function donationsOf({ db }: Services, email: string) {
  const donations = await db.models.Donation.find({ email: sameAddress(email) })
    .sort({ createdAt: -1 })
    .lean<Donation[]>();
  const receipts = await db.models.Receipt.find({ donation: { $in: donations.map((donation) => donation._id) } })
    .sort({ issuedAt: 1 })
    .lean<Receipt[]>();
  return { donations, receipts };
}

/** What the law keeps after "Erase me": the donations, their receipts and the Form 10BE certificates matched to the donor. */
export async function recordsKeptByLaw(services: Services, email: string) {
  const [money, form10be] = await Promise.all([donationsOf(services, email), new Form10beCertificates(services).certificatesOf({ email })]);
  return { ...money, form10be };
}

export function keptByLaw({ donations, receipts, form10be }: Awaited<ReturnType<typeof recordsKeptByLaw>>): Schemas['KeptByLaw'] {
  const kept: Schemas['KeptByLaw'] = [];
  if (donations.length) kept.push({ what: 'donations', count: donations.length, why: keptByLawWhy.donations });
  if (receipts.length) kept.push({ what: 'receipts', count: receipts.length, why: keptByLawWhy.receipts });
  if (form10be.length) kept.push({ what: 'form10be', count: form10be.length, why: keptByLawWhy.form10be });
  return kept;
}

const toMyForm10be = (certificate: Form10beCertificate): Schemas['MyData']['form10be'][number] => ({
  id: certificate._id.toHexString(),
  fy: certificate.fy,
  imported_at: certificate.importedAt.toISOString(),
});

/** The consents given at the forms (recorded with the notice's version) and those withdrawn. */
async function consentsOf({ db }: Services, email: string): Promise<Schemas['MyConsent'][]> {
  // The agreements to each form's privacy notice, where the site records them (`consents`).
  const given = await db.connection
    .db!.collection<{ purpose: string; version: number; givenAt: Date }>('consents')
    .find({ email })
    .sort({ givenAt: -1 })
    .toArray();
  const withdrawn = await db.models.ConsentWithdrawal.find({ email }).lean<ConsentWithdrawal[]>();
  return consentPurposes
    .map((purpose) => {
      const latest = given.find((consent) => consent.purpose === purpose);
      const withdrawal = withdrawn.find((entry) => entry.purpose === purpose);
      return {
        purpose,
        given_at: latest?.givenAt.toISOString() ?? null,
        notice_version: latest?.version ?? null,
        withdrawn_at: withdrawal?.withdrawnAt.toISOString() ?? null,
      };
    })
    .filter((consent) => consent.given_at || consent.withdrawn_at);
}

/**
 * The address's event sign-ups, the next event first, with the links their mails carry: the
 * event's calendar file and "Cancel my place" (not once cancelled or once the event has started).
 */
async function signupsOf({ config, db, clock }: Services, email: string): Promise<Schemas['MySignup'][]> {
  const rsvps = await db.models.Rsvp.find({ email }).lean<Rsvp[]>();
  const [events, cancellations] = await Promise.all([
    db.models.Event.find({ _id: { $in: rsvps.map((rsvp) => rsvp.event) } }).lean<StoredEvent[]>(),
    db.models.RsvpCancellation.find({ _id: { $in: rsvps.map((rsvp) => rsvp._id) } }, { _id: 1 }).lean(),
  ]);
  const eventOf = new Map(events.map((event) => [event._id.toHexString(), event]));
  const cancelled = new Set(cancellations.map((row) => String(row._id)));
  const now = clock();
  return rsvps
    .flatMap((rsvp) => {
      const event = eventOf.get(rsvp.event.toHexString());
      if (!event) return [];
      const status = cancelled.has(rsvp._id.toHexString()) ? 'cancelled' : shownStatus(rsvp);
      const open = status !== 'cancelled' && event.status !== 'cancelled' && event.starts_at > now;
      return [
        {
          id: rsvp._id.toHexString(),
          event_id: event._id.toHexString(),
          title: event.title,
          title_hi: eventTexts(event, 'hi').title,
          starts_at: event.starts_at.toISOString(),
          ends_at: event.ends_at.toISOString(),
          status,
          seats: rsvp.seats,
          ics_url: `${config.publicUrl}/api/get_event_ics.php?id=${event._id.toHexString()}${rsvp.lang === 'hi' ? '&lang=hi' : ''}`,
          cancel_url: open ? rsvpCancelUrl(config, rsvp) : null,
        },
      ];
    })
    .sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at));
}

/** The newsletter subscription of the address, with the unsubscribe page the newsletters link to. */
async function subscriptionOf({ subscriptions }: Services, email: string): Promise<Schemas['MySubscription'][]> {
  const subscriber: Subscriber | null = await subscriptions.subscriptionOf(email);
  if (!subscriber) return [];
  const subscribed = subscriber.state === 'subscribed';
  return [
    {
      state: subscriber.state,
      lang: subscriber.lang,
      subscribed_at: subscriber.confirmedAt?.toISOString() ?? null,
      unsubscribe_url: subscribed
        ? subscriptions.pageUrl('unsubscribe', subscriber.lang, subscriptions.tokens.make('unsubscribe', subscriber._id.toHexString()))
        : null,
    },
  ];
}

/** The address's monthly pledges, newest first, with the stop link of their reminders. */
async function pledgesOf({ config, db, mail }: Services, email: string): Promise<Schemas['MyPledge'][]> {
  const pledges = await db.models.Pledge.find({ email }).sort({ createdAt: -1 }).lean<Pledge[]>();
  return pledges.map((pledge) => ({
    id: pledge._id.toHexString(),
    amount: pledge.amount,
    day: pledge.day,
    status: pledge.status,
    started_on: pledge.startedOn,
    stop_url: pledge.status === 'stopped' ? null : mail.siteUrl(stopPledgePath(stopToken(config.jwtSecret, pledge._id.toHexString()))),
  }));
}

export async function myData(services: Services, book: HoursBook, email: string, expiresAt: Date): Promise<Schemas['MyData']> {
  const { db } = services;
  const [registrations, money, lines, certificates, nominee, consents, grievances, signups, newsletter, pledges] = await Promise.all([
    book.registrationsOf(email),
    recordsKeptByLaw(services, email),
    book.lines({ email }),
    db.models.VolunteerCertificate.find({ email }).sort({ issuedAt: -1 }).lean<VolunteerCertificate[]>(),
    db.models.Nominee.findById(email).lean<Nominee>(),
    consentsOf(services, email),
    db.models.Grievance.find({ email, kind: 'grievance' }).sort({ receivedAt: -1 }).lean<Grievance[]>(),
    signupsOf(services, email),
    subscriptionOf(services, email),
    pledgesOf(services, email),
  ]);
  return {
    email,
    expires_at: expiresAt.toISOString(),
    registrations: registrations.map(toMyRegistration),
    donations: money.donations.map((donation) => ({
      id: donation._id.toHexString(),
      amount: donation.amount,
      reference: donation.reference,
      status: donation.status,
      reported_at: donation.createdAt.toISOString(),
      received_on: donation.receivedOn,
      receipts: money.receipts
        .filter((receipt) => receipt.donation.equals(donation._id))
        .map((receipt) => ({ id: receipt._id.toHexString(), number: receipt.number, status: receipt.status, issued_at: receipt.issuedAt.toISOString() })),
    })),
    form10be: money.form10be.map(toMyForm10be),
    hours: { ...summarise(lines), entries: lines.map(({ email: _email, name: _name, ...line }) => line) },
    certificates: certificates.map(toCertificateView),
    nominee: nominee ? { name: nominee.name, email: nominee.email, named_at: nominee.namedAt.toISOString() } : null,
    consents,
    grievances: grievances.map((grievance) => ({
      id: grievance._id.toHexString(),
      message: grievance.message,
      received_at: grievance.receivedAt.toISOString(),
      due_on: grievance.dueOn,
      status: grievance.status,
    })),
    kept_by_law: keptByLaw(money),
    signups,
    newsletter,
    pledges,
  };
}
