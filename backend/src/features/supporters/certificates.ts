// Certificates of volunteer hours: one is issued for the hours as they are when asked for, and
// stays as issued (the name, hours, period, programs and the organisation's details of that day).
// Its `_id` is the verification code; the unique `key` of a certificate in force means one set of
// hours is certified once, however many ask at the same moment on however many instances.
import { randomInt } from 'node:crypto';
import type { Schemas } from '../../contract.js';
import { insertOnce } from '../../invariants/claims.js';
import type { Services } from '../../services.js';
import { programLinks } from '@ngo-site/shared';
import { PageService } from '../pages/service.js';
import { currentSettings } from '../settings/service.js';
import { summarise, type HoursBook } from './hours.js';
import type { SupporterLang, VolunteerCertificate } from './model.js';

// Crockford's base 32: no I, L, O or U, so a code read aloud or typed from paper is not mistaken.
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newCertificateCode(): string {
  const letters = Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}`;
}

export const verifyUrl = (publicUrl: string, code: string) => `${publicUrl}/verify/${code}`;

export const toCertificateView = (certificate: VolunteerCertificate): Schemas['Certificate'] => ({
  code: certificate._id,
  name: certificate.name,
  hours: certificate.hours,
  period_from: certificate.periodFrom,
  period_to: certificate.periodTo,
  programs: certificate.programs,
  lang: certificate.lang,
  issued_at: certificate.issuedAt.toISOString(),
  status: certificate.revokedAt ? 'revoked' : 'valid',
  revoked_at: certificate.revokedAt?.toISOString() ?? null,
  reason: certificate.reason,
});

/** What /verify/<code> shows: the name, hours, period and organisation, nothing else about the person. */
export const toCertificateCheck = (certificate: VolunteerCertificate): Schemas['CertificateCheck'] => ({
  code: certificate._id,
  name: certificate.name,
  hours: certificate.hours,
  period_from: certificate.periodFrom,
  period_to: certificate.periodTo,
  organisation: certificate.organisation.name,
  status: certificate.revokedAt ? 'revoked' : 'valid',
  revoked_on: certificate.revokedAt ? certificate.revokedAt.toISOString().slice(0, 10) : null,
});

const certificateCode = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** What a code certifies, or null when no certificate has it. */
export async function certificateCheck({ db }: Services, code: string): Promise<Schemas['CertificateCheck'] | null> {
  if (!certificateCode.test(code)) return null;
  const certificate = await db.models.VolunteerCertificate.findById(code).lean<VolunteerCertificate>();
  return certificate ? toCertificateCheck(certificate) : null;
}

/** The names of the programs, in the certificate's language, as the programs page calls them. */
async function programNames(services: Services, ids: string[], lang: SupporterLang): Promise<string[]> {
  const links = programLinks((await new PageService(services).view('programs', lang)).content);
  const names = new Map(links.map((link) => [link.id, link.name]));
  return ids.filter(Boolean).map((id) => names.get(id) ?? id);
}

export interface CertificateFor {
  email: string;
  name: string;
  volunteer: VolunteerCertificate['volunteer'];
  lang: SupporterLang;
  by: string;
}

/** The certificate in force for the person's hours now, issued when there is none; null without hours. */
export async function currentCertificate(services: Services, book: HoursBook, person: CertificateFor): Promise<VolunteerCertificate | null> {
  const certificates = services.db.models.VolunteerCertificate;
  const { total, from, to, programs } = summarise(await book.lines({ email: person.email }));
  if (total <= 0 || !from || !to) return null;
  const key = [person.email, person.lang, person.name, total, from, to].join('|');
  const inForce = await certificates.findOne({ key }).lean<VolunteerCertificate>();
  if (inForce) return inForce;
  const { settings } = await currentSettings(services.db);
  const certificate: VolunteerCertificate = {
    _id: newCertificateCode(),
    key,
    email: person.email,
    volunteer: person.volunteer,
    name: person.name,
    hours: total,
    periodFrom: from,
    periodTo: to,
    programs: await programNames(
      services,
      programs.map((entry) => entry.program),
      person.lang,
    ),
    lang: person.lang,
    organisation: {
      name: settings.name,
      registration: settings.registration_80g || settings.tax_registration,
      signatory: settings.certificate_signatory ?? '',
      signatoryTitle: settings.certificate_signatory_title ?? '',
    },
    issuedAt: new Date(),
    issuedBy: person.by,
    revokedAt: null,
    revokedBy: '',
    reason: '',
  };
  // Of two issues at once, the second meets the first one's key and answers that certificate.
  if (await insertOnce(certificates, certificate)) return certificate;
  return certificates.findOne({ key }).lean<VolunteerCertificate>();
}
