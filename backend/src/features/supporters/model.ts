// What a supporter's own page keeps: the links and sessions that open it (hashes only), the hours
// volunteers gave, the certificates issued for them, the nominee and the consents withdrawn.
import { Schema, Types } from 'mongoose';

export type SupporterLang = 'en' | 'hi';

/** A mailed link to /my: only the token's hash (`_id`) is kept; it works once, for 30 minutes. */
export interface MyLink {
  _id: string;
  email: string;
  expiresAt: Date;
}

export const myLinkSchema = new Schema<MyLink>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, index: true },
    // Swept by hand: FerretDB has no TTL indexes.
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);

/** A session of /my: one e-mail address, one hour, ended by signing out (the hash of its token is `_id`). */
export interface MySession {
  _id: string;
  email: string;
  expiresAt: Date;
}

export const mySessionSchema = new Schema<MySession>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);

/** Hours an admin recorded for a volunteer (event check-ins add theirs without an entry here). */
export interface VolunteerHours {
  _id: Types.ObjectId;
  /** The registration they were recorded for. */
  volunteer: Types.ObjectId;
  /** Its e-mail, normalised: a supporter is an e-mail address. */
  email: string;
  hours: number;
  /** YYYY-MM-DD. */
  date: string;
  note: string;
  program: string;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

export const volunteerHoursSchema = new Schema<VolunteerHours>(
  {
    volunteer: { type: Schema.Types.ObjectId, required: true, index: true },
    email: { type: String, required: true, index: true },
    hours: { type: Number, required: true },
    date: { type: String, required: true, index: true },
    note: { type: String, default: '' },
    program: { type: String, default: '' },
    createdBy: { type: String, default: '' },
  },
  { timestamps: true },
);

/**
 * A certificate of hours as issued: what it certified then stays, whatever the hours become.
 * `_id` is its verification code; `key` (`<email>|<lang>|<name>|<hours>|<from>|<to>`, unique) means
 * one set of hours is certified once however many ask at the same moment. A revoked certificate
 * gives its key up (`revoked:<code>`), so the same hours can be certified anew.
 */
export interface VolunteerCertificate {
  _id: string;
  key: string;
  email: string;
  volunteer: Types.ObjectId | null;
  name: string;
  hours: number;
  periodFrom: string;
  periodTo: string;
  programs: string[];
  lang: SupporterLang;
  organisation: { name: string; registration: string; signatory: string; signatoryTitle: string };
  issuedAt: Date;
  issuedBy: string;
  revokedAt: Date | null;
  revokedBy: string;
  reason: string;
}

export const volunteerCertificateSchema = new Schema<VolunteerCertificate>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true, unique: true },
    email: { type: String, required: true, index: true },
    volunteer: { type: Schema.Types.ObjectId, default: null, index: true },
    name: { type: String, required: true },
    hours: { type: Number, required: true },
    periodFrom: { type: String, required: true },
    periodTo: { type: String, required: true },
    programs: { type: [String], default: [] },
    lang: { type: String, default: 'en' },
    organisation: {
      type: new Schema({ name: String, registration: String, signatory: String, signatoryTitle: String }, { _id: false }),
      required: true,
    },
    issuedAt: { type: Date, required: true },
    issuedBy: { type: String, default: '' },
    revokedAt: { type: Date, default: null },
    revokedBy: { type: String, default: '' },
    reason: { type: String, default: '' },
  },
  { versionKey: false },
);

/** The one person someone named to act for them (DPDP Rules): `_id` is the naming person's address. */
export interface Nominee {
  _id: string;
  name: string;
  email: string;
  namedAt: Date;
}

export const nomineeSchema = new Schema<Nominee>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    email: { type: String, required: true },
    namedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/** A consent withdrawn: `_id` is `<purpose>:<email>`, inserted once. */
export interface ConsentWithdrawal {
  _id: string;
  email: string;
  purpose: 'volunteer' | 'contact' | 'donation';
  withdrawnAt: Date;
}

export const consentWithdrawalSchema = new Schema<ConsentWithdrawal>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, index: true },
    purpose: { type: String, required: true },
    withdrawnAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/**
 * A grievance, stored as the admin's inbox of requests about personal data stores them
 * (`data_requests`: kind, source, a deadline 90 days on), so that inbox lists it as it is.
 */
export interface Grievance {
  _id: Types.ObjectId;
  kind: 'grievance';
  name: string;
  email: string;
  message: string;
  source: 'supporter';
  lang: SupporterLang;
  receivedAt: Date;
  dueOn: string;
  status: 'open' | 'closed';
  note: string;
  closedAt: Date | null;
  closedBy: string;
}
