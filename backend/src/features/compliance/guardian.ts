// A volunteer under 18 (DPDP Rules, 2025): the registration waits, unstored, until a parent or
// guardian confirms it by the link mailed to them. Confirming stores it under the id it was given
// when it was sent, so a link opened twice, or on two instances at once, stores it once.
import { legalText, type Lang } from '@ngo-site/shared';
import { Types } from 'mongoose';
import type { RequestBody } from '../../contract.js';
import { badRequest, notFound } from '../../http/errors.js';
import { insertOnce } from '../../invariants/claims.js';
import type { Services } from '../../services.js';
import { signedLinks } from '../../signed-link.js';
import { currentSettings } from '../settings/service.js';
import type { VolunteerService } from '../volunteers/service.js';
import { currentNoticeVersion, normalisedEmail, recordConsent } from './consent.js';
import { guardianLetter } from './letters.js';
import { complianceMessages } from './messages.js';
import type { GuardianRequest } from './model.js';

export const guardianLinkDays = 7;
const linkMs = guardianLinkDays * 24 * 60 * 60 * 1000;

type Registration = RequestBody<'saveVolunteer'>;

/** Whether someone born on `dateOfBirth` is under 18 on `today` (both YYYY-MM-DD, India). */
export function isUnder18(dateOfBirth: string, today: string): boolean {
  const eighteenth = `${Number(dateOfBirth.slice(0, 4)) + 18}${dateOfBirth.slice(4)}`;
  return eighteenth > today;
}

/** 400 unless an under-18's registration names a guardian other than themselves; a birth date to come is refused too. */
export async function checkGuardian(services: Services, registration: Registration, today: string, lang: Lang): Promise<boolean> {
  const born = registration.date_of_birth;
  if (!born) return false;
  if (born > today) throw badRequest(complianceMessages.bornInFuture, [{ field: 'date_of_birth', message: 'date_of_birth is after today' }]);
  if (!isUnder18(born, today)) return false;
  const missing = (['guardian_name', 'guardian_email'] as const).filter((field) => !registration[field]);
  if (missing.length) {
    const { settings } = await currentSettings(services.db);
    throw badRequest(
      legalText(settings.legal, 'minor_needs_guardian', lang),
      missing.map((field) => ({ field, message: `${field} is required under 18` })),
    );
  }
  if (normalisedEmail(registration.guardian_email!) === normalisedEmail(registration.email)) {
    throw badRequest(complianceMessages.guardianIsSelf, [{ field: 'guardian_email', message: 'guardian_email is the volunteer’s own' }]);
  }
  return true;
}

export class GuardianConsents {
  private readonly links;

  constructor(
    private readonly services: Services,
    private readonly volunteers: VolunteerService,
  ) {
    this.links = signedLinks(services.config.jwtSecret, 'guardian-consent-link');
  }

  /** Keeps the registration (once per id) and mails the guardian the link (once per registration). */
  async ask(_id: Types.ObjectId, registration: Registration, lang: Lang): Promise<void> {
    const { db, mail } = this.services;
    const now = new Date();
    await db.models.GuardianRequest.deleteMany({ expiresAt: { $lt: now } });
    await insertOnce(db.models.GuardianRequest, {
      _id,
      registration,
      guardianName: registration.guardian_name!,
      guardianEmail: normalisedEmail(registration.guardian_email!),
      lang,
      expiresAt: new Date(now.getTime() + linkMs),
    });
    const pending = (await db.models.GuardianRequest.findById(_id).lean<GuardianRequest>())!;
    const prefix = lang === 'hi' ? '/hi' : '';
    const { settings } = await currentSettings(db);
    await mail.enqueue({
      key: `guardian-consent:${_id.toHexString()}`,
      kind: 'guardian-consent',
      to: [pending.guardianEmail],
      replyTo: await mail.organisationReplyTo(),
      // The link stores a child's registration: like a password link, it is for its addressee only.
      sensitive: true,
      letter: guardianLetter(
        {
          guardian: pending.guardianName,
          child: registration.name,
          org: settings.name,
          url: mail.siteUrl(`${prefix}/guardian-consent?token=${this.links.token(_id.toHexString(), pending.expiresAt)}`),
          noticeUrl: mail.siteUrl(`${prefix}/privacy/volunteer`),
          days: guardianLinkDays,
          legal: settings.legal,
        },
        lang,
      ),
    });
  }

  /** Stores the registration the token names, with the guardian's consent; answers the volunteer's name. */
  async confirm(token: string): Promise<string> {
    const { db, mail } = this.services;
    const id = this.links.idOf(token);
    if (!id) throw notFound(complianceMessages.guardianLinkNotValid);
    const _id = new Types.ObjectId(id);
    const pending = await db.models.GuardianRequest.findById(_id).lean<GuardianRequest>();
    if (!pending) {
      // Confirmed already (the link opened twice): the registration is there.
      const stored = await db.models.Volunteer.findById(_id, { name: 1 }).lean<{ name: string }>();
      if (stored) return stored.name;
      throw notFound(complianceMessages.guardianLinkNotValid);
    }
    const registration = pending.registration as Registration;
    await this.volunteers.save(_id, registration, new Date());
    await recordConsent(db, {
      purpose: 'volunteer',
      email: registration.email,
      version: await currentNoticeVersion(db, 'volunteer'),
      subject: _id,
      guardian: { name: pending.guardianName, email: pending.guardianEmail },
    });
    const { start_date, date_of_birth: _born, guardian_name: _name, guardian_email: _email, notice_version: _version, ...fields } = registration;
    await mail.volunteerRegistered({ gender: '', interest: '', about: '', ...fields, start_date: start_date ?? '', id }, pending.lang);
    await db.models.GuardianRequest.deleteOne({ _id });
    return registration.name;
  }
}
