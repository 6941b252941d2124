import type { Schemas } from '../../contract.js';
import type { BulkCounts } from '../mail/bulk.js';
import type { Consent, NewsletterSend, Subscriber } from './model.js';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export const consentView = (consent: Consent): Schemas['SubscriberConsent'] => ({
  at: consent.at.toISOString(),
  source: consent.source,
  page: consent.page ?? null,
  notice_version: consent.noticeVersion ?? null,
  notice: consent.notice ?? null,
  detail: consent.detail ?? null,
});

export const subscriberView = (subscriber: Subscriber, consents: Consent[]): Schemas['Subscriber'] => ({
  email: subscriber.email,
  name: subscriber.name ?? '',
  language: subscriber.lang,
  state: subscriber.state,
  created_at: subscriber.createdAt.toISOString(),
  confirmed_at: iso(subscriber.confirmedAt),
  unsubscribed_at: iso(subscriber.unsubscribedAt),
  bounced_at: iso(subscriber.bouncedAt),
  bounce: subscriber.bounce ?? null,
  consents: consents.map(consentView),
});

export const subscriptionView = (subscriber: Subscriber): Schemas['SubscriptionView'] => ({
  email: subscriber.email,
  language: subscriber.lang,
  state: subscriber.state,
});

export const sendView = ({
  send,
  counts,
  state,
  finishedAt,
}: {
  send: NewsletterSend;
  counts: BulkCounts;
  state: Schemas['NewsletterSend']['state'];
  finishedAt: Date | null;
}): Schemas['NewsletterSend'] => ({
  id: send._id.toHexString(),
  post_id: send.post.toHexString(),
  title: send.title,
  state,
  again: send.again,
  created_at: send.createdAt.toISOString(),
  finished_at: iso(finishedAt),
  by: send.by,
  counts,
});
