import { Schema, Types } from 'mongoose';

export type PledgeStatus = 'active' | 'paused' | 'stopped';

/**
 * A promise to give `amount` every month, reminded on `day` (India time). A supporter is an
 * e-mail address: `email` is kept normalised (trimmed, lower case), so a person's pledges are
 * found by it (their own page, erasure, export).
 */
export interface Pledge {
  _id: Types.ObjectId;
  name: string;
  email: string;
  mobile: string;
  amount: number;
  day: number;
  pan: string;
  address: string;
  lang: 'en' | 'hi';
  status: PledgeStatus;
  /** The day it was made, YYYY-MM-DD in India: its first reminder is the first `day` from then. */
  startedOn: string;
  stoppedAt: Date | null;
  stoppedBy: 'donor' | 'admin' | null;
  createdAt: Date;
  updatedAt: Date;
}

export const pledgeSchema = new Schema<Pledge>(
  {
    name: { type: String, required: true },
    email: { type: String, required: true, index: true },
    mobile: { type: String, default: '' },
    amount: { type: Number, required: true },
    day: { type: Number, required: true },
    pan: { type: String, default: '' },
    address: { type: String, default: '' },
    lang: { type: String, default: 'en' },
    status: { type: String, required: true, default: 'active' },
    startedOn: { type: String, required: true },
    stoppedAt: { type: Date, default: null },
    stoppedBy: { type: String, default: null },
  },
  { timestamps: true },
);
pledgeSchema.index({ status: 1, day: 1 });
pledgeSchema.index({ createdAt: -1 });

export type PledgeMonthState = 'due' | 'reminded' | 'paid' | 'missed';

/**
 * One month of a pledge: made once by whichever instance inserts it first, since its `_id`
 * (`<pledge id>:<YYYY-MM>`) is unique, and so reminded once across instances and restarts.
 * `reference` is unique too: the bank statement finds the month by it.
 */
export interface PledgeMonth {
  _id: string;
  pledge: Types.ObjectId;
  month: string;
  dueOn: string;
  amount: number;
  reference: string;
  /** `due` until its reminder is queued; then `reminded`, and `paid` or `missed` after a statement. */
  state: PledgeMonthState;
  remindedAt: Date | null;
  paidOn: string | null;
  donation: Types.ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
}

export const pledgeMonthSchema = new Schema<PledgeMonth>(
  {
    _id: { type: String, required: true },
    pledge: { type: Schema.Types.ObjectId, required: true, index: true },
    month: { type: String, required: true },
    dueOn: { type: String, required: true },
    amount: { type: Number, required: true },
    reference: { type: String, required: true, unique: true },
    state: { type: String, required: true, default: 'due' },
    remindedAt: { type: Date, default: null },
    paidOn: { type: String, default: null },
    donation: { type: Schema.Types.ObjectId, default: null },
  },
  { timestamps: true },
);
pledgeMonthSchema.index({ state: 1, dueOn: 1 });

/**
 * The consolidated statement of a financial year's received gifts, once per pledger and year:
 * `_id` is `<e-mail>|<year>`, so of two instances only one makes it.
 */
export interface PledgeStatement {
  _id: string;
  email: string;
  fy: string;
  /** `due` until its mail is queued. */
  state: 'due' | 'sent';
  createdAt: Date;
}

export const pledgeStatementSchema = new Schema<PledgeStatement>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    fy: { type: String, required: true, index: true },
    state: { type: String, required: true, default: 'due' },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
