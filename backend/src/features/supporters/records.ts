// Everything the site holds of one e-mail address, as the person's own page shows it.
import type { Schemas } from '../../contract.js';
import type { Services } from '../../services.js';
import { toDay } from '../dates.js';
import type { Donation, Receipt } from '../donations/model.js';
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

/** The donations of an address and the receipts issued for them: what the law keeps after "Erase me". */
export async function donationsOf({ db }: Services, email: string) {
  const donations = await db.models.Donation.find({ email: sameAddress(email) })
    .sort({ createdAt: -1 })
    .lean<Donation[]>();
  const receipts = await db.models.Receipt.find({ donation: { $in: donations.map((donation) => donation._id) } })
    .sort({ issuedAt: 1 })
    .lean<Receipt[]>();
  return { donations, receipts };
}

export function keptByLaw({ donations, receipts }: { donations: Donation[]; receipts: Receipt[] }): Schemas['KeptByLaw'] {
  const kept: Schemas['KeptByLaw'] = [];
  if (donations.length) kept.push({ what: 'donations', count: donations.length, why: keptByLawWhy.donations });
  if (receipts.length) kept.push({ what: 'receipts', count: receipts.length, why: keptByLawWhy.receipts });
  return kept;
}

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

export async function myData(services: Services, book: HoursBook, email: string, expiresAt: Date): Promise<Schemas['MyData']> {
  const { db } = services;
  const [registrations, money, lines, certificates, nominee, consents, grievances] = await Promise.all([
    book.registrationsOf(email),
    donationsOf(services, email),
    book.lines({ email }),
    db.models.VolunteerCertificate.find({ email }).sort({ issuedAt: -1 }).lean<VolunteerCertificate[]>(),
    db.models.Nominee.findById(email).lean<Nominee>(),
    consentsOf(services, email),
    db.models.Grievance.find({ email, kind: 'grievance' }).sort({ receivedAt: -1 }).lean<Grievance[]>(),
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
  };
}
