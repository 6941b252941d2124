// Form 10BE: after Form 10BD is filed, the tax portal issues a certificate per donor, which must
// reach the donor by 31 May. An import reads each certificate, matches it to the donor of that
// year by the PAN (or Aadhaar number) it names, and mails it once, attached.
//
// Once-only rests on unique indexes: a certificate is stored once per file (its bytes' SHA-256),
// and mailed once per donor and year (the outbox's key). Two admins importing the same ZIP on two
// instances at once store each certificate once and send each mail once.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Types } from 'mongoose';
import type { Schemas } from '../../contract.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/handlers.js';
import { insertOnce } from '../../invariants/claims.js';
import type { Services } from '../../services.js';
import { maskPan } from '../donations/views.js';
import type { Receipt } from '../donations/model.js';
import { storedBytes } from '../mail/transport.js';
import { currentSettings } from '../settings/service.js';
import { normalisedEmail } from './consent.js';
import { certificateFacts, certificateFiles, type CertificateFile, type UnreadableFile } from './form10be-read.js';
import { form10beLetter } from './letters.js';
import { complianceMessages } from './messages.js';
import type { Form10beCertificate } from './model.js';
import { certificateText } from './pdf-text.js';

type CertificateView = Schemas['Form10beCertificate'];
type Donor = NonNullable<Form10beCertificate['donor']>;

const maskId = (type: Form10beCertificate['idType'], number: string) =>
  type === 'pan' ? maskPan(number) : type === 'aadhaar' ? `••••••••${number.slice(-4)}` : '';

export function toCertificateView(certificate: Form10beCertificate): CertificateView {
  const { donor } = certificate;
  return {
    id: certificate._id.toHexString(),
    filename: certificate.filename,
    fy: certificate.fy,
    id_type: certificate.idType,
    id_number: maskId(certificate.idType, certificate.idNumber),
    status: donor ? 'matched' : 'unmatched',
    donor: donor ? { name: donor.name, email: donor.email, matched_by: donor.matchedBy } : null,
    ...(certificate.reason && !donor ? { reason: certificate.reason } : {}),
    imported_at: certificate.importedAt.toISOString(),
    mailed: certificate.mailed,
  };
}

const withoutPdf = { pdf: 0 } as const;

export interface ImportResult {
  certificates: { certificate: Form10beCertificate; alreadyImported: boolean }[];
  unreadable: UnreadableFile[];
}

export class Form10beCertificates {
  constructor(private readonly services: Services) {}

  private get models() {
    return this.services.db.models;
  }

  /** Reads, stores, matches and mails the certificates of the uploaded files. */
  async import(uploads: UploadedFile[], actor: string): Promise<ImportResult> {
    const files: CertificateFile[] = [];
    const unreadable: UnreadableFile[] = [];
    for (const upload of uploads) {
      const found = certificateFiles(upload.originalFilename, await readFile(upload.filepath));
      files.push(...found.files);
      unreadable.push(...found.unreadable);
    }
    const { settings } = await currentSettings(this.services.db);
    const certificates: ImportResult['certificates'] = [];
    for (const file of files) {
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      const known = await this.models.Form10beCertificate.findOne({ sha256 }, withoutPdf).lean<Form10beCertificate>();
      if (known) {
        certificates.push({ certificate: await this.mailed(known), alreadyImported: true });
        continue;
      }
      let text: string;
      try {
        text = (await certificateText(file.bytes)).text;
      } catch {
        unreadable.push({ filename: file.filename, reason: complianceMessages.pdfUnreadable });
        continue;
      }
      const facts = certificateFacts(text, settings.pan);
      const match = await this.match(facts);
      const certificate: Form10beCertificate = {
        _id: new Types.ObjectId(),
        sha256,
        filename: file.filename,
        pdf: file.bytes,
        fy: facts.fy,
        idType: facts.idType,
        idNumber: match.idNumber,
        donor: match.donor,
        reason: match.reason,
        importedAt: new Date(),
        importedBy: actor,
        mailed: false,
      };
      if (!(await insertOnce(this.models.Form10beCertificate, certificate))) {
        // Another import stored this very file a moment ago: its answer is that one's.
        const stored = (await this.models.Form10beCertificate.findOne({ sha256 }, withoutPdf).lean<Form10beCertificate>())!;
        certificates.push({ certificate: await this.mailed(stored), alreadyImported: true });
        continue;
      }
      certificates.push({ certificate: await this.mailed(certificate), alreadyImported: false });
    }
    return { certificates, unreadable };
  }

  /** Gives an unmatched certificate to the donor of `email` and mails it. */
  async assign(id: string, email: string): Promise<Form10beCertificate> {
    const certificate = await this.models.Form10beCertificate.findById(id, withoutPdf).lean<Form10beCertificate>();
    if (!certificate) throw notFound(complianceMessages.certificateNotFound);
    if (certificate.donor) throw new HttpError(409, complianceMessages.certificateTaken(certificate.donor.email));
    const address = normalisedEmail(email);
    const [donation] = await this.models.Donation.find(
      { email: { $regex: `^${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, $options: 'i' } },
      { name: 1, lang: 1 },
    )
      .sort({ createdAt: -1 })
      .limit(1)
      .lean<{ name: string; lang: 'en' | 'hi' }[]>();
    if (!donation) throw notFound(complianceMessages.donorNotFound);
    const donor: Donor = { name: donation.name, email: address, lang: donation.lang ?? 'en', matchedBy: 'hand' };
    await this.models.Form10beCertificate.updateOne({ _id: certificate._id, donor: null }, { $set: { donor, reason: '' } });
    const now = (await this.models.Form10beCertificate.findById(id, withoutPdf).lean<Form10beCertificate>())!;
    return this.mailed(now);
  }

  /** Newest first, without their PDFs. */
  list(filter: { fy?: string; status?: 'matched' | 'unmatched' }) {
    return this.models.Form10beCertificate.find(
      {
        ...(filter.fy && { fy: filter.fy }),
        ...(filter.status && { donor: filter.status === 'matched' ? { $ne: null } : null }),
      },
      withoutPdf,
    )
      .sort({ importedAt: -1, _id: -1 })
      .limit(1000)
      .lean<Form10beCertificate[]>();
  }

  /** A donor's certificates, by their e-mail and, when they gave one, their PAN (for the supporter's own page). */
  certificatesOf(supporter: { email: string; pan?: string }) {
    const email = normalisedEmail(supporter.email);
    const pan = supporter.pan?.trim().toUpperCase();
    return this.models.Form10beCertificate.find(
      { $or: [{ 'donor.email': email }, ...(pan ? [{ idType: 'pan', idNumber: pan, donor: { $ne: null } }] : [])] },
      withoutPdf,
    )
      .sort({ fy: -1 })
      .lean<Form10beCertificate[]>();
  }

  /** The donor a certificate's facts name in its year: the donor of a receipt in force with that PAN, or the one an Aadhaar number was assigned to before. */
  private async match(facts: ReturnType<typeof certificateFacts>): Promise<{ donor: Donor | null; idNumber: string; reason: string }> {
    const idNumber = facts.idType === 'pan' ? facts.pans[0]! : facts.aadhaar;
    if (!facts.idType) return { donor: null, idNumber, reason: complianceMessages.noIdNumber };
    if (!facts.fy) return { donor: null, idNumber, reason: complianceMessages.noYear };
    if (facts.idType === 'pan') {
      const receipts = await this.models.Receipt.find({ fy: facts.fy, status: 'issued', 'donor.pan': { $in: facts.pans } })
        .sort({ issuedAt: -1 })
        .lean<Receipt[]>();
      const receipt = receipts.find((found) => found.donor.email);
      if (receipt) {
        return {
          donor: { name: receipt.donor.name, email: normalisedEmail(receipt.donor.email), lang: receipt.lang ?? 'en', matchedBy: 'pan' },
          idNumber: receipt.donor.pan,
          reason: '',
        };
      }
    } else {
      const earlier = await this.models.Form10beCertificate.findOne({ idType: 'aadhaar', idNumber, donor: { $ne: null } }, withoutPdf)
        .sort({ importedAt: -1 })
        .lean<Form10beCertificate>();
      if (earlier?.donor) return { donor: { ...earlier.donor, matchedBy: 'aadhaar' }, idNumber, reason: '' };
    }
    return { donor: null, idNumber, reason: complianceMessages.noDonor(facts.fy) };
  }

  /** Writes a matched certificate's mail to the outbox (once: its key is the certificate's), and says so. */
  private async mailed(certificate: Form10beCertificate): Promise<Form10beCertificate> {
    const { donor } = certificate;
    if (!donor || certificate.mailed) return certificate;
    const { mail, db } = this.services;
    const stored = (await this.models.Form10beCertificate.findById(certificate._id, { pdf: 1 }).lean<{ pdf: Buffer }>())!;
    const { settings } = await currentSettings(db);
    await mail.enqueue({
      // One per donor and year: a second file of the same certificate (downloaded again) is kept, not sent again.
      key: `form10be:${certificate.fy}:${certificate.idType}:${certificate.idNumber}`,
      kind: 'form10be',
      to: [donor.email],
      replyTo: await mail.organisationReplyTo(),
      letter: form10beLetter({ name: donor.name, fy: certificate.fy, org: settings.name, legal: settings.legal }, donor.lang),
      attachments: [{ filename: `form-10be-${certificate.fy || 'certificate'}.pdf`, contentType: 'application/pdf', content: storedBytes(stored.pdf) }],
    });
    await this.models.Form10beCertificate.updateOne({ _id: certificate._id }, { $set: { mailed: true } });
    return { ...certificate, mailed: true };
  }
}
