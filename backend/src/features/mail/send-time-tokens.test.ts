// Mails that carry a token (a receipt link, a password reset, an invitation) keep no usable token
// in the outbox, nor anywhere else in the database, and so in no backup: the stored text holds a
// placeholder, and the token is made when the mail is sent. The delivered mail's link works.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startMailTestApp, type CaughtMail, type MailTestApp } from '../../../test/mail.js';
import { tokenPlaceholder } from './send-time-tokens.js';

let m: MailTestApp;
beforeAll(async () => {
  m = await startMailTestApp({ env: { PUBLIC_URL: 'https://ngo.example', TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => m?.stop());

const admin = () => `Bearer ${m.t.adminToken()}`;
const placeholder = tokenPlaceholder('link');

/** Whether any document of any collection holds `token`. */
async function storedAnywhere(token: string): Promise<string[]> {
  const db = m.t.db.connection.db!;
  const holders = [];
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    for (const document of await db.collection(name).find({}).toArray()) {
      if (mongoose.mongo.BSON.EJSON.stringify(document).includes(token)) holders.push(name);
    }
  }
  return holders;
}

const mailTo = (address: string, subject: RegExp) =>
  eventually(async () => m.catcher.mails.find((mail: CaughtMail) => mail.to.includes(address) && subject.test(mail.subject)), 15_000, `the mail to ${address}`);

describe('a token in a mail', () => {
  it('of a receipt: made when sent, it opens the receipt, and the outbox keeps only its placeholder', async () => {
    const reference = '412398765432';
    await m.t.request
      .post('/api/donation_save.php')
      .send({ name: 'Asha', email: 'receipt-donor@example.org', amount: 500, reference, website: '', elapsed_ms: 20000 })
      .expect(201);
    const { _id } = (await m.t.db.models.Donation.findOne({ referenceKey: reference }).lean())!;
    await m.t.request.post('/api/update_donation.php').set('Authorization', admin()).send({ id: _id.toHexString(), status: 'received' }).expect(200);
    const mail = await mailTo('receipt-donor@example.org', /receipt/i);
    const url = /https:\/\/ngo\.example(\/api\/download_receipt\.php\?token=([^\s"<]+))/.exec(mail.text)!;
    expect((await m.t.request.get(url[1]!)).status).toBe(200);
    const stored = (await m.t.db.models.OutboxMail.findOne({ kind: 'donation-receipt', to: 'receipt-donor@example.org' }).lean())!;
    expect(stored.state).toBe('sent');
    expect(stored.text).toContain(`download_receipt.php?token=${placeholder}`);
    expect(await storedAnywhere(url[2]!)).toEqual([]);
  });

  it('of a password reset and an invitation: the links work, and no collection holds them', async () => {
    await m.t.request.post('/api/request_password_reset.php').send({ email: m.t.admin.email }).expect(200);
    await m.t.request
      .post('/api/invite_user.php')
      .set('Authorization', admin())
      .send({ name: 'Ravi', email: 'invited@example.org', role: 'editor' })
      .expect(200);
    for (const [address, subject] of [
      [m.t.admin.email, /new password/i],
      ['invited@example.org', /invit/i],
    ] as const) {
      const mail = await mailTo(address, subject);
      const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
      expect((await m.t.request.post('/api/check_password_link.php').send({ token })).status).toBe(200);
      expect(await storedAnywhere(token)).toEqual([]);
    }
  });

  it('that could not go out yet: the stored text holds the placeholder, never a token', async () => {
    // The catcher refuses bounce@…: the invitation fails for good and keeps its text.
    await m.t.request
      .post('/api/invite_user.php')
      .set('Authorization', admin())
      .send({ name: 'Bounced', email: 'bounce@example.org', role: 'editor' })
      .expect(200);
    const failed = await eventually(
      async () => (await m.t.db.models.OutboxMail.findOne({ to: 'bounce@example.org', state: 'failed' }).lean()) ?? undefined,
      15_000,
      'the failure',
    );
    expect(failed.text).toContain(`#token=${placeholder}`);
    expect(failed.html).toContain(`#token=${placeholder}`);
    expect(failed.text).not.toMatch(/#token=[A-Za-z0-9_-]{43}/);
  });
});
