// The newsletter against a real SMTP server: the double opt-in (a confirmation mail in the chosen
// language, at most one an hour, without list headers), a post sent to confirmed subscribers only,
// each once and in their language, with the list headers; the one-click unsubscribe; a 550 that
// marks the address bounced, skipped by the next send; a 4xx tried again.
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec } from '../../../test/app.js';
import { tokenPlaceholder } from '../mail/send-time-tokens.js';
import { eventually, mailsTo, startMailTestApp, type CaughtMail, type MailTestApp } from '../../../test/mail.js';

const deferred = new Set<string>();
let m: MailTestApp;
beforeAll(async () => {
  m = await startMailTestApp({ catcher: { defer: { test: (address) => deferred.has(address) } } });
  await m.t.request
    .post('/api/update_settings.php')
    .set('Authorization', `Bearer ${m.t.adminToken()}`)
    .send({ name: 'Asha Foundation', address: 'Harmu Road\nRanchi 834002', email: 'office@asha.example' })
    .expect(200);
  await m.t.request.post('/api/update_newsletter_settings.php').set('Authorization', `Bearer ${m.t.adminToken()}`).send({ per_minute: 0 }).expect(200);
});
afterAll(() => m?.stop());

const admin = () => `Bearer ${m.t.adminToken()}`;
const subscribe = (body: Record<string, unknown>, lang?: 'hi') =>
  m.t.request.post(`/api/subscribe.php${lang ? '?lang=hi' : ''}`).send({ website: '', elapsed_ms: 5000, ...body });
const tokenIn = (mail: CaughtMail, page: string) => new RegExp(`/newsletter/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
const subscriber = (email: string) => m.t.db.models.Subscriber.findOne({ email }).lean();

async function confirmedSubscriber(email: string, language: 'en' | 'hi') {
  await subscribe({ email, language }).expect(202);
  const mail = await m.catcher.waitFor((found) => found.to.includes(email) && /confirm/i.test(found.subject + found.text));
  const res = await m.t.request.post('/api/confirm_subscription.php').send({ token: tokenIn(mail, 'confirm') });
  expect(res.status, res.text).toBe(200);
}

async function addPost(hindi: boolean) {
  const post = await m.t.db.models.Blog.create({
    title: `Wells of Khunti ${new Types.ObjectId().toHexString()}`,
    excerpt: 'Three villages have water again.',
    content: 'The pump works.',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The pump works again in Khunti.' }] }] },
    ...(hindi
      ? {
          title_hi: 'खूंटी के कुएँ',
          excerpt_hi: 'तीन गाँवों में फिर से पानी है।',
          body_hi: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'खूंटी में पंप फिर से चलता है।' }] }] },
        }
      : {}),
    status: 'published',
    author: 'Team',
    category: 'water',
  });
  return post._id.toHexString();
}

async function sendAndWait(postId: string, again = false) {
  const res = await m.t.request
    .post('/api/send_newsletter.php')
    .set('Authorization', admin())
    .send({ post_id: postId, ...(again ? { again } : {}) });
  expectMatchesSpec(res, 'sendNewsletter');
  expect(res.status, res.text).toBe(202);
  return sent(postId, res.body.data.id as string);
}

function sent(postId: string, id: string) {
  return eventually(
    async () => {
      const list = await m.t.request.get(`/api/get_newsletters.php?post_id=${postId}`).set('Authorization', admin());
      expectMatchesSpec(list, 'listNewsletters');
      const send = list.body.data.find((found: { id: string }) => found.id === id);
      return send?.state === 'done' ? send : undefined;
    },
    30_000,
    'the send to finish',
  );
}

describe('subscribing', () => {
  it('mails a confirmation in the chosen language, without list headers; the address gets nothing until it confirms', async () => {
    const res = await subscribe({ email: '  Meera@Example.org ', name: 'Meera', language: 'hi', page: '/blog' });
    expectMatchesSpec(res, 'subscribeNewsletter');
    expect(res.status).toBe(202);
    expect(res.body.message).toMatch(/check your inbox/);
    const mail = await m.catcher.waitFor((found) => found.to.includes('meera@example.org'));
    expect(mail.subject).toContain('पुष्टि');
    expect(mail.text).toContain('प्रिय Meera');
    expect(tokenIn(mail, 'confirm')).toBeTruthy();
    expect(mail.text).toContain('/hi/newsletter/confirm?token=');
    expect(mail.listUnsubscribe).toBeNull();
    expect(mail.listUnsubscribePost).toBeNull();
    // The stored mail holds no token: it is made as the mail goes out.
    const stored = await m.t.db.models.OutboxMail.findOne({ kind: 'newsletter-confirm', to: 'meera@example.org' }).lean();
    expect(stored!.text).toContain(`/hi/newsletter/confirm?token=${tokenPlaceholder('confirm')}`);
    expect(stored!.text).not.toContain(tokenIn(mail, 'confirm')!);
    expect((await subscriber('meera@example.org'))!.state).toBe('pending');
    const consent = await m.t.db.models.NewsletterConsent.findOne({ email: 'meera@example.org' }).lean();
    expect(consent).toMatchObject({ source: 'form', page: '/blog', noticeVersion: 1 });
    expect(consent!.notice).toMatch(/once a month/);
  });

  it('sends at most one confirmation an hour, and answers the same each time', async () => {
    await subscribe({ email: 'twice@example.org' }).expect(202);
    await m.catcher.waitFor((found) => found.to.includes('twice@example.org'));
    const again = await subscribe({ email: 'TWICE@example.org' });
    expect(again.status).toBe(202);
    expect(again.body.message).toMatch(/check your inbox/);
    await eventually(async () => (await m.t.db.models.OutboxMail.countDocuments({ state: { $ne: 'sent' } })) === 0, 10_000, 'the outbox to be empty');
    expect(mailsTo(m.catcher, 'twice@example.org')).toHaveLength(1);
    expect(await m.t.db.models.NewsletterConsent.countDocuments({ email: 'twice@example.org' })).toBe(2);
  });

  it('confirms with the mailed token (twice is fine), and refuses a forged one', async () => {
    await subscribe({ email: 'ravi@example.org' }).expect(202);
    const mail = await m.catcher.waitFor((found) => found.to.includes('ravi@example.org'));
    const token = tokenIn(mail, 'confirm')!;
    for (let time = 0; time < 2; time++) {
      const res = await m.t.request.post('/api/confirm_subscription.php').send({ token });
      expectMatchesSpec(res, 'confirmSubscription');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ email: 'ravi@example.org', language: 'en', state: 'subscribed' });
    }
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await m.t.request.post('/api/confirm_subscription.php').send({ token: forged })).status).toBe(404);
  });
});

describe('sending a post', () => {
  it('goes to confirmed subscribers only, each once, in their language, with the list headers', async () => {
    await confirmedSubscriber('hindi.reader@example.org', 'hi');
    await confirmedSubscriber('english.reader@example.org', 'en');
    await subscribe({ email: 'never.confirmed@example.org' }).expect(202);
    const postId = await addPost(true);
    const send = await sendAndWait(postId);
    const confirmed = await m.t.db.models.Subscriber.countDocuments({ state: 'subscribed' });
    expect(send.counts).toEqual({ total: confirmed, queued: 0, sent: confirmed, failed: 0, bounced: 0 });
    const newsletters = m.catcher.mails.filter((mail) => mail.listUnsubscribe);
    const hindi = mailsTo(m.catcher, 'hindi.reader@example.org').filter((mail) => mail.listUnsubscribe);
    expect(hindi).toHaveLength(1);
    expect(hindi[0]!.subject).toBe('खूंटी के कुएँ');
    expect(hindi[0]!.text).toContain('खूंटी में पंप फिर से चलता है।');
    expect(hindi[0]!.text).toContain(`/hi/blog/${postId}`);
    const english = mailsTo(m.catcher, 'english.reader@example.org').filter((mail) => mail.listUnsubscribe);
    expect(english).toHaveLength(1);
    expect(english[0]!.subject).toMatch(/^Wells of Khunti/);
    expect(english[0]!.html).toContain('Harmu Road<br>Ranchi 834002');
    expect(english[0]!.html).not.toMatch(/<link|<style|class="/);
    expect(english[0]!.listUnsubscribe).toMatch(/^<http:\/\/[^>]+\/api\/unsubscribe\.php\?token=[A-Za-z0-9_-]+>$/);
    expect(english[0]!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(mailsTo(m.catcher, 'never.confirmed@example.org').filter((mail) => mail.listUnsubscribe)).toHaveLength(0);
    expect(new Set(newsletters.map((mail) => mail.to[0])).size).toBe(newsletters.length);
    // Nothing usable is stored: the editions hold the place of the link, not a token.
    const stored = await m.t.db.models.NewsletterSend.findById(send.id).lean();
    expect(stored!.editions.en.html).toContain('%%unsubscribe-url%%');
  });

  it('refuses a second send of the post unless again, and a draft', async () => {
    const postId = await addPost(false);
    await sendAndWait(postId);
    const second = await m.t.request.post('/api/send_newsletter.php').set('Authorization', admin()).send({ post_id: postId });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/was sent to the subscribers on/);
    const again = await sendAndWait(postId, true);
    expect(again.again).toBe(true);
    const draft = await m.t.db.models.Blog.create({ title: 'Draft', status: 'draft', content: 'x' });
    expect((await m.t.request.post('/api/send_newsletter.php').set('Authorization', admin()).send({ post_id: draft._id.toHexString() })).status).toBe(409);
  });

  it('sends a test copy to one address only, without list headers', async () => {
    const postId = await addPost(true);
    const before = m.catcher.mails.length;
    const res = await m.t.request.post('/api/send_newsletter.php').set('Authorization', admin()).send({ post_id: postId, test_to: 'editor@example.org' });
    expectMatchesSpec(res, 'sendNewsletter');
    expect(res.status).toBe(202);
    const mail = await m.catcher.waitFor((found) => found.to.includes('editor@example.org'));
    expect(mail.subject).toMatch(/^\[Test\] Wells of Khunti/);
    expect(mail.listUnsubscribe).toBeNull();
    expect(m.catcher.mails.length).toBe(before + 1);
    expect(await m.t.db.models.NewsletterSend.countDocuments({ post: postId })).toBe(0);
  });
});

describe('leaving', () => {
  it('a one-click POST with no cookie unsubscribes at once and answers 200', async () => {
    await confirmedSubscriber('leaving@example.org', 'en');
    await sendAndWait(await addPost(false));
    const mail = mailsTo(m.catcher, 'leaving@example.org').find((found) => found.listUnsubscribe)!;
    const address = new URL(mail.listUnsubscribe!.slice(1, -1));
    const res = await m.t.request.post(`${address.pathname}${address.search}`).type('form').send('List-Unsubscribe=One-Click');
    expectMatchesSpec(res, 'unsubscribe');
    expect(res.status).toBe(200);
    expect((await subscriber('leaving@example.org'))!.state).toBe('unsubscribed');
    // Its page's link and a GET of the header's address change nothing.
    expect(mail.text).toMatch(/\/newsletter\/unsubscribe\?token=/);
    const opened = await m.t.request.get(`${address.pathname}${address.search}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toMatch(/^\/newsletter\/unsubscribe\?token=/);
  });

  it('"delete my data too" erases the address from the newsletter', async () => {
    await confirmedSubscriber('forget.me@example.org', 'en');
    await sendAndWait(await addPost(false));
    const mail = mailsTo(m.catcher, 'forget.me@example.org').find((found) => found.listUnsubscribe)!;
    const token = tokenIn(mail, 'unsubscribe')!;
    const res = await m.t.request.post('/api/unsubscribe.php').type('form').send({ token, erase: 'true' });
    expect(res.status).toBe(200);
    expect(await subscriber('forget.me@example.org')).toBeNull();
    expect(await m.t.db.models.NewsletterConsent.countDocuments({ email: 'forget.me@example.org' })).toBe(0);
    expect(await m.t.db.models.BulkMail.countDocuments({ to: 'forget.me@example.org' })).toBe(0);
    expect(await m.t.db.models.OutboxMail.countDocuments({ to: 'forget.me@example.org' })).toBe(0);
    // The link still answers: there is nothing left to unsubscribe.
    expect((await m.t.request.post(`/api/unsubscribe.php?token=${token}`).type('form').send('List-Unsubscribe=One-Click')).status).toBe(200);
  });
});

describe('bounces', () => {
  it('a 550 marks the address bounced, the next send skips it, and the admin clears it', async () => {
    await m.t.request
      .post('/api/add_subscriber.php')
      .set('Authorization', admin())
      .send({ email: 'bounce@example.org', reason: 'Asked at the camp' })
      .expect(201);
    const first = await sendAndWait(await addPost(false));
    expect(first.counts.bounced).toBe(1);
    const bounced = (await subscriber('bounce@example.org'))!;
    expect(bounced.state).toBe('bounced');
    expect(bounced.bounce).toMatch(/^550/);
    const second = await sendAndWait(await addPost(false));
    expect(second.counts.bounced).toBe(0);
    expect(second.counts.total).toBe(first.counts.total - 1);
    const cleared = await m.t.request
      .post('/api/update_subscriber.php')
      .set('Authorization', admin())
      .send({ email: 'bounce@example.org', state: 'subscribed' });
    expectMatchesSpec(cleared, 'updateSubscriber');
    expect(cleared.body.data).toMatchObject({ state: 'subscribed', bounce: null });
  });

  it('a 450 is tried again and then delivered', async () => {
    await confirmedSubscriber('busy@example.org', 'en');
    deferred.add('busy@example.org');
    const postId = await addPost(false);
    const res = await m.t.request.post('/api/send_newsletter.php').set('Authorization', admin()).send({ post_id: postId });
    expect(res.status).toBe(202);
    await eventually(async () => (await m.t.db.models.BulkRetry.countDocuments({ batch: res.body.data.id })) > 0, 20_000, 'a retry');
    deferred.delete('busy@example.org');
    const send = await sent(postId, res.body.data.id);
    // (bounce@ was cleared above, and bounces again.)
    expect(send.counts).toMatchObject({ queued: 0, failed: 0, bounced: 1 });
    expect(mailsTo(m.catcher, 'busy@example.org').filter((mail) => mail.text.includes(postId))).toHaveLength(1);
  });
});
