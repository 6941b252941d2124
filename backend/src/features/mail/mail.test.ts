// The mails themselves, as a real SMTP server receives them: who gets each, its Reply-To, its
// language, the organisation's name and address at its foot, and that what visitors wrote is
// escaped (never rendered as HTML).
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec } from '../../../test/app.js';
import { eventually, mailsTo, startMailTestApp, type MailTestApp } from '../../../test/mail.js';

const dkimKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const smtpLogin = { user: 'site@ngo.example', pass: 'smtp secret 9f2c' };

let m: MailTestApp;
beforeAll(async () => {
  m = await startMailTestApp({
    env: { CONTACT_MAX_MESSAGES: '100', MAIL_FROM: '"Site Mail" <no-reply@ngo.example>', DKIM_PRIVATE_KEY: dkimKey, DKIM_SELECTOR: 'site2025' },
    catcher: { auth: smtpLogin },
  });
  await m.t.request
    .post('/api/update_settings.php')
    .set('Authorization', `Bearer ${m.t.adminToken()}`)
    .send({ name: 'Asha Foundation', address: 'Harmu Road\nRanchi 834002', email: 'office@asha.example' })
    .expect(200);
});
afterAll(() => m?.stop());

const admin = () => `Bearer ${m.t.adminToken()}`;
const hostile = '<script>alert("x")</script> & <b>bold</b>';
const contact = {
  name: 'Asha <b>Kumari</b>',
  email: 'asha@example.org',
  subject: `Camp ${hostile}`,
  message: `Line one\n${hostile}`,
  website: '',
  elapsed_ms: 9000,
};
const registration = {
  name: 'Ravi Oraon',
  email: 'ravi@example.org',
  mobile: '+91 98765 43210',
  interest: 'teaching',
  start_date: '2025-02-01',
  address: 'Lalpur',
  about: hostile,
};

/** The foot of every mail: the organisation's name and postal address from the settings. */
function expectFoot(mail: { text: string; html: string }) {
  expect(mail.text).toContain('Asha Foundation\nHarmu Road\nRanchi 834002\noffice@asha.example');
  expect(mail.html).toContain('Asha Foundation<br>Harmu Road<br>Ranchi 834002');
}

/** Nothing a visitor wrote became markup: the hostile text arrives escaped in HTML and as typed in text. */
function expectEscaped(mail: { text: string; html: string }) {
  expect(mail.html).not.toMatch(/<script|<b>/);
  expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
  expect(mail.text).toContain(hostile);
}

describe('a contact message', () => {
  it('is announced to every admin, with Reply-To the sender, escaped, in English', async () => {
    const res = await m.t.request.post('/api/contact_save.php?lang=hi').send(contact);
    expect(res.status).toBe(201);
    const notice = await m.catcher.waitFor((mail) => mail.subject.startsWith('New message: Camp'));
    expect(notice.to).toEqual([m.t.admin.email]);
    expect(notice.replyTo).toEqual(['asha@example.org']);
    expect(notice.replyToName).toBe('Asha <b>Kumari</b>');
    expect(notice.from).toBe('no-reply@ngo.example');
    expect(notice.fromName).toBe('Site Mail');
    expect(notice.subject).toBe(`New message: Camp ${hostile}`);
    expect(notice.text).toContain('(Hindi page)');
    expect(notice.text).toContain('> Line one');
    expect(notice.html).toContain('<html lang="en">');
    expect(notice.html).toContain('Asha &lt;b&gt;Kumari&lt;/b&gt;');
    expectEscaped(notice);
    expectFoot(notice);
    // DKIM-signed for the sender's domain with the configured selector.
    expect(notice.dkimSignature).toMatch(/d=ngo\.example/);
    expect(notice.dkimSignature).toMatch(/s=site2025/);
  });

  it('goes to the addresses chosen in the admin instead, when there are some', async () => {
    const chosen = await m.t.request
      .post('/api/update_mail_settings.php')
      .set('Authorization', admin())
      .send({ notify: ['Office@Asha.example', 'head@asha.example'] });
    expect(chosen.status).toBe(200);
    expectMatchesSpec(chosen, 'updateMailSettings');
    expect(chosen.body.data.notify_to).toEqual(['office@asha.example', 'head@asha.example']);
    await m.t.request
      .post('/api/contact_save.php')
      .send({ ...contact, subject: 'Chosen recipients' })
      .expect(201);
    const notice = await m.catcher.waitFor((mail) => mail.subject === 'New message: Chosen recipients');
    expect(notice.to).toEqual(['office@asha.example', 'head@asha.example']);
    await m.t.request.post('/api/update_mail_settings.php').set('Authorization', admin()).send({ notify: [] }).expect(200);
  });
});

describe('a volunteer registration', () => {
  it('welcomes the volunteer in the language of their page, with Reply-To the organisation', async () => {
    await m.t.request.post('/api/volunteer_save.php?lang=hi').send(registration).expect(201);
    const welcome = await m.catcher.waitFor((mail) => mail.to.includes('ravi@example.org'));
    expect(welcome.subject).toBe('Asha Foundation के साथ स्वयंसेवा के लिए धन्यवाद');
    expect(welcome.text).toContain('प्रिय Ravi Oraon,');
    expect(welcome.text).toContain('रुचि का क्षेत्र: पढ़ाना');
    expect(welcome.html).toContain('<html lang="hi">');
    expect(welcome.replyTo).toEqual(['office@asha.example']);
    expectFoot(welcome);

    const notice = await m.catcher.waitFor((mail) => mail.subject === 'New volunteer: Ravi Oraon');
    expect(notice.to).toEqual([m.t.admin.email]);
    expect(notice.replyTo).toEqual(['ravi@example.org']);
    expectEscaped(notice);
  });

  it('from an English page is welcomed in English', async () => {
    await m.t.request
      .post('/api/volunteer_save.php')
      .send({ ...registration, email: 'meena@example.org', name: 'Meena' })
      .expect(201);
    const welcome = await m.catcher.waitFor((mail) => mail.to.includes('meena@example.org'));
    expect(welcome.subject).toBe('Thank you for volunteering with Asha Foundation');
    expect(welcome.text).toContain('Area of interest: Teaching');
  });
});

describe('a reply from the admin', () => {
  it('goes to the sender in their language, is kept with the message, and threads with the earlier ones', async () => {
    await m.t.request
      .post('/api/contact_save.php?lang=hi')
      .send({ ...contact, email: 'sunita@example.org', subject: 'Health camp' })
      .expect(201);
    const saved = (await m.t.db.models.ContactMessage.findOne({ email: 'sunita@example.org' }).lean())!;
    const first = await m.t.request
      .post('/api/reply_message.php')
      .set('Authorization', admin())
      .send({ id: saved._id.toHexString(), message: `Saturday at 10.\n${hostile}` });
    expect(first.status).toBe(201);
    expectMatchesSpec(first, 'replyToMessage');
    const mailed = await m.catcher.waitFor((mail) => mail.to.includes('sunita@example.org'));
    expect(mailed.subject).toBe('Re: Health camp');
    expect(mailed.from).toBe('no-reply@ngo.example');
    expect(mailed.replyTo).toEqual(['office@asha.example']);
    expect(mailed.text).toMatch(/को आपने लिखा:/);
    expect(mailed.text).toContain('Saturday at 10.');
    expectEscaped(mailed);
    expectFoot(mailed);

    await m.t.request
      .post('/api/reply_message.php')
      .set('Authorization', admin())
      .send({ id: saved._id.toHexString(), message: 'Bring your card.' })
      .expect(201);
    const second = await m.catcher.waitFor((mail) => mail.to.includes('sunita@example.org') && mail.text.includes('Bring your card.'));
    expect(second.inReplyTo).toBe(mailed.messageId);
    expect(second.references).toEqual([mailed.messageId]);

    const thread = await m.t.request.get(`/api/get_message_replies.php?id=${saved._id.toHexString()}`).set('Authorization', admin());
    expectMatchesSpec(thread, 'listMessageReplies');
    expect(thread.headers['cache-control']).toBe('no-store');
    expect(thread.body.data.map((entry: { body: string }) => entry.body)).toEqual([`Saturday at 10.\n${hostile}`, 'Bring your card.']);
    const states = await eventually(async () => {
      const again = await m.t.request.get(`/api/get_message_replies.php?id=${saved._id.toHexString()}`).set('Authorization', admin());
      const all = again.body.data.map((entry: { mail: { state: string } }) => entry.mail.state);
      return all.every((state: string) => state === 'sent') && all;
    });
    expect(states).toEqual(['sent', 'sent']);
    expect((await m.t.db.models.ContactMessage.findById(saved._id).lean())!.read).toBe(true);
  });
});

describe('the mail status', () => {
  it('says what is set up and never gives out the SMTP password or the DKIM key', async () => {
    const res = await m.t.request.get('/api/get_mail_status.php').set('Authorization', admin());
    expect(res.status).toBe(200);
    expectMatchesSpec(res, 'getMailStatus');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.data).toMatchObject({
      configured: true,
      from: '"Site Mail" <no-reply@ngo.example>',
      server: `127.0.0.1:${m.catcher.port} (STARTTLS when offered)`,
      dkim: { enabled: true, selector: 'site2025', domain: 'ngo.example' },
    });
    expect(res.text).not.toContain(smtpLogin.pass);
    expect(res.text).not.toContain(encodeURIComponent(smtpLogin.pass));
    expect(res.text).not.toContain('PRIVATE KEY');
    expect(res.text).not.toContain(dkimKey.split('\n')[1]!.slice(0, 20));
    expect(res.body.data.outbox.sent_last_day).toBeGreaterThan(0);
    expect(mailsTo(m.catcher, m.t.admin.email).length).toBeGreaterThan(0);
  });
});
