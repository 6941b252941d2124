import { Types } from 'mongoose';
import type { Config } from '../../config.js';
import type { Database } from '../../database.js';
import { escapeHtml } from '../mail/compose.js';
import type { BulkCounts, BulkRecipient } from '../mail/bulk.js';
import type { OutboxMail } from '../mail/model.js';
import type { MessageTemplate } from '../mail/raw-message.js';
import type { Mailer } from '../mail/service.js';
import { publishedOnly, type Blog } from '../blogs/model.js';
import { hasHindi, renderEdition, unsubscribePlace } from './edition.js';
import { testSubject } from './letters.js';
import type { Edition, NewsletterSend, Subscriber } from './model.js';
import type { Subscriptions } from './subscriptions.js';

export const newsletterPurpose = 'newsletter';

/** Why a send was refused. */
export type SendRefusal = 'no post' | 'not published' | 'no subscribers' | { sentBefore: Date } | 'twice at once';

/** A send that has no batch yet this long after it was made lost its instance in between: its batch is made then. */
const orphanAfterMs = 60_000;

const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * A post sent to the subscribers: rendered once in each language it has, then one mail per
 * confirmed subscriber through the outbox's bulk queue, whose mails are composed here as each
 * goes out (the unsubscribe link's token included).
 */
export class NewsletterSending {
  /** Each send's editions as message templates, read once per instance while its mails go out. */
  private readonly editions = new Map<string, Promise<{ en: MessageTemplate; hi: MessageTemplate | null } | null>>();

  constructor(
    private readonly config: Config,
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly subscriptions: Subscriptions,
  ) {
    mail.bulk.register(newsletterPurpose, {
      recipients: (batch) => this.recipients(batch),
      compose: async (batch, queued) => {
        const editions = await this.editionsOf(batch);
        if (!editions) throw new Error(`newsletter send ${batch} is gone`);
        const template = (queued.lang === 'hi' && editions.hi) || editions.en;
        const token = this.subscriptions.tokens.make('unsubscribe', queued.recipient);
        const page = this.subscriptions.pageUrl('unsubscribe', queued.lang, token);
        return {
          to: queued.to,
          template,
          fills: { text: page, html: escapeHtml(page) },
          // RFC 2369 and RFC 8058: mailbox providers show an unsubscribe button that posts here.
          headers: {
            'List-Unsubscribe': `<${this.config.publicUrl}/api/unsubscribe.php?token=${token}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        };
      },
      bounced: (queued, response) => this.subscriptions.bounced(queued.recipient, response),
    });
  }

  /** The edition with the recipient's unsubscribe page filled in. */
  private personal(edition: Edition, unsubscribeUrl: string) {
    return {
      subject: edition.subject,
      text: edition.text.replaceAll(unsubscribePlace, unsubscribeUrl),
      html: edition.html.replaceAll(unsubscribePlace, escapeHtml(unsubscribeUrl)),
    };
  }

  private editionsOf(batch: string) {
    let found = this.editions.get(batch);
    if (!found) {
      const template = (edition: Edition): MessageTemplate => ({ ...edition, place: unsubscribePlace });
      found = this.db.models.NewsletterSend.findById(batch, { editions: 1 })
        .lean<Pick<NewsletterSend, 'editions'>>()
        .then((send) => send && { en: template(send.editions.en), hi: send.editions.hi && template(send.editions.hi) });
      this.editions.set(batch, found);
      found.catch(() => this.editions.delete(batch));
    }
    return found;
  }

  /** The confirmed subscribers as the send is prepared, each in their language where the post has it. */
  private async recipients(batch: string): Promise<BulkRecipient[]> {
    const editions = await this.editionsOf(batch);
    if (!editions) return [];
    const subscribers = await this.db.models.Subscriber.find({ state: 'subscribed' }, { email: 1, lang: 1 }).lean<
      Pick<Subscriber, '_id' | 'email' | 'lang'>[]
    >();
    return subscribers.map((subscriber) => ({
      id: subscriber._id.toHexString(),
      to: subscriber.email,
      lang: subscriber.lang === 'hi' && editions.hi ? 'hi' : 'en',
    }));
  }

  private async post(postId: string): Promise<Blog | null> {
    return this.db.models.Blog.findById(postId).lean<Blog>();
  }

  private async renderEditions(post: Blog): Promise<NewsletterSend['editions']> {
    const sender = await this.mail.sender();
    return {
      en: renderEdition(post, 'en', this.config.publicUrl, sender),
      hi: hasHindi(post) ? renderEdition(post, 'hi', this.config.publicUrl, sender) : null,
    };
  }

  /**
   * Sends a published post to every confirmed subscriber, once: a post sent before only `again`.
   * The send is decided by inserting it under the post's next send number (`<post>#<n>`).
   */
  async send(
    postId: string,
    { by, again, id }: { by: string; again: boolean; id: Types.ObjectId },
  ): Promise<{ send: NewsletterSend; recipients: number } | SendRefusal> {
    const { NewsletterSend: sends, Blog: posts, Subscriber: subscribers } = this.db.models;
    const replay = await sends.findById(id).lean<NewsletterSend>();
    if (replay) return { send: replay, recipients: (await this.mail.bulk.counts([id.toHexString()])).get(id.toHexString())?.total ?? 0 };
    const post = await this.post(postId);
    if (!post) return 'no post';
    if (!(await posts.exists({ $and: [{ _id: post._id }, publishedOnly()] }))) return 'not published';
    const recipients = await subscribers.countDocuments({ state: 'subscribed' });
    if (!recipients) return 'no subscribers';
    const earlier = await sends.find({ post: post._id }, { createdAt: 1 }).lean<Pick<NewsletterSend, 'createdAt'>[]>();
    if (earlier.length && !again) return { sentBefore: earlier.map((send) => send.createdAt).sort((a, b) => b.getTime() - a.getTime())[0]! };
    try {
      await sends.create({
        _id: id,
        post: post._id,
        key: `${post._id.toHexString()}#${earlier.length + 1}`,
        title: post.title,
        again: earlier.length > 0,
        by,
        editions: await this.renderEditions(post),
      });
    } catch (error) {
      if (isDuplicate(error)) return 'twice at once';
      throw error;
    }
    await this.mail.bulk.create(id.toHexString(), newsletterPurpose, recipients);
    return { send: (await sends.findById(id).lean<NewsletterSend>())!, recipients };
  }

  /** One copy of the post to one address (even of a draft), as a one-off mail: no send is recorded. */
  async test(postId: string, to: string, key: string): Promise<OutboxMail | 'no post'> {
    const post = await this.post(postId);
    if (!post) return 'no post';
    const { en } = await this.renderEditions(post);
    // A test copy belongs to no subscription: its unsubscribe link leads to the newsletter's page.
    const copy = this.personal(en, `${this.config.publicUrl}/newsletter`);
    return this.mail.outbox.enqueueRendered({
      key: `newsletter-test:${key}`,
      kind: 'newsletter-test',
      to: [to],
      lang: 'en',
      ...copy,
      subject: testSubject(copy.subject),
    });
  }

  /** The sends, newest first, with their counts; a send whose batch was never made gets it now. */
  async list(postId?: string): Promise<{ send: NewsletterSend; counts: BulkCounts; state: 'preparing' | 'sending' | 'done'; finishedAt: Date | null }[]> {
    const found = await this.db.models.NewsletterSend.find(postId ? { post: postId } : {}, { editions: 0 }).lean<NewsletterSend[]>();
    found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const ids = found.map((send) => send._id.toHexString());
    const batches = new Map((await this.db.models.BulkBatch.find({ _id: { $in: ids } }).lean()).map((batch) => [batch._id, batch]));
    for (const send of found) {
      if (batches.has(send._id.toHexString()) || Date.now() - send.createdAt.getTime() < orphanAfterMs) continue;
      const recipients = await this.db.models.Subscriber.countDocuments({ state: 'subscribed' });
      await this.mail.bulk.create(send._id.toHexString(), newsletterPurpose, recipients);
    }
    const counts = await this.mail.bulk.counts(ids);
    return found.map((send) => {
      const batch = batches.get(send._id.toHexString());
      return {
        send,
        counts: counts.get(send._id.toHexString()) ?? { total: 0, queued: 0, sent: 0, failed: 0, bounced: 0 },
        state: batch?.state ?? 'preparing',
        finishedAt: batch?.finishedAt ?? null,
      };
    });
  }
}
