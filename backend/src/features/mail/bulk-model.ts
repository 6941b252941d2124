import { Schema } from 'mongoose';
import type { MailLang } from './model.js';

// Bulk mail (a newsletter to every subscriber): one mail per recipient, kept apart from the outbox's
// one-off mails so that finding due work stays cheap on FerretDB, which reads a whole collection
// for any filter other than equality. Every write per mail is an insert: a mail's outcome is
// decided by inserting it into a unique _id, never by a read-then-write update.

export type BulkBatchState = 'preparing' | 'sending' | 'done';

/** One bulk send: its recipients are listed by the worker (`preparing`), then sent chunk by chunk. */
export interface BulkBatch {
  /** The id of what the batch sends (a newsletter send's id). */
  _id: string;
  /** Who composes its mails and lists its recipients (`newsletter`). */
  purpose: string;
  state: BulkBatchState;
  /** Recipients are spread over this many chunks by a hash of their id, fixed at creation. */
  chunks: number;
  total: number;
  /** The outcomes once every mail has one (`done`). */
  tally: { sent: number; failed: number; bounced: number } | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export const bulkBatchSchema = new Schema<BulkBatch>(
  {
    _id: { type: String, required: true },
    purpose: { type: String, required: true },
    state: { type: String, required: true },
    chunks: { type: Number, required: true },
    total: { type: Number, default: 0 },
    tally: { type: Schema.Types.Mixed, default: null },
    createdAt: { type: Date, required: true },
    finishedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

/** One recipient's mail of a batch, written once when the batch is prepared and never changed. */
export interface BulkMail {
  /** `<batch>:<recipient>`, so listing the recipients again after a crash adds no one twice. */
  _id: string;
  batch: string;
  chunk: number;
  to: string;
  lang: MailLang;
  /** The recipient's id with the purpose (a subscriber's id). */
  recipient: string;
}

export const bulkMailSchema = new Schema<BulkMail>(
  {
    _id: { type: String, required: true },
    batch: { type: String, required: true },
    chunk: { type: Number, required: true },
    to: { type: String, required: true },
    lang: { type: String, required: true },
    recipient: { type: String, required: true },
  },
  { versionKey: false },
);
// For MongoDB; FerretDB finds by equality without them.
bulkMailSchema.index({ batch: 1, chunk: 1 });
bulkMailSchema.index({ to: 1 });

/**
 * One recipient's mail being sent: inserted under the mail's _id before its transfer begins, so
 * of two instances only one sends it (the other's insert meets the duplicate key). Kept after a
 * send (the outcome says what happened); one whose instance died is taken over once `until` passed.
 */
export interface BulkSending {
  _id: string;
  owner: string;
  until: Date;
}

export const bulkSendingSchema = new Schema<BulkSending>(
  { _id: { type: String, required: true }, owner: { type: String, required: true }, until: { type: Date, required: true } },
  { versionKey: false },
);

export type BulkOutcomeState = 'sent' | 'failed' | 'bounced';

/** A mail's outcome, inserted once under the mail's _id once the SMTP server has answered. */
export interface BulkOutcome {
  _id: string;
  batch: string;
  chunk: number;
  state: BulkOutcomeState;
  at: Date;
  /** The server's answer to a refusal (or the reason it was given up). */
  detail: string | null;
}

export const bulkOutcomeSchema = new Schema<BulkOutcome>(
  {
    _id: { type: String, required: true },
    batch: { type: String, required: true },
    chunk: { type: Number, required: true },
    state: { type: String, required: true },
    at: { type: Date, required: true },
    detail: { type: String, default: null },
  },
  { versionKey: false },
);
bulkOutcomeSchema.index({ batch: 1, chunk: 1 });

/**
 * A temporary refusal (4xx, or the server away) of a mail, one document per failed attempt
 * (`<mail>:<attempt>`); the latest one says when to try again.
 */
export interface BulkRetry {
  _id: string;
  batch: string;
  chunk: number;
  mail: string;
  attempt: number;
  dueAt: Date;
  /** When the first attempt failed: a mail not delivered within MAIL_GIVE_UP_AFTER of it fails. */
  firstFailedAt: Date;
  error: string;
}

export const bulkRetrySchema = new Schema<BulkRetry>(
  {
    _id: { type: String, required: true },
    batch: { type: String, required: true },
    chunk: { type: Number, required: true },
    mail: { type: String, required: true },
    attempt: { type: Number, required: true },
    dueAt: { type: Date, required: true },
    firstFailedAt: { type: Date, required: true },
    error: { type: String, default: '' },
  },
  { versionKey: false },
);
bulkRetrySchema.index({ batch: 1 });

/** A chunk every mail of which has an outcome or a retry (`<batch>:<chunk>`): no instance looks at it again. */
export interface BulkChunkDone {
  _id: string;
  batch: string;
}

export const bulkChunkDoneSchema = new Schema<BulkChunkDone>(
  { _id: { type: String, required: true }, batch: { type: String, required: true } },
  { versionKey: false },
);

/** A moment taken to send one mail at the set rate (`<per minute>:<moment number>`), shared by every instance. */
export interface BulkSlot {
  _id: string;
  at: Date;
}

export const bulkSlotSchema = new Schema<BulkSlot>({ _id: { type: String, required: true }, at: { type: Date, required: true } }, { versionKey: false });

/** The rate of bulk mail (`site_settings`, `_id: 'bulk-mail'`). */
export const bulkSettingsId = 'bulk-mail';
export const defaultBulkPerMinute = 60;
