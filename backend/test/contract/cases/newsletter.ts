// Every documented answer of the newsletter's operations, except 401/403 (auth-matrix.ts), 503
// (outage.ts) and the Idempotency-Key's 409/422 (idempotency.ts). newsletter.test.ts runs them
// with SMTP_URL set to a real SMTP server; a case that queues mail waits until the outbox and the
// bulk queue are still, so the next case's snapshots see nothing moving.
import { randomUUID } from 'node:crypto';
import type { Test } from 'supertest';
import { expect } from 'vitest';
import { LinkTokens } from '../../../src/features/newsletter/tokens.js';
import { eventually } from '../../mail.js';
import { contractCase, defineCases, type ContractCase } from '../support/cases.js';
import { bodyFormCases } from '../support/body-form.js';
import type { Fixture } from '../support/fixture.js';
import { hugeJson, postJson } from '../support/requests.js';

/** Waits until no mail is queued or being sent, one-off or bulk. */
export const stillMail = (fx: Fixture) =>
  eventually(
    async () =>
      (await fx.t.db.models.OutboxMail.countDocuments({ state: { $in: ['queued', 'sending'] } })) === 0 &&
      (await fx.t.db.models.BulkBatch.countDocuments({ state: { $ne: 'done' } })) === 0,
    20_000,
    'still mail',
  );

const tokens = (fx: Fixture) => new LinkTokens(fx.t.config.jwtSecret);
export const subscription = { email: 'reader@example.org', name: 'Reader', language: 'hi', page: '/blog', notice_version: 1, website: '', elapsed_ms: 6000 };
const subscribe = (fx: Fixture, body: unknown) => postJson(fx, '/api/subscribe.php', body, null);
const admin = (fx: Fixture, request: Test) => request.set('Authorization', fx.admin);

/** A subscriber straight in the database, in a state. */
export async function subscriberIn(
  fx: Fixture,
  state: 'pending' | 'subscribed' | 'unsubscribed' | 'bounced',
  email = `${state}-${randomUUID().slice(0, 8)}@example.org`,
) {
  const saved = await fx.t.db.models.Subscriber.create({ email, name: 'Case', lang: 'en', state, confirmedAt: state === 'pending' ? null : new Date() });
  return { id: saved._id.toHexString(), email };
}

/** A published post, straight in the database. */
export const publishedPost = async (fx: Fixture, title = 'A camp in Gumla') =>
  (await fx.t.db.models.Blog.create({ title, content: 'We met 300 people.', status: 'published' }))._id.toHexString();

const subscribing: ContractCase[] = [
  contractCase('subscribeNewsletter', 202, 'an address and a language: the same answer as for any address, a confirmation mail queued', {
    send: (fx) => subscribe(fx, subscription),
    check: async (res, fx) => {
      expect(res.body.message).toMatch(/check your inbox/);
      const saved = await fx.t.db.models.Subscriber.findOne({ email: 'reader@example.org' }).lean();
      expect(saved).toMatchObject({ state: 'pending', lang: 'hi', name: 'Reader' });
      expect(await fx.t.db.models.OutboxMail.countDocuments({ kind: 'newsletter-confirm', to: 'reader@example.org' })).toBe(1);
      await stillMail(fx);
    },
  }),
  contractCase('subscribeNewsletter', 202, 'an address already subscribed: the same answer, nothing mailed', {
    arrange: (fx) => subscriberIn(fx, 'subscribed'),
    send: (fx, { email }) => subscribe(fx, { email }),
    check: async (res, fx, { email }) => {
      expect(res.body.message).toMatch(/check your inbox/);
      expect(await fx.t.db.models.OutboxMail.countDocuments({ to: email })).toBe(0);
      expect((await fx.t.db.models.Subscriber.findOne({ email }).lean())!.state).toBe('subscribed');
    },
  }),
  contractCase('subscribeNewsletter', 400, 'no address', {
    send: (fx) => subscribe(fx, { name: 'Nobody' }),
    check: (res) => expect(res.body.message).toBe('Please enter your e-mail address'),
  }),
  contractCase('subscribeNewsletter', 400, 'a filled honeypot (counted for the limit, nothing else kept)', {
    send: (fx) => subscribe(fx, { ...subscription, email: 'bot@example.org', website: 'https://spam.example' }),
    changes: ['limit_counts'],
  }),
  contractCase('subscribeNewsletter', 400, 'a language the newsletter is not written in', {
    send: (fx) => subscribe(fx, { email: 'fr@example.org', language: 'fr' }),
  }),
  contractCase('subscribeNewsletter', 413, 'a JSON body over 1 MB', {
    send: (fx) => fx.request.post('/api/subscribe.php').set('Content-Type', 'application/json').send(hugeJson('email')),
  }),
  contractCase('subscribeNewsletter', 415, 'a urlencoded form instead of JSON', {
    send: (fx) => fx.request.post('/api/subscribe.php').type('form').send({ email: 'form@example.org' }),
  }),
  contractCase('subscribeNewsletter', 429, 'one address asked for too often, from many client addresses', {
    arrange: async (fx) => {
      const email = 'flooded@example.org';
      await fx.t.db.models.LimitCount.create({ _id: `newsletter-email|${email}`, count: 1000, resetAt: new Date(Date.now() + 600_000) });
      return email;
    },
    send: (fx, email) => subscribe(fx, { email }),
    check: (res) => expect(res.body.message).toMatch(/^Too many requests for this address/),
    changes: ['limit_counts'],
  }),

  contractCase('confirmSubscription', 200, 'the mailed token: subscribed, the confirmation recorded', {
    arrange: async (fx) => {
      const pending = await subscriberIn(fx, 'pending');
      return { ...pending, token: tokens(fx).make('confirm', pending.id) };
    },
    send: (fx, { token }) => postJson(fx, '/api/confirm_subscription.php', { token }, null),
    check: async (res, fx, { email }) => {
      expect(res.body.data).toEqual({ email, language: 'en', state: 'subscribed' });
      expect(await fx.t.db.models.NewsletterConsent.countDocuments({ email, source: 'confirmation' })).toBe(1);
    },
  }),
  contractCase('confirmSubscription', 400, 'no token', {
    send: (fx) => postJson(fx, '/api/confirm_subscription.php', {}, null),
    check: (res) => expect(res.body.message).toMatch(/confirmation link is incomplete/),
  }),
  contractCase('confirmSubscription', 404, 'a token older than 7 days', {
    arrange: async (fx) => tokens(fx).make('confirm', (await subscriberIn(fx, 'pending')).id, new Date(Date.now() - 8 * 24 * 60 * 60 * 1000)),
    send: (fx, token) => postJson(fx, '/api/confirm_subscription.php', { token }, null),
    check: (res) => expect(res.body.message).toMatch(/expired/),
  }),
  contractCase('confirmSubscription', 404, "an unsubscribe link's token", {
    arrange: async (fx) => tokens(fx).make('unsubscribe', (await subscriberIn(fx, 'pending')).id),
    send: (fx, token) => postJson(fx, '/api/confirm_subscription.php', { token }, null),
  }),
  contractCase('confirmSubscription', 404, 'the link of a subscription that was left since', {
    arrange: async (fx) => tokens(fx).make('confirm', (await subscriberIn(fx, 'unsubscribed')).id),
    send: (fx, token) => postJson(fx, '/api/confirm_subscription.php', { token }, null),
  }),
  contractCase('confirmSubscription', 413, 'a JSON body over 1 MB', {
    send: (fx) => fx.request.post('/api/confirm_subscription.php').set('Content-Type', 'application/json').send(hugeJson('token')),
  }),
  contractCase('confirmSubscription', 415, 'a urlencoded form instead of JSON', {
    send: (fx) =>
      fx.request
        .post('/api/confirm_subscription.php')
        .type('form')
        .send({ token: 'x'.repeat(44) }),
  }),
];

const leaving: ContractCase[] = [
  contractCase('openUnsubscribe', 303, "the header's address opened in a browser: to the page in the subscriber's language, nothing changed", {
    arrange: async (fx) => {
      const hindi = await fx.t.db.models.Subscriber.create({ email: `hi-${randomUUID().slice(0, 8)}@example.org`, lang: 'hi', state: 'subscribed' });
      return tokens(fx).make('unsubscribe', hindi._id.toHexString());
    },
    send: (fx, token) => fx.request.get(`/api/unsubscribe.php?token=${token}`),
    check: (res, _fx, token) => expect(res.headers.location).toBe(`/hi/newsletter/unsubscribe?token=${token}`),
  }),
  contractCase('openUnsubscribe', 400, 'no token', {
    send: (fx) => fx.request.get('/api/unsubscribe.php'),
  }),
  contractCase('unsubscribe', 200, 'the one-click post of RFC 8058, token in the query, no cookie', {
    arrange: async (fx) => {
      const subscribed = await subscriberIn(fx, 'subscribed');
      return { ...subscribed, token: tokens(fx).make('unsubscribe', subscribed.id) };
    },
    send: (fx, { token }) => fx.request.post(`/api/unsubscribe.php?token=${token}`).type('form').send('List-Unsubscribe=One-Click'),
    check: async (res, fx, { email }) => {
      expect(res.body.message).toMatch(/You are unsubscribed/);
      expect((await fx.t.db.models.Subscriber.findOne({ email }).lean())!.state).toBe('unsubscribed');
    },
  }),
  contractCase('unsubscribe', 200, 'the page\'s button with "delete my data too": erased', {
    arrange: async (fx) => {
      const subscribed = await subscriberIn(fx, 'subscribed');
      return { ...subscribed, token: tokens(fx).make('unsubscribe', subscribed.id) };
    },
    send: (fx, { token }) => fx.request.post('/api/unsubscribe.php').type('form').send({ token, erase: 'on' }),
    check: async (res, fx, { email }) => {
      expect(res.body.message).toMatch(/deleted/);
      expect(await fx.t.db.models.Subscriber.findOne({ email }).lean()).toBeNull();
    },
  }),
  contractCase('unsubscribe', 400, 'no token anywhere', {
    send: (fx) => fx.request.post('/api/unsubscribe.php').type('form').send('List-Unsubscribe=One-Click'),
    check: (res) => expect(res.body.message).toMatch(/incomplete/),
  }),
  contractCase('unsubscribe', 400, 'a field the form does not have', {
    send: (fx) =>
      fx.request
        .post('/api/unsubscribe.php')
        .type('form')
        .send({ token: 'x'.repeat(40), list: 'all' }),
  }),
  contractCase('unsubscribe', 404, 'a token signed with another key', {
    send: (fx) =>
      fx.request
        .post(`/api/unsubscribe.php?token=${new LinkTokens('another secret').make('unsubscribe', fx.unknownId)}`)
        .type('form')
        .send('List-Unsubscribe=One-Click'),
  }),
  contractCase('unsubscribe', 413, 'a form over 1 MB', {
    send: (fx) =>
      fx.request
        .post('/api/unsubscribe.php')
        .type('form')
        .send(`token=${'x'.repeat(1024 * 1024 + 10)}`),
  }),
  contractCase('unsubscribe', 415, 'JSON instead of a form', {
    send: (fx) => postJson(fx, '/api/unsubscribe.php', { token: 'x'.repeat(40) }, null),
  }),
];

const sending: ContractCase[] = [
  contractCase('listNewsletters', 200, 'the sends with their counts and the rate, never kept by a browser', {
    send: (fx) => admin(fx, fx.request.get('/api/get_newsletters.php')),
    check: (res) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.settings.per_minute).toBeGreaterThanOrEqual(0);
    },
  }),
  contractCase('listNewsletters', 400, 'a post id that is not one', {
    send: (fx) => admin(fx, fx.request.get('/api/get_newsletters.php?post_id=nope')),
  }),
  contractCase('sendNewsletter', 202, 'a published post to the confirmed subscribers (an editor may)', {
    arrange: async (fx) => {
      await subscriberIn(fx, 'subscribed');
      return publishedPost(fx);
    },
    send: async (fx, post) => postJson(fx, '/api/send_newsletter.php', { post_id: post }, (await fx.editor()).header),
    check: async (res, fx, post) => {
      expect(res.body.data).toMatchObject({ post_id: post, again: false });
      expect(res.body.data.counts.total).toBeGreaterThanOrEqual(0);
      await stillMail(fx);
    },
  }),
  contractCase('sendNewsletter', 202, 'a test copy to one address, even of a draft: no send recorded', {
    arrange: async (fx) => (await fx.t.db.models.Blog.create({ title: 'Draft', content: 'x', status: 'draft' }))._id.toHexString(),
    send: (fx, post) => postJson(fx, '/api/send_newsletter.php', { post_id: post, test_to: 'proofreader@example.org' }),
    check: async (res, fx, post) => {
      expect(res.body.test).toMatchObject({ kind: 'newsletter-test', to: ['proofreader@example.org'] });
      expect(await fx.t.db.models.NewsletterSend.countDocuments({ post })).toBe(0);
      await stillMail(fx);
    },
  }),
  contractCase('sendNewsletter', 400, 'no post', {
    send: (fx) => postJson(fx, '/api/send_newsletter.php', {}),
    check: (res) => expect(res.body.message).toBe('Choose the post to send'),
  }),
  contractCase('sendNewsletter', 404, 'a post that does not exist', {
    send: (fx) => postJson(fx, '/api/send_newsletter.php', { post_id: fx.unknownId }),
  }),
  contractCase('sendNewsletter', 409, 'a post sent before, without again', {
    arrange: async (fx) => {
      await subscriberIn(fx, 'subscribed');
      const post = await publishedPost(fx);
      expect((await postJson(fx, '/api/send_newsletter.php', { post_id: post })).status).toBe(202);
      await stillMail(fx);
      return post;
    },
    send: (fx, post) => postJson(fx, '/api/send_newsletter.php', { post_id: post }),
    check: (res) => expect(res.body.message).toMatch(/was sent to the subscribers on/),
  }),
  contractCase('sendNewsletter', 409, 'a draft', {
    arrange: async (fx) => (await fx.t.db.models.Blog.create({ title: 'Draft', content: 'x', status: 'draft' }))._id.toHexString(),
    send: (fx, post) => postJson(fx, '/api/send_newsletter.php', { post_id: post }),
    check: (res) => expect(res.body.message).toMatch(/Only a published post/),
  }),
  ...bodyFormCases('sendNewsletter', '/api/send_newsletter.php', 'post_id'),
  contractCase('updateNewsletterSettings', 200, 'a rate', {
    send: (fx) => postJson(fx, '/api/update_newsletter_settings.php', { per_minute: 0 }),
    check: (res) => expect(res.body.data).toEqual({ per_minute: 0 }),
  }),
  contractCase('updateNewsletterSettings', 400, 'a negative rate', {
    send: (fx) => postJson(fx, '/api/update_newsletter_settings.php', { per_minute: -1 }),
  }),
  ...bodyFormCases('updateNewsletterSettings', '/api/update_newsletter_settings.php', 'per_minute'),
];

const subscribers: ContractCase[] = [
  contractCase('listSubscribers', 200, 'a page of one state, searched, with every state counted', {
    arrange: (fx) => subscriberIn(fx, 'bounced', `searched-${randomUUID().slice(0, 6)}@example.org`),
    send: (fx, { email }) => admin(fx, fx.request.get(`/api/get_subscribers.php?state=bounced&q=${email.slice(0, 12)}&limit=5&page=1`)),
    check: (res, _fx, { email }) => {
      expect(res.body.data.map((row: { email: string }) => row.email)).toEqual([email]);
      expect(res.headers['x-total-count']).toBe('1');
      expect(res.body.counts.bounced).toBeGreaterThanOrEqual(1);
    },
  }),
  contractCase('listSubscribers', 400, 'a state that is not one', {
    send: (fx) => admin(fx, fx.request.get('/api/get_subscribers.php?state=lost')),
  }),
  contractCase('addSubscriber', 201, 'by hand with a reason: subscribed at once, the reason recorded', {
    send: (fx) => postJson(fx, '/api/add_subscriber.php', { email: 'camp.visitor@example.org', language: 'hi', reason: 'Signed the paper list at the camp' }),
    check: (res) => {
      expect(res.body.data).toMatchObject({ email: 'camp.visitor@example.org', state: 'subscribed', language: 'hi' });
      expect(res.body.data.consents).toEqual([expect.objectContaining({ source: 'admin', detail: 'Signed the paper list at the camp' })]);
    },
  }),
  contractCase('addSubscriber', 201, 'with confirm: pending, a confirmation mailed', {
    send: (fx) => postJson(fx, '/api/add_subscriber.php', { email: 'asked.by.phone@example.org', reason: 'Asked by phone', confirm: true }),
    check: async (res, fx) => {
      expect(res.body.data.state).toBe('pending');
      await stillMail(fx);
    },
  }),
  contractCase('addSubscriber', 400, 'no reason', {
    send: (fx) => postJson(fx, '/api/add_subscriber.php', { email: 'no.reason@example.org' }),
    check: (res) => expect(res.body.message).toBe('Enter the e-mail address and the reason'),
  }),
  contractCase('addSubscriber', 409, 'an address already subscribed', {
    arrange: (fx) => subscriberIn(fx, 'subscribed'),
    send: (fx, { email }) => postJson(fx, '/api/add_subscriber.php', { email: email.toUpperCase(), reason: 'Again' }),
  }),
  ...bodyFormCases('addSubscriber', '/api/add_subscriber.php', 'email'),
  contractCase('importSubscribers', 200, 'a file: new addresses pending with a confirmation, known ones left, bad rows listed', {
    arrange: (fx) => subscriberIn(fx, 'subscribed', 'known@example.org'),
    send: (fx) =>
      postJson(fx, '/api/import_subscribers.php', {
        csv: 'Name,E-mail,Language\r\nMeena,meena@example.org,hi\r\nKnown,KNOWN@example.org,en\r\nNo one,not an address,en\r\n',
      }),
    check: async (res, fx) => {
      expect(res.body.data).toEqual({ added: 1, subscribed: 0, confirmations: 1, unchanged: 1, invalid: [{ line: 4, value: 'not an address' }] });
      expect((await fx.t.db.models.Subscriber.findOne({ email: 'meena@example.org' }).lean())!.lang).toBe('hi');
      await stillMail(fx);
    },
  }),
  contractCase('importSubscribers', 200, 'with the consent source: subscribed at once, nothing mailed', {
    send: (fx) => postJson(fx, '/api/import_subscribers.php', { csv: 'email\nfrom.sheet@example.org\n', consent_source: 'Paper sheets, Gumla camp 2025' }),
    check: async (res, fx) => {
      expect(res.body.data).toMatchObject({ added: 1, subscribed: 1, confirmations: 0 });
      expect(await fx.t.db.models.OutboxMail.countDocuments({ to: 'from.sheet@example.org' })).toBe(0);
    },
  }),
  contractCase('importSubscribers', 400, 'a file without an e-mail column', {
    send: (fx) => postJson(fx, '/api/import_subscribers.php', { csv: 'name,phone\nAsha,98765\n' }),
    check: (res) => expect(res.body.message).toMatch(/"email" column/),
  }),
  ...bodyFormCases('importSubscribers', '/api/import_subscribers.php', 'csv'),
  contractCase('exportSubscribers', 200, 'every subscriber with their consent, as CSV, never kept', {
    arrange: (fx) => subscriberIn(fx, 'subscribed', '=cmd@example.org'),
    send: (fx) => admin(fx, fx.request.get('/api/export_subscribers.php')).buffer(true),
    check: (res) => {
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.text.startsWith('\uFEFFEmail,Name,Language,State')).toBe(true);
      expect(res.text).toContain("'=cmd@example.org");
    },
    changes: ['audit_log'],
  }),
  contractCase('updateSubscriber', 200, 'a bounce cleared', {
    arrange: (fx) => subscriberIn(fx, 'bounced'),
    send: (fx, { email }) => postJson(fx, '/api/update_subscriber.php', { email, state: 'subscribed', language: 'hi' }),
    check: (res) => expect(res.body.data).toMatchObject({ state: 'subscribed', language: 'hi', bounce: null }),
  }),
  contractCase('updateSubscriber', 400, 'nothing to change', {
    send: (fx) => postJson(fx, '/api/update_subscriber.php', { email: 'someone@example.org' }),
  }),
  contractCase('updateSubscriber', 404, 'an address not on the list', {
    send: (fx) => postJson(fx, '/api/update_subscriber.php', { email: 'stranger@example.org', state: 'unsubscribed' }),
  }),
  contractCase('updateSubscriber', 409, 'subscribing again an address that unsubscribed', {
    arrange: (fx) => subscriberIn(fx, 'unsubscribed'),
    send: (fx, { email }) => postJson(fx, '/api/update_subscriber.php', { email, state: 'subscribed' }),
    check: (res) => expect(res.body.message).toMatch(/consent/),
  }),
  ...bodyFormCases('updateSubscriber', '/api/update_subscriber.php', 'email'),
  contractCase('eraseSubscriber', 200, 'one address, everywhere in the newsletter', {
    arrange: async (fx) => {
      const subscribed = await subscriberIn(fx, 'subscribed');
      await fx.t.db.models.NewsletterConsent.create({ email: subscribed.email, purpose: 'newsletter', at: new Date(), source: 'form', page: '/blog' });
      return subscribed;
    },
    send: (fx, { email }) => postJson(fx, '/api/delete_subscriber.php', { email }),
    check: async (res, fx, { email }) => {
      expect(res.body.deleted).toBe(2);
      expect(await fx.t.db.models.NewsletterConsent.countDocuments({ email })).toBe(0);
      expect(await fx.t.db.models.AuditEntry.countDocuments({ action: 'subscriber.erase' })).toBeGreaterThanOrEqual(1);
    },
  }),
  contractCase('eraseSubscriber', 400, 'not an address', {
    send: (fx) => postJson(fx, '/api/delete_subscriber.php', { email: 'not an address' }),
  }),
  contractCase('eraseSubscriber', 404, 'an address the newsletter never had', {
    send: (fx) => postJson(fx, '/api/delete_subscriber.php', { email: 'never@example.org' }),
  }),
  ...bodyFormCases('eraseSubscriber', '/api/delete_subscriber.php', 'email'),
];

export const newsletterCases = defineCases('newsletter', [...subscribing, ...leaving, ...sending, ...subscribers]);
