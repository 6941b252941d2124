import { Schema, Types } from 'mongoose';
import type { Schemas } from '../../contract.js';

export type MailKind = Schemas['OutboxMail']['kind'];
export type OutboxState = Schemas['OutboxState'];
export type MailLang = 'en' | 'hi';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** A text file as its text; any other as its bytes (a lean read gives them back as BSON Binary). */
  content: string | Buffer | { buffer: Uint8Array };
}

/**
 * A mail of the outbox: written before anything is sent, then claimed and sent by whichever
 * instance's worker gets to it first (jobs/claim.ts). `sending`: an instance holds its lease.
 */
export interface OutboxMail {
  _id: Types.ObjectId;
  /** What the mail is for (`contact-notice:<message id>`): it is queued once, however often its request is retried. */
  key: string;
  kind: MailKind;
  lang: MailLang;
  /** The organisation's name as the sender's display name (when MAIL_FROM gives none). */
  fromName: string;
  to: string[];
  replyTo: { name: string; address: string } | null;
  subject: string;
  text: string;
  html: string;
  /** Kept from the first attempt on, so a receiving server can tell a retry from a new mail. */
  messageId: string;
  references: string[];
  /** It carries a password link: its text is never shown, dropped once sent, and it is never sent again by hand. */
  sensitive: boolean;
  /** Files sent with it (an event's calendar file, a Form 10BE certificate); their bytes are dropped once it is sent. */
  attachments: MailAttachment[];
  /** The tokens its text names by placeholder, made when it is sent (send-time-tokens.ts). */
  tokens?: Record<string, { maker: string; args: Record<string, string> }>;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: Date | null;
  /** Set at the first failed attempt: a mail still not delivered then is given up. */
  giveUpAt: Date | null;
  sentAt: Date | null;
  lastError: string | null;
  smtpResponse: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const outboxMailSchema = new Schema<OutboxMail>(
  {
    key: { type: String, required: true, unique: true },
    kind: { type: String, required: true },
    lang: { type: String, required: true, default: 'en' },
    fromName: { type: String, default: '' },
    to: { type: [String], required: true },
    replyTo: { type: new Schema({ name: String, address: String }, { _id: false }), default: null },
    subject: { type: String, required: true },
    text: { type: String, default: '' },
    html: { type: String, default: '' },
    messageId: { type: String, required: true },
    references: { type: [String], default: [] },
    sensitive: { type: Boolean, default: false },
    attachments: { type: [new Schema({ filename: String, contentType: String, content: Schema.Types.Mixed }, { _id: false })], default: [] },
    tokens: { type: Schema.Types.Mixed, default: undefined },
    state: { type: String, required: true, default: 'queued' },
    attempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, default: null },
    giveUpAt: { type: Date, default: null },
    sentAt: { type: Date, default: null },
    lastError: { type: String, default: null },
    smtpResponse: { type: String, default: null },
  },
  { timestamps: true },
);
outboxMailSchema.index({ state: 1, nextAttemptAt: 1 });
outboxMailSchema.index({ createdAt: -1 });

/** An answer written in the admin under a contact message, and the mail that carries it. */
export interface MessageReply {
  _id: Types.ObjectId;
  message: Types.ObjectId;
  body: string;
  author: string;
  mail: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
}

export const messageReplySchema = new Schema<MessageReply>(
  {
    message: { type: Schema.Types.ObjectId, required: true, index: true },
    body: { type: String, required: true },
    author: { type: String, required: true },
    mail: { type: Schema.Types.ObjectId, required: true },
  },
  { timestamps: true },
);

/** Who gets the notices of new messages and volunteers (`site_settings`, `_id: 'mail'`). */
export const mailSettingsId = 'mail';
