import { newsletterNoticeVersion, newsletterNotices } from '@ngo-site/shared';
import type { Types } from 'mongoose';
import type { Config } from '../../config.js';
import type { Database } from '../../database.js';
import { WorkClaims } from '../../jobs/claim.js';
import { Claims } from '../../invariants/claims.js';
import type { Mailer } from '../mail/service.js';
import type { MailLang } from '../mail/model.js';
import { tokenPlaceholder } from '../mail/send-time-tokens.js';
import { confirmationLetter } from './letters.js';
import type { Consent, ConsentSource, Subscriber, SubscriberState } from './model.js';
import { LinkTokens } from './tokens.js';

/** A supporter is an e-mail address: trimmed and lower-cased wherever it is stored or looked up. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** At most one confirmation mail per address in this long. */
const confirmationEveryMs = 60 * 60 * 1000;
/** A subscription never confirmed is forgotten after this long, with its consent records. */
const forgetPendingAfterMs = 30 * 24 * 60 * 60 * 1000;
const sweepEveryMs = 60 * 60 * 1000;

/** The maker of the confirmation links' tokens, as the outbox knows it. */
const confirmMaker = 'newsletter-confirm';

const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/** What a request to subscribe says (the form, the admin, an import, a volunteer's "send me news"). */
export interface SubscribeRequest {
  email: string;
  name?: string;
  /** The newsletter's language. */
  lang: MailLang;
  source: ConsentSource;
  /** The page of the form, and the language its notice was shown in. */
  page?: string | null;
  pageLang?: MailLang;
  noticeVersion?: number;
  /** The admin's reason or an import's consent source. */
  detail?: string | null;
  /** The admin who recorded it. */
  by?: string | null;
  /** Subscribed at once (an admin recorded where the consent came from); otherwise pending until confirmed. */
  consented?: boolean;
}

/**
 * Subscriptions, found by their address: subscribing (double opt-in), confirming, leaving and
 * erasing. The functions a supporter's own page will call too (`/my`): subscriptionOf,
 * setLanguage, unsubscribe, erase.
 */
export class Subscriptions {
  readonly tokens: LinkTokens;
  private readonly claims: WorkClaims;
  private lastSweep = 0;

  constructor(
    private readonly config: Config,
    private readonly db: Database,
    private readonly mail: Mailer,
  ) {
    this.tokens = new LinkTokens(config.jwtSecret);
    this.claims = new WorkClaims(db.models.JobLease, 'newsletter', new Claims(db.models.Claim));
    // The confirmation link's token is made as the mail goes out, never stored with it.
    mail.outbox.tokens.register(confirmMaker, ({ subscriber }) => this.tokens.make('confirm', subscriber!));
  }

  /** A page of the newsletter's links (`/newsletter/confirm?token=…`), in the subscriber's language. */
  pageUrl(page: 'confirm' | 'unsubscribe', lang: MailLang, token: string) {
    return `${this.config.publicUrl}${lang === 'hi' ? '/hi' : ''}/newsletter/${page}?token=${token}`;
  }

  subscriptionOf(email: string) {
    return this.db.models.Subscriber.findOne({ email: normaliseEmail(email) }).lean<Subscriber>();
  }

  /**
   * Records the consent and the wish: a new or former subscriber is pending and gets a
   * confirmation mail (at most one an hour); one already subscribed is left as it is. With
   * `consented` (an admin's record of where the consent came from) the address is subscribed at once.
   */
  async subscribe(request: SubscribeRequest, now = new Date()): Promise<{ subscriber: Subscriber; created: boolean }> {
    await this.sweep(now);
    const email = normaliseEmail(request.email);
    const { Subscriber: subscribers } = this.db.models;
    const noticeVersion = request.source === 'form' || request.source.endsWith('-form') ? (request.noticeVersion ?? newsletterNoticeVersion) : null;
    const notice = noticeVersion === null ? null : (newsletterNotices[noticeVersion]?.[request.pageLang ?? request.lang] ?? null);
    await this.recordConsent({
      email,
      at: now,
      source: request.source,
      page: request.page ?? null,
      noticeVersion,
      notice,
      detail: request.detail ?? null,
      by: request.by ?? null,
    });
    const state: SubscriberState = request.consented ? 'subscribed' : 'pending';
    let created = false;
    let subscriber = await subscribers.findOne({ email }).lean<Subscriber>();
    if (!subscriber) {
      try {
        await subscribers.create({ email, name: request.name ?? '', lang: request.lang, state, confirmedAt: request.consented ? now : null });
        created = true;
      } catch (error) {
        if (!isDuplicate(error)) throw error;
      }
    } else if (subscriber.state !== 'subscribed') {
      const changes: Partial<Subscriber> = { state, lang: request.lang, ...(request.name ? { name: request.name } : {}) };
      if (request.consented) Object.assign(changes, { confirmedAt: now, bouncedAt: null, bounce: null, unsubscribedAt: null });
      await subscribers.updateOne({ _id: subscriber._id }, { $set: changes });
    }
    subscriber = (await subscribers.findOne({ email }).lean<Subscriber>())!;
    if (subscriber.state === 'pending') await this.sendConfirmation(subscriber, now);
    return { subscriber, created };
  }

  /**
   * A volunteer's or donor's own "send me news" box, ticked: a consent of its own (never implied
   * by the form), confirmed by mail like the subscribe box's.
   */
  subscribeFromForm(source: 'volunteer-form' | 'donation-form', person: { email: string; name: string }, lang: MailLang) {
    const page = `${lang === 'hi' ? '/hi' : ''}/${source === 'volunteer-form' ? 'volunteer' : 'donate'}`;
    return this.subscribe({ email: person.email, name: person.name, lang, pageLang: lang, source, page });
  }

  /** Mails the confirmation link, unless one went to this subscriber within the hour. */
  async sendConfirmation(subscriber: Subscriber, now = new Date()): Promise<boolean> {
    // Held for an hour and never let go: the insert of the hold decides, on any instance.
    const held = await this.claims.hold(`confirm:${subscriber._id.toHexString()}`, confirmationEveryMs);
    if (!held) return false;
    const { name } = await this.mail.sender();
    await this.mail.enqueue({
      key: `newsletter-confirm:${subscriber._id.toHexString()}:${now.getTime()}`,
      kind: 'newsletter-confirm',
      to: [subscriber.email],
      replyTo: await this.mail.organisationReplyTo(),
      letter: confirmationLetter(subscriber.lang, subscriber.name, name, this.pageUrl('confirm', subscriber.lang, tokenPlaceholder('confirm'))),
      tokens: { confirm: { maker: confirmMaker, args: { subscriber: subscriber._id.toHexString() } } },
    });
    return true;
  }

  /** The subscription a confirmation link names, confirmed; null when the link is not valid (any more). */
  async confirm(token: string, now = new Date()): Promise<Subscriber | null> {
    const id = this.tokens.read('confirm', token, now);
    if (!id) return null;
    const { Subscriber: subscribers } = this.db.models;
    const subscriber = await subscribers.findById(id).lean<Subscriber>();
    // A link of a subscription that has since ended (or was erased) confirms nothing.
    if (!subscriber || (subscriber.state !== 'pending' && subscriber.state !== 'subscribed')) return null;
    if (subscriber.state === 'pending') {
      await subscribers.updateOne({ _id: subscriber._id }, { $set: { state: 'subscribed', confirmedAt: now } });
      await this.recordConsent({
        email: subscriber.email,
        at: now,
        source: 'confirmation',
        page: null,
        noticeVersion: null,
        notice: null,
        detail: null,
        by: null,
      });
    }
    return subscribers.findById(id).lean<Subscriber>();
  }

  /** The subscriber an unsubscribe token names ('gone' when it was erased), or null for a token not ours. */
  async byUnsubscribeToken(token: string): Promise<Subscriber | 'gone' | null> {
    const id = this.tokens.read('unsubscribe', token);
    if (!id) return null;
    return (await this.db.models.Subscriber.findById(id).lean<Subscriber>()) ?? 'gone';
  }

  /** Ends a subscription (nothing more is sent to it); unsubscribing twice changes nothing. */
  async unsubscribe(email: string, now = new Date()): Promise<Subscriber | null> {
    const { Subscriber: subscribers } = this.db.models;
    const subscriber = await this.subscriptionOf(email);
    if (!subscriber) return null;
    if (subscriber.state !== 'unsubscribed') await subscribers.updateOne({ _id: subscriber._id }, { $set: { state: 'unsubscribed', unsubscribedAt: now } });
    return this.subscriptionOf(email);
  }

  async setLanguage(email: string, lang: MailLang): Promise<Subscriber | null> {
    const subscriber = await this.subscriptionOf(email);
    if (!subscriber) return null;
    await this.db.models.Subscriber.updateOne({ _id: subscriber._id }, { $set: { lang } });
    return this.subscriptionOf(email);
  }

  /** A bounce clears (the address is sent to again) or the subscription ends; null when there is no such subscriber. */
  async setState(email: string, state: 'subscribed' | 'unsubscribed', now = new Date()): Promise<Subscriber | 'needs consent' | null> {
    const subscriber = await this.subscriptionOf(email);
    if (!subscriber) return null;
    if (state === 'unsubscribed') return this.unsubscribe(email, now);
    if (subscriber.state === 'pending' || subscriber.state === 'unsubscribed') return 'needs consent';
    await this.db.models.Subscriber.updateOne({ _id: subscriber._id }, { $set: { state: 'subscribed', bouncedAt: null, bounce: null } });
    return this.subscriptionOf(email);
  }

  /** A recipient's server refused the address for good: no later send goes to it. */
  async bounced(id: string, response: string, now = new Date()) {
    await this.db.models.Subscriber.updateOne({ _id: id, state: 'subscribed' }, { $set: { state: 'bounced', bouncedAt: now, bounce: response } });
  }

  /**
   * Everything of the newsletter about an address goes: the subscription, its consent records,
   * its confirmation mails and its newsletter mails. Answers how many records went.
   */
  async erase(email: string): Promise<number> {
    const address = normaliseEmail(email);
    const { Subscriber: subscribers, NewsletterConsent: consents, OutboxMail: outbox } = this.db.models;
    const subscriber = await subscribers.findOne({ email: address }, { _id: 1 }).lean<{ _id: Types.ObjectId }>();
    let count = 0;
    if (subscriber) {
      count += (await subscribers.deleteOne({ _id: subscriber._id })).deletedCount;
      await this.db.models.JobLease.deleteMany({ _id: `newsletter:confirm:${subscriber._id.toHexString()}` });
    }
    count += (await consents.deleteMany({ email: address })).deletedCount;
    count += (await outbox.deleteMany({ to: address, kind: { $in: ['newsletter-confirm', 'newsletter-test'] } })).deletedCount;
    count += await this.mail.bulk.forget(address);
    return count;
  }

  private async recordConsent(consent: Omit<Consent, '_id' | 'purpose'>) {
    await this.db.models.NewsletterConsent.create({ ...consent, purpose: 'newsletter' });
  }

  /** Subscriptions never confirmed are forgotten after 30 days, with their consent records. */
  private async sweep(now: Date) {
    if (now.getTime() - this.lastSweep < sweepEveryMs) return;
    this.lastSweep = now.getTime();
    const stale = await this.db.models.Subscriber.find({ state: 'pending' }, { email: 1, updatedAt: 1 }).lean<Pick<Subscriber, 'email' | 'updatedAt'>[]>();
    for (const { email } of stale.filter((found) => found.updatedAt.getTime() < now.getTime() - forgetPendingAfterMs)) await this.erase(email);
    await this.claims.sweep(0);
  }
}
