// What the compliance feature stores. Each invariant sits on a unique index: a consent per
// purpose and record, a certificate per file, a reminder per date and offset.
import { Schema, Types } from 'mongoose';
import type { Schemas } from '../../contract.js';

export type ConsentPurpose = 'volunteer' | 'contact' | 'donation';

/**
 * A person's agreement to a form's privacy notice, at the notice's version (DPDP Rules, 2025):
 * `_id` is `<purpose>:<record id>`, so a form sent again records it once. Found by the e-mail.
 */
export interface Consent {
  _id: string;
  email: string;
  purpose: ConsentPurpose;
  /** The notice's page and the version of it that was shown. */
  notice: string;
  version: number;
  /** The record it is for (the registration, message or donation). */
  subject: Types.ObjectId;
  /** A parent or guardian who gave it for a volunteer under 18. */
  guardian: { name: string; email: string } | null;
  givenAt: Date;
}

export const consentSchema = new Schema<Consent>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    purpose: { type: String, required: true },
    notice: { type: String, required: true },
    version: { type: Number, required: true },
    subject: { type: Schema.Types.ObjectId, required: true },
    guardian: { type: new Schema({ name: String, email: String }, { _id: false }), default: null },
    givenAt: { type: Date, required: true },
  },
  { versionKey: false },
);
consentSchema.index({ email: 1 });

/** A volunteer under 18 whose registration waits for a parent's or guardian's confirmation (`_id`: the registration's id to be). */
export interface GuardianRequest {
  _id: Types.ObjectId;
  /** The registration as sent (the volunteer_save.php body), stored only once confirmed. */
  registration: Record<string, unknown>;
  guardianName: string;
  guardianEmail: string;
  lang: 'en' | 'hi';
  expiresAt: Date;
  createdAt: Date;
}

export const guardianRequestSchema = new Schema<GuardianRequest>(
  {
    registration: { type: Schema.Types.Mixed, required: true },
    guardianName: { type: String, required: true },
    guardianEmail: { type: String, required: true },
    lang: { type: String, default: 'en' },
    expiresAt: { type: Date, required: true, index: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false, minimize: false },
);

export type DataRequestKind = Schemas['DataRequestKind'];

/** A request about one's personal data, or a grievance, to be answered within 90 days. */
export interface DataRequest {
  _id: Types.ObjectId;
  kind: DataRequestKind;
  name: string;
  /** Normalised (trimmed, lower-cased): a supporter is an e-mail address. */
  email: string;
  message: string;
  source: Schemas['DataRequest']['source'];
  lang: 'en' | 'hi';
  receivedAt: Date;
  /** YYYY-MM-DD in India: 90 days after it was received. */
  dueOn: string;
  status: Schemas['DataRequestStatus'];
  note: string;
  closedAt: Date | null;
  closedBy: string;
}

export const dataRequestSchema = new Schema<DataRequest>(
  {
    kind: { type: String, required: true },
    name: { type: String, required: true },
    email: { type: String, required: true, index: true },
    message: { type: String, required: true },
    source: { type: String, required: true },
    lang: { type: String, default: 'en' },
    receivedAt: { type: Date, required: true },
    dueOn: { type: String, required: true },
    status: { type: String, required: true, default: 'open' },
    note: { type: String, default: '' },
    closedAt: { type: Date, default: null },
    closedBy: { type: String, default: '' },
  },
  { versionKey: false },
);
dataRequestSchema.index({ status: 1, dueOn: 1 });

/**
 * A Form 10BE certificate as imported: the PDF, what its text names, and the donor it went to.
 * The unique `sha256` of its bytes is what makes a second import of the same file send nothing.
 */
export interface Form10beCertificate {
  _id: Types.ObjectId;
  sha256: string;
  filename: string;
  pdf: Buffer;
  fy: string;
  idType: 'pan' | 'aadhaar' | '';
  idNumber: string;
  donor: { name: string; email: string; lang: 'en' | 'hi'; matchedBy: 'pan' | 'aadhaar' | 'hand' } | null;
  reason: string;
  importedAt: Date;
  importedBy: string;
  /** Its mail was written to the outbox (the outbox's unique key sends it once). */
  mailed: boolean;
}

export const form10beCertificateSchema = new Schema<Form10beCertificate>(
  {
    sha256: { type: String, required: true, unique: true },
    filename: { type: String, required: true },
    pdf: { type: Buffer, required: true },
    fy: { type: String, default: '' },
    idType: { type: String, default: '' },
    idNumber: { type: String, default: '' },
    donor: { type: new Schema({ name: String, email: String, lang: String, matchedBy: String }, { _id: false }), default: null },
    reason: { type: String, default: '' },
    importedAt: { type: Date, required: true },
    importedBy: { type: String, required: true },
    mailed: { type: Boolean, default: false },
  },
  { versionKey: false },
);
form10beCertificateSchema.index({ 'donor.email': 1 });
form10beCertificateSchema.index({ idNumber: 1, fy: 1 });
form10beCertificateSchema.index({ importedAt: -1 });

export type DeadlineKind = Schemas['LegalDeadline']['kind'];

/**
 * A legal date. The law's dates are `<kind>:<financial year>` (written once, on first sight);
 * an admin's have an ObjectId's hex as `_id`.
 */
export interface LegalDeadline {
  _id: string;
  kind: DeadlineKind;
  /** An admin's own title; the law's dates take theirs from the legal texts. */
  title: string;
  fy: string;
  dueOn: string;
  /** YYYY-MM-DD once its work is recorded as done, else ''. */
  doneOn: string;
  doneBy: string;
  createdBy: string;
}

export const legalDeadlineSchema = new Schema<LegalDeadline>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    title: { type: String, default: '' },
    fy: { type: String, default: '' },
    dueOn: { type: String, required: true },
    doneOn: { type: String, default: '' },
    doneBy: { type: String, default: '' },
    createdBy: { type: String, default: '' },
  },
  { versionKey: false },
);
legalDeadlineSchema.index({ dueOn: 1 });

/**
 * A reminder of a legal date, claimed by inserting it: `_id` is `<deadline>|<due day>|<days before>`,
 * so each is mailed once, whichever instance gets there first. `queued` once its mails are in the
 * outbox; a claim left unqueued by an instance that died is queued again (the outbox's keys
 * keep each mail single).
 */
export interface DeadlineReminder {
  _id: string;
  deadline: string;
  offset: number;
  claimedAt: Date;
  queued: boolean;
}

export const deadlineReminderSchema = new Schema<DeadlineReminder>(
  {
    _id: { type: String, required: true },
    deadline: { type: String, required: true, index: true },
    offset: { type: Number, required: true },
    claimedAt: { type: Date, required: true },
    queued: { type: Boolean, default: false },
  },
  { versionKey: false },
);

export type DocumentKind = Schemas['DocumentKind'];

/** A document of the transparency page; its PDF is in the `documents` GridFS bucket under the same id. */
export interface PublicDocument {
  _id: Types.ObjectId;
  title: string;
  title_hi: string;
  kind: DocumentKind;
  fy: string;
  size: number;
  sha256: string;
  uploadedAt: Date;
  uploadedBy: string;
}

export const publicDocumentSchema = new Schema<PublicDocument>(
  {
    title: { type: String, required: true },
    title_hi: { type: String, default: '' },
    kind: { type: String, required: true },
    fy: { type: String, required: true },
    size: { type: Number, required: true },
    sha256: { type: String, required: true },
    uploadedAt: { type: Date, required: true },
    uploadedBy: { type: String, required: true },
  },
  { versionKey: false },
);
publicDocumentSchema.index({ fy: -1, kind: 1 });
