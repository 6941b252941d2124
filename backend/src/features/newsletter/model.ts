import { Schema, Types } from 'mongoose';
import type { Schemas } from '../../contract.js';
import type { MailLang } from '../mail/model.js';

export type SubscriberState = Schemas['SubscriberState'];
export type ConsentSource = Schemas['SubscriberConsent']['source'];

/**
 * A subscription, found by its address: trimmed and lower-cased, unique (a second subscription of
 * one address loses the insert). Its id is what the mailed links' tokens name.
 */
export interface Subscriber {
  _id: Types.ObjectId;
  email: string;
  name: string;
  lang: MailLang;
  state: SubscriberState;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  bouncedAt: Date | null;
  /** The recipient server's refusal that bounced it. */
  bounce: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const subscriberSchema = new Schema<Subscriber>(
  {
    email: { type: String, required: true, unique: true },
    name: { type: String, default: '' },
    lang: { type: String, required: true, default: 'en' },
    state: { type: String, required: true },
    confirmedAt: { type: Date, default: null },
    unsubscribedAt: { type: Date, default: null },
    bouncedAt: { type: Date, default: null },
    bounce: { type: String, default: null },
  },
  { timestamps: true },
);

/**
 * One act of consent to the newsletter (or its confirmation), by address: when, where, and the
 * notice shown. Kept apart from the subscription, inserted only, so none is ever overwritten.
 */
export interface Consent {
  _id: Types.ObjectId;
  email: string;
  purpose: 'newsletter';
  at: Date;
  source: ConsentSource;
  page: string | null;
  noticeVersion: number | null;
  notice: string | null;
  /** The admin's reason, or the import's consent source. */
  detail: string | null;
  /** The admin account that recorded it. */
  by: string | null;
}

export const consentSchema = new Schema<Consent>(
  {
    email: { type: String, required: true, index: true },
    purpose: { type: String, required: true },
    at: { type: Date, required: true },
    source: { type: String, required: true },
    page: { type: String, default: null },
    noticeVersion: { type: Number, default: null },
    notice: { type: String, default: null },
    detail: { type: String, default: null },
    by: { type: String, default: null },
  },
  { versionKey: false },
);

/** A post as a newsletter edition: rendered once when it is sent, with the links' places marked. */
export interface Edition {
  subject: string;
  html: string;
  text: string;
}

/** A post sent to the subscribers (its mails are the bulk queue's batch of the same id). */
export interface NewsletterSend {
  _id: Types.ObjectId;
  post: Types.ObjectId;
  /** `<post>#<n>`: the n-th send of the post, inserted once, so two sends at once cannot both be the first. */
  key: string;
  title: string;
  again: boolean;
  by: string;
  editions: { en: Edition; hi: Edition | null };
  createdAt: Date;
}

export const newsletterSendSchema = new Schema<NewsletterSend>(
  {
    post: { type: Schema.Types.ObjectId, required: true, index: true },
    key: { type: String, required: true, unique: true },
    title: { type: String, required: true },
    again: { type: Boolean, default: false },
    by: { type: String, default: '' },
    editions: { type: Schema.Types.Mixed, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
