// The outbox's promises, against a real SMTP server that comes and goes: nothing is lost while it
// is away, each mail arrives once when it is back (also with two instances sending from one
// outbox), a request never waits for it, and a mail that cannot go out ends as failed, with why.
import { createServer, type Server } from 'node:net';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec } from '../../../test/app.js';
import { eventually, startMailTestApp, type MailTestApp } from '../../../test/mail.js';
import { createApp, createLogger, requestListener } from '../../app.js';
import type { Config } from '../../config.js';
import { Lifecycle } from '../../http/lifecycle.js';
import { testLetter } from './letters.js';
import type { OutboxMail } from './model.js';
import { Mailer } from './service.js';

let refusing = true;
let m: MailTestApp;
beforeAll(async () => {
  m = await startMailTestApp({ env: { CONTACT_MAX_MESSAGES: '100' }, catcher: { refuse: { test: (address) => refusing && address.startsWith('bounce@') } } });
});
afterAll(() => m?.stop());

const admin = () => `Bearer ${m.t.adminToken()}`;
const contact = { name: 'Asha', email: 'asha@example.org', subject: 'Queued', message: 'Hello', website: '', elapsed_ms: 9000 };
const outbox = () => m.t.db.models.OutboxMail;
const sentCount = (messageId: string) => m.catcher.mails.filter((mail) => mail.messageId === messageId).length;

/** Another instance of the app on the same database, with its own worker (as a second backend behind nginx). */
function anotherInstance(config: Config) {
  const lifecycle = new Lifecycle();
  const app = createApp(config, { db: m.t.db, lifecycle, logger: createLogger({ logLevel: 'silent' }) });
  return { request: supertest(requestListener(app)), stop: () => lifecycle.stop() };
}

async function outboxMail(id: string) {
  const res = await m.t.request.get(`/api/get_outbox.php?id=${id}`).set('Authorization', admin());
  expectMatchesSpec(res, 'listOutbox');
  return res.body.data[0] as { state: string; smtp_response: string | null; last_error: string | null; resendable: boolean; attempts: number };
}

describe('with the SMTP server away', () => {
  it('keeps the mails, retries, and delivers each exactly once when it is back', async () => {
    await m.catcher.stop();
    await m.t.request.post('/api/contact_save.php').send(contact).expect(201);
    await m.t.request.post('/api/volunteer_save.php').send({ name: 'Ravi', email: 'ravi@example.org', mobile: '9876543210', address: 'Ranchi' }).expect(201);
    const queued = await outbox()
      .find({ state: { $ne: 'sent' } })
      .lean<OutboxMail[]>();
    expect(queued.map((mail) => mail.kind).sort()).toEqual(['contact-notice', 'volunteer-notice', 'volunteer-welcome']);

    // Tried and refused at the door, queued again with the reason.
    await eventually(
      async () => (await outbox().countDocuments({ state: 'queued', attempts: { $gte: 2 }, lastError: /ECONNREFUSED/ })) >= 1,
      15_000,
      'a failed attempt',
    );
    const status = await m.t.request.get('/api/get_mail_status.php').set('Authorization', admin());
    expect(status.body.data.outbox.queued).toBe(3);
    expect(status.body.data.last_error).toMatch(/ECONNREFUSED/);

    await m.catcher.start();
    await eventually(async () => (await outbox().countDocuments({ state: 'sent', _id: { $in: queued.map((mail) => mail._id) } })) === 3, 20_000, 'delivery');
    // A few more polls of the worker: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const mail of queued) expect(sentCount(mail.messageId), mail.kind).toBe(1);
    const sent = await outboxMail(queued[0]!._id.toHexString());
    expect(sent).toMatchObject({ state: 'sent', smtp_response: '250 Kept by the mail catcher', last_error: null });
  });

  it('never makes a request wait, even for a server that answers nothing', async () => {
    // A server that takes the connection and never greets: the worker waits for its timeout, the request does not.
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const instance = anotherInstance({ ...m.t.config, mail: { ...m.t.config.mail, smtpUrl: `smtp://127.0.0.1:${port}` } });
    try {
      const started = performance.now();
      await instance.request
        .post('/api/contact_save.php')
        .send({ ...contact, subject: 'Silent server' })
        .expect(201);
      expect(performance.now() - started).toBeLessThan(1500);
    } finally {
      await instance.stop();
      silent.close();
    }
  });
});

describe('two instances sending from one outbox', () => {
  it('deliver every mail once', async () => {
    const second = anotherInstance(m.t.config);
    // A third, without SMTP, only queues: 40 mails wait for the two workers.
    const queueOnly = new Mailer({ ...m.t.config, mail: { ...m.t.config.mail, smtpUrl: undefined } }, m.t.db, createLogger({ logLevel: 'silent' }));
    try {
      const mails = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          queueOnly.enqueue({ key: `race:${index}`, kind: 'test', to: [`race-${index}@example.org`], letter: testLetter('Race', `Instance test ${index}`) }),
        ),
      );
      await eventually(async () => (await outbox().countDocuments({ key: /^race:/, state: 'sent' })) === 40, 30_000, 'all 40 sent');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(mails.map((mail) => sentCount(mail.messageId))).toEqual(mails.map(() => 1));
    } finally {
      await second.stop();
    }
  });
});

describe('a mail that cannot go out', () => {
  it('refused for good is failed with the SMTP answer, and an admin can send it again', async () => {
    const res = await m.t.request.post('/api/send_test_mail.php').set('Authorization', admin()).send({ to: 'bounce@example.org' });
    expect(res.status).toBe(202);
    expectMatchesSpec(res, 'sendTestMail');
    const failed = await eventually(async () => {
      const mail = await outboxMail(res.body.data.id);
      return mail.state === 'failed' && mail;
    });
    expect(failed).toMatchObject({ attempts: 1, resendable: true, smtp_response: '550 No such mailbox here' });

    refusing = false;
    const again = await m.t.request.post('/api/resend_mail.php').set('Authorization', admin()).send({ id: res.body.data.id });
    expect(again.status).toBe(200);
    expectMatchesSpec(again, 'resendMail');
    await m.catcher.waitFor((mail) => mail.to.includes('bounce@example.org'));
    // The server took it a moment before the worker wrote that down.
    await eventually(async () => (await outboxMail(res.body.data.id)).state === 'sent', 5000, 'the mail recorded as sent');
  });

  it('not delivered within its day is given up, saying why', async () => {
    await m.catcher.stop();
    try {
      const res = await m.t.request.post('/api/send_test_mail.php').set('Authorization', admin()).send({ to: 'late@example.org' });
      const id = res.body.data.id as string;
      await eventually(async () => (await outbox().findById(id).lean())?.giveUpAt ?? undefined, 15_000, 'a first failed attempt');
      // As if the day since the first attempt were over.
      await outbox().updateOne({ _id: id }, { $set: { giveUpAt: new Date(Date.now() - 1000) } });
      const failed = await eventually(async () => {
        const mail = await outboxMail(id);
        return mail.state === 'failed' && mail;
      });
      expect(failed.last_error).toMatch(/^Not delivered within 1 day\(s\): .*ECONNREFUSED/);
    } finally {
      await m.catcher.start();
    }
  });
});

describe('without an SMTP server set up', () => {
  it('keeps every mail queued, says so, and refuses a test mail', async () => {
    const instance = anotherInstance({ ...m.t.config, mail: { ...m.t.config.mail, smtpUrl: undefined } });
    // The instance with SMTP must not deliver what this one queues: it is stopped for this test.
    await m.catcher.stop();
    try {
      const token = `Bearer ${m.t.adminToken()}`;
      const status = await instance.request.get('/api/get_mail_status.php').set('Authorization', token);
      expect(status.body.data).toMatchObject({ configured: false, server: null });
      const test = await instance.request.post('/api/send_test_mail.php').set('Authorization', token).send({});
      expect(test.status).toBe(409);
      expect(test.body.message).toMatch(/SMTP_URL is not set/);
      await instance.request
        .post('/api/contact_save.php')
        .send({ ...contact, subject: 'No SMTP' })
        .expect(201);
      const queued = await outbox().findOne({ subject: 'New message: No SMTP' }).lean();
      expect(queued).toMatchObject({ state: 'queued', kind: 'contact-notice' });
    } finally {
      await instance.stop();
      await m.catcher.start();
    }
  });
});
