import type { components } from '@ngo-site/shared/contract';
import { api } from '../../../api/client';
import { adminPageSize, attempt, downloadCsv, failed, paged, sentence, type AdminPage, type Outcome } from '../api';

export type Subscriber = components['schemas']['Subscriber'];
export type SubscriberState = components['schemas']['SubscriberState'];
export type SubscriberCounts = components['schemas']['SubscriberCounts'];
export type NewsletterSend = components['schemas']['NewsletterSend'];
export type SubscriberImport = components['schemas']['SubscriberImport'];

export interface Newsletters {
  sends: NewsletterSend[];
  perMinute: number;
  subscribers: number;
}

export function fetchNewsletters(): Promise<Outcome<Newsletters>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_newsletters.php');
    return data?.success
      ? { ok: true, data: { sends: data.data, perMinute: data.settings.per_minute, subscribers: data.subscribers } }
      : failed(error, 'Could not load the newsletters');
  });
}

/** A send of the post, or (with `testTo`) one test copy; `again` sends a post sent before once more. */
export function sendNewsletter(postId: string, { testTo, again }: { testTo?: string; again?: boolean } = {}): Promise<Outcome<string> & { status?: number }> {
  return attempt(async () => {
    const { data, error, response } = await api.POST('/api/send_newsletter.php', {
      body: { post_id: postId, ...(testTo ? { test_to: testTo } : {}), ...(again ? { again } : {}) },
    });
    return data?.success ? { ok: true, data: data.message } : { ...failed<string>(error, 'The newsletter could not be sent'), status: response.status };
  });
}

export function saveRate(perMinute: number): Promise<Outcome<string>> {
  return attempt(async () =>
    sentence(await api.POST('/api/update_newsletter_settings.php', { body: { per_minute: perMinute } }), 'The rate could not be saved'),
  );
}

export interface SubscriberList extends AdminPage<Subscriber> {
  counts: SubscriberCounts;
}

export function fetchSubscribers({ page, q, state }: { page: number; q: string; state?: SubscriberState }): Promise<Outcome<SubscriberList>> {
  return attempt(async () => {
    const answer = await api.GET('/api/get_subscribers.php', {
      params: { query: { limit: adminPageSize, page, ...(q.trim() ? { q: q.trim() } : {}), ...(state ? { state } : {}) } },
    });
    const list = paged(answer, 'Could not load the subscribers');
    return list.ok && answer.data ? { ok: true, data: { ...list.data, counts: answer.data.counts } } : (list as Outcome<SubscriberList>);
  });
}

export function addSubscriber(fields: { email: string; name?: string; language?: 'en' | 'hi'; reason: string; confirm?: boolean }): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/add_subscriber.php', { body: fields }), 'The subscriber could not be added'));
}

export function importSubscribers(fields: {
  csv: string;
  consent_source?: string;
  default_language?: 'en' | 'hi';
}): Promise<Outcome<{ message: string; result: SubscriberImport }>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/import_subscribers.php', { body: fields });
    return data?.success ? { ok: true, data: { message: data.message, result: data.data } } : failed(error, 'The file could not be imported');
  });
}

/** Every subscriber with their consent, as the server's CSV file. */
export const exportSubscribers = () => downloadCsv('/api/export_subscribers.php', 'The subscribers could not be downloaded');

export function updateSubscriber(email: string, change: { state?: 'subscribed' | 'unsubscribed'; language?: 'en' | 'hi' }): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/update_subscriber.php', { body: { email, ...change } }), 'The subscriber could not be saved'));
}

export function eraseSubscriber(email: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/delete_subscriber.php', { body: { email } }), 'The address could not be erased'));
}
