import { Schema, Types } from 'mongoose';
import type { Schemas } from '../../contract.js';

export type DonationStatus = Schemas['DonationStatus'];
export type DonationMode = Schemas['DonationMode'];
export type PaymentMode = Schemas['PaymentMode'];
export type DonationType = Schemas['DonationType'];
export type BankCredit = Schemas['BankCredit'];
export type Citizenship = Schemas['Citizenship'];

/**
 * A donation as the donor reported it (or an admin recorded it from the bank statement). Its
 * money record is the receipt: the donation only says where it stands.
 */
export interface Donation {
  _id: Types.ObjectId;
  name: string;
  email: string;
  mobile: string;
  amount: number;
  /** What the gift is for (campaigns/designation.ts): a campaign's id and its program, a program, or '' for neither. */
  campaign_id: string;
  program: string;
  /** As typed; `referenceKey` (capitals and digits only) is what must be unique. */
  reference: string;
  referenceKey: string;
  /** As the donor said, until a confirmation records the bank's (book.ts). */
  mode: PaymentMode;
  pan: string;
  address: string;
  monthly: boolean;
  lang: 'en' | 'hi';
  source: 'donor' | 'admin' | 'pledge';
  status: DonationStatus;
  reason: string;
  /** The financial year of `receivedOn`, or of the day it was reported until then. */
  fy: string;
  /** YYYY-MM-DD in India, once the money is known to have arrived ('' before). */
  receivedOn: string;
  donationType: DonationType;
  bankMatch: BankCredit | null;
  /** `foreign`: a foreign contribution (FCRA), with the donor's country and passport; absent on older records (Indian). */
  citizenship?: Citizenship;
  country?: string;
  passportNumber?: string;
  /** A foreign contribution an admin marked eligible for an 80G receipt (an Indian donor's always is). */
  eligible80g?: boolean;
  /** The version of the donate form's privacy notice the donor agreed to. */
  noticeVersion?: number;
  createdAt: Date;
  updatedAt: Date;
}

// A credit matched before modes were read from the line has none: views read it from the line again.
const bankCreditSchema = new Schema<BankCredit>(
  { line: Number, date: String, amount: Number, reference: String, description: String, mode: String },
  { _id: false },
);

export const donationSchema = new Schema<Donation>(
  {
    name: { type: String, required: true },
    email: { type: String, default: '' },
    mobile: { type: String, default: '' },
    amount: { type: Number, required: true },
    campaign_id: { type: String, default: '' },
    program: { type: String, default: '' },
    reference: { type: String, required: true },
    referenceKey: { type: String, required: true, unique: true },
    mode: { type: String, default: 'upi' },
    pan: { type: String, default: '' },
    address: { type: String, default: '' },
    monthly: { type: Boolean, default: false },
    lang: { type: String, default: 'en' },
    source: { type: String, default: 'donor' },
    status: { type: String, required: true, default: 'pending' },
    reason: { type: String, default: '' },
    fy: { type: String, required: true },
    receivedOn: { type: String, default: '' },
    donationType: { type: String, default: 'Others' },
    bankMatch: { type: bankCreditSchema, default: null },
    citizenship: { type: String, default: 'indian' },
    country: { type: String, default: '' },
    passportNumber: { type: String, default: '' },
    eligible80g: { type: Boolean, default: false },
    noticeVersion: { type: Number },
  },
  { timestamps: true },
);
donationSchema.index({ createdAt: -1 });
donationSchema.index({ citizenship: 1, status: 1, fy: 1 });
donationSchema.index({ status: 1, fy: 1 });
donationSchema.index({ campaign_id: 1, status: 1 });

/** What a receipt says about the organisation, as the settings were when it was issued. */
export interface ReceiptIssuer {
  name: string;
  address: string;
  pan: string;
  registration80g: string;
  registration80gDate: string;
  /** The legal sentences of Settings at the issue (receipts before them read the defaults). */
  receiptTitle?: string;
  receiptStatement?: string;
}

/**
 * An 80G receipt: never edited once issued, only cancelled (kept, with who, when and why). The
 * unique `number` is what stops two instances from issuing one number twice; `donation` with
 * `issue` (1 for its first receipt, 2 after one reissue...) stops one donation from taking two.
 */
export interface Receipt {
  _id: Types.ObjectId;
  number: string;
  fy: string;
  seq: number;
  donation: Types.ObjectId;
  issue: number;
  donor: { name: string; email: string; address: string; pan: string };
  amount: number;
  mode: PaymentMode;
  reference: string;
  receivedOn: string;
  donationType: DonationType;
  /** What the gift is for, in words ("Campaign: …", "Program: …", "Where most needed"); '' on receipts from before. */
  designation: string;
  issuer: ReceiptIssuer;
  lang: 'en' | 'hi';
  issuedAt: Date;
  issuedBy: string;
  status: 'issued' | 'cancelled';
  cancelledAt: Date | null;
  cancelledBy: string;
  cancelReason: string;
}

export const receiptSchema = new Schema<Receipt>(
  {
    number: { type: String, required: true, unique: true },
    fy: { type: String, required: true },
    seq: { type: Number, required: true },
    donation: { type: Schema.Types.ObjectId, required: true },
    issue: { type: Number, required: true },
    donor: { type: new Schema({ name: String, email: String, address: String, pan: String }, { _id: false }), required: true },
    amount: { type: Number, required: true },
    mode: { type: String, required: true },
    reference: { type: String, required: true },
    receivedOn: { type: String, required: true },
    donationType: { type: String, required: true },
    designation: { type: String, default: '' },
    issuer: {
      type: new Schema(
        { name: String, address: String, pan: String, registration80g: String, registration80gDate: String, receiptTitle: String, receiptStatement: String },
        { _id: false },
      ),
      required: true,
    },
    lang: { type: String, default: 'en' },
    issuedAt: { type: Date, required: true },
    issuedBy: { type: String, required: true },
    status: { type: String, required: true, default: 'issued' },
    cancelledAt: { type: Date, default: null },
    cancelledBy: { type: String, default: '' },
    cancelReason: { type: String, default: '' },
  },
  { versionKey: false },
);
receiptSchema.index({ donation: 1, issue: 1 }, { unique: true });
receiptSchema.index({ fy: 1, status: 1 });

/** The last receipt number issued in a financial year (`_id`: the year): where the next search starts. */
export interface ReceiptCounter {
  _id: string;
  last: number;
}

export const receiptCounterSchema = new Schema<ReceiptCounter>(
  { _id: { type: String, required: true }, last: { type: Number, required: true } },
  { versionKey: false },
);
