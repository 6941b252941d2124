import type { Schemas } from '../../contract.js';
import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Context, type Handlers } from '../../http/handlers.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import { AttemptCounter } from '../../limits/counter.js';
import type { Services } from '../../services.js';
import { pageHeaders } from '../listing.js';
import { toDay, today } from '../dates.js';
import type { MailLang } from '../mail/model.js';
import { outboxView } from '../mail/views.js';
import { readImport, subscribersCsv } from './csv.js';
import { newsletterMessages as messages } from './messages.js';
import type { Consent, Subscriber, SubscriberState } from './model.js';
import { NewsletterSending } from './sending.js';
import { normaliseEmail } from './subscriptions.js';
import { sendView, subscriberView, subscriptionView } from './view.js';

const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');
const states: SubscriberState[] = ['pending', 'subscribed', 'unsubscribed', 'bounced'];
const longDate = (date: Date) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(date);

/** Consent records by address, read once for a page or a download. */
async function consentsByEmail(services: Services): Promise<(email: string) => Consent[]> {
  const all = await services.db.models.NewsletterConsent.find({}).lean<Consent[]>();
  const byEmail = new Map<string, Consent[]>();
  for (const consent of all.sort((a, b) => a.at.getTime() - b.at.getTime())) byEmail.set(consent.email, [...(byEmail.get(consent.email) ?? []), consent]);
  return (email) => byEmail.get(email) ?? [];
}

/** The newsletter's operations: subscribing and leaving (anyone), sending and the subscribers (the admin). */
export function newsletterHandlers(services: Services): Handlers {
  const { config, db, mail } = services;
  const { subscriptions } = services;
  const sending = new NewsletterSending(config, db, mail, subscriptions);
  // Per e-mail address, beside the anonymous form's limit per client address: no one inbox is
  // flooded with confirmation requests from many addresses.
  const perAddressee = new AttemptCounter(db.models.LimitCount, config.formMaxSends, config.formWindowSeconds);
  const audit = db.models.AuditEntry;
  const actorOf = (ctx: Context) => (ctx.state.user as { sub: string }).sub;
  const actorName = async (ctx: Context) => (await db.models.AdminUser.findById(actorOf(ctx), { name: 1, email: 1 }).lean())?.name ?? 'Admin';

  return {
    async subscribeNewsletter(ctx) {
      const { body, params } = requestInput(ctx);
      const key = `newsletter-email|${normaliseEmail(body.email)}`;
      const retryAfter = await perAddressee.retryAfterSeconds(key);
      if (retryAfter > 0) throw new HttpError(429, messages.tooMany(Math.ceil(retryAfter / 60)), { headers: { 'Retry-After': String(retryAfter) } });
      await perAddressee.record(key);
      const pageLang: MailLang = params.lang ?? 'en';
      await subscriptions.subscribe({
        email: body.email,
        name: body.name,
        lang: body.language ?? pageLang,
        source: 'form',
        page: body.page ?? null,
        pageLang,
        noticeVersion: body.notice_version,
      });
      noStore(ctx);
      reply(ctx, 202, { success: true, message: messages.checkInbox });
    },

    async confirmSubscription(ctx) {
      const confirmed = await subscriptions.confirm(requestInput(ctx).body.token);
      if (!confirmed) throw new HttpError(404, messages.confirmLinkGone);
      noStore(ctx);
      reply(ctx, 200, { success: true, message: messages.confirmed, data: subscriptionView(confirmed) });
    },

    async openUnsubscribe(ctx) {
      const { token } = requestInput(ctx).params;
      const found = await subscriptions.byUnsubscribeToken(token);
      const lang = found && found !== 'gone' ? found.lang : 'en';
      ctx.status = 303;
      ctx.redirect(`${lang === 'hi' ? '/hi' : ''}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
    },

    async unsubscribe(ctx) {
      const { body, params } = requestInput(ctx);
      const token = body.token ?? params.token;
      if (!token) throw new HttpError(400, messages.noToken);
      const found = await subscriptions.byUnsubscribeToken(token);
      if (!found) throw new HttpError(404, messages.badLink);
      if (found !== 'gone') {
        if (body.erase) await subscriptions.erase(found.email);
        else await subscriptions.unsubscribe(found.email);
      }
      noStore(ctx);
      reply(ctx, 200, { success: true, message: body.erase ? messages.erased : messages.unsubscribed });
    },

    async listNewsletters(ctx) {
      const { post_id } = requestInput(ctx).params;
      const [sends, perMinute, subscribers] = await Promise.all([
        sending.list(post_id),
        mail.bulk.perMinute(),
        db.models.Subscriber.countDocuments({ state: 'subscribed' }),
      ]);
      noStore(ctx);
      reply(ctx, 200, { success: true, data: sends.map(sendView), settings: { per_minute: perMinute }, subscribers });
    },

    async sendNewsletter(ctx) {
      const { post_id, test_to, again } = requestInput(ctx).body;
      const id = newDocumentId(ctx.state);
      if (test_to) {
        const test = await sending.test(post_id, test_to, id.toHexString());
        if (test === 'no post') throw new HttpError(404, messages.postNotFound);
        return reply(ctx, 202, { success: true, message: messages.testQueued(test_to), test: outboxView(test) });
      }
      const sent = await sending.send(post_id, { by: await actorName(ctx), again: again === true, id });
      if (sent === 'no post') throw new HttpError(404, messages.postNotFound);
      if (sent === 'not published') throw new HttpError(409, messages.notPublished);
      if (sent === 'no subscribers') throw new HttpError(409, messages.noSubscribers);
      if (sent === 'twice at once') throw new HttpError(409, messages.sentBefore(longDate(new Date())));
      if ('sentBefore' in sent) throw new HttpError(409, messages.sentBefore(longDate(sent.sentBefore)));
      const [listed] = (await sending.list(post_id)).filter((entry) => entry.send._id.equals(sent.send._id));
      reply(ctx, 202, { success: true, message: messages.sendQueued(sent.recipients), data: sendView(listed!) });
    },

    async updateNewsletterSettings(ctx) {
      const { per_minute } = requestInput(ctx).body;
      await mail.bulk.setPerMinute(per_minute);
      reply(ctx, 200, { success: true, message: messages.settingsSaved, data: { per_minute: await mail.bulk.perMinute() } });
    },

    async listSubscribers(ctx) {
      const params = requestInput(ctx).params;
      const all = await db.models.Subscriber.find({}).lean<Subscriber[]>();
      all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : -1));
      const counts = Object.fromEntries(states.map((state) => [state, 0])) as Schemas['SubscriberCounts'];
      for (const subscriber of all) counts[subscriber.state] += 1;
      const q = params.q?.trim().toLowerCase();
      const found = all.filter(
        (subscriber) =>
          (!params.state || subscriber.state === params.state) && (!q || subscriber.email.includes(q) || subscriber.name.toLowerCase().includes(q)),
      );
      const paged = params.limit !== undefined || params.page !== undefined;
      const limit = params.limit ?? 12;
      const page = params.page ?? 1;
      const shown = paged ? found.slice((page - 1) * limit, page * limit) : found;
      const consentsOf = await consentsByEmail(services);
      if (paged) ctx.set(pageHeaders('/api/get_subscribers.php', params, { page, limit, total: found.length }));
      noStore(ctx);
      reply(ctx, 200, { success: true, data: shown.map((subscriber) => subscriberView(subscriber, consentsOf(subscriber.email))), counts });
    },

    async addSubscriber(ctx) {
      const { email, name, language, reason, confirm } = requestInput(ctx).body;
      const existing = await subscriptions.subscriptionOf(email);
      if (existing && (existing.state === 'subscribed' || (existing.state === 'pending' && confirm)))
        throw new HttpError(409, messages.alreadyListed(existing.state));
      const { subscriber } = await subscriptions.subscribe({
        email,
        name,
        lang: language ?? existing?.lang ?? 'en',
        source: 'admin',
        detail: reason,
        by: actorOf(ctx),
        consented: !confirm,
      });
      const consentsOf = await consentsByEmail(services);
      const message = subscriber.state === 'subscribed' ? messages.added(subscriber.email) : messages.addedPending(subscriber.email);
      reply(ctx, 201, { success: true, message, data: subscriberView(subscriber, consentsOf(subscriber.email)) });
    },

    async importSubscribers(ctx) {
      const { csv, consent_source, default_language } = requestInput(ctx).body;
      const read = readImport(csv);
      if (!read) throw new HttpError(400, messages.noEmailColumn, { errors: [{ field: 'csv', message: messages.noEmailColumn }] });
      const known = new Set((await db.models.Subscriber.find({}, { email: 1 }).lean<Pick<Subscriber, 'email'>[]>()).map((found) => found.email));
      const result = { added: 0, subscribed: 0, confirmations: 0, unchanged: 0, invalid: read.invalid };
      for (const row of read.rows) {
        const email = normaliseEmail(row.email);
        if (known.has(email)) {
          result.unchanged += 1;
          continue;
        }
        known.add(email);
        const { subscriber, created } = await subscriptions.subscribe({
          email,
          name: row.name,
          lang: row.lang ?? default_language ?? 'en',
          source: 'import',
          detail: consent_source ?? null,
          by: actorOf(ctx),
          consented: Boolean(consent_source),
        });
        if (!created) {
          result.unchanged += 1;
          continue;
        }
        result.added += 1;
        if (subscriber.state === 'subscribed') result.subscribed += 1;
        else result.confirmations += 1;
      }
      await audit.create({ action: 'subscribers.import', actor: actorOf(ctx), count: result.added });
      reply(ctx, 200, { success: true, message: messages.imported(result.added, result.unchanged, result.invalid.length), data: result });
    },

    async exportSubscribers(ctx) {
      const all = await db.models.Subscriber.find({}).lean<Subscriber[]>();
      all.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      const consentsOf = await consentsByEmail(services);
      await audit.create({ action: 'subscribers.export', actor: actorOf(ctx), count: all.length });
      ctx.status = 200;
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="subscribers-${toDay(today())}.csv"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = subscribersCsv(all, consentsOf);
    },

    async updateSubscriber(ctx) {
      const { email, language, state } = requestInput(ctx).body;
      let subscriber = await subscriptions.subscriptionOf(email);
      if (!subscriber) throw new HttpError(404, messages.notSubscriber);
      if (state) {
        const changed = await subscriptions.setState(email, state);
        if (changed === 'needs consent') throw new HttpError(409, messages.needsConsent);
      }
      if (language) await subscriptions.setLanguage(email, language);
      subscriber = (await subscriptions.subscriptionOf(email))!;
      const consentsOf = await consentsByEmail(services);
      reply(ctx, 200, { success: true, message: messages.updated, data: subscriberView(subscriber, consentsOf(subscriber.email)) });
    },

    async eraseSubscriber(ctx) {
      const deleted = await subscriptions.erase(requestInput(ctx).body.email);
      if (!deleted) throw new HttpError(404, messages.notSubscriber);
      // Who and when, never the address.
      await audit.create({ action: 'subscriber.erase', actor: actorOf(ctx), count: deleted });
      reply(ctx, 200, { success: true, message: messages.erasedByAdmin(deleted), deleted });
    },
  };
}
