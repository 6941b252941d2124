// The agreement to a form's privacy notice, recorded with the notice's version (DPDP Rules, 2025).
// Each form's notice is an editable page (`privacy-volunteer`…); its version is the page's
// published version, which rises with every publish.
import type { PageSlug } from '@ngo-site/shared';
import type { Types } from 'mongoose';
import type { Database } from '../../database.js';
import { badRequest } from '../../http/errors.js';
import { insertOnce } from '../../invariants/claims.js';
import { complianceMessages } from './messages.js';
import type { Consent, ConsentPurpose } from './model.js';

/** A supporter is an e-mail address: trimmed and lower-cased, it finds everything of theirs. */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();

/** Each purpose's privacy notice. */
export const noticeOf: Record<ConsentPurpose, PageSlug> = {
  volunteer: 'privacy-volunteer',
  contact: 'privacy-contact',
  donation: 'privacy-donate',
};

/** The version of the purpose's notice visitors see now (1 while it shows its first content). */
export async function currentNoticeVersion(db: Database, purpose: ConsentPurpose): Promise<number> {
  const page = await db.models.Page.findById(noticeOf[purpose], { published_version: 1 }).lean<{ published_version?: number }>();
  return page?.published_version ?? 1;
}

/** 400 when `version` is one the notice never had (a made-up or future version). */
export async function checkNoticeVersion(db: Database, purpose: ConsentPurpose, version: number | undefined): Promise<void> {
  if (version === undefined) return;
  if (version > (await currentNoticeVersion(db, purpose))) {
    throw badRequest(complianceMessages.noticeVersionUnknown, [{ field: 'notice_version', message: 'notice_version is not a version of the notice' }]);
  }
}

/** Records the agreement once per record (a form sent again finds it recorded). */
export async function recordConsent(
  db: Database,
  consent: { purpose: ConsentPurpose; email: string; version: number; subject: Types.ObjectId; guardian?: Consent['guardian'] },
): Promise<void> {
  const { purpose, subject } = consent;
  await insertOnce(db.models.Consent, {
    _id: `${purpose}:${subject.toHexString()}`,
    email: normalisedEmail(consent.email),
    purpose,
    notice: noticeOf[purpose],
    version: consent.version,
    subject,
    guardian: consent.guardian ?? null,
    givenAt: new Date(),
  });
}
