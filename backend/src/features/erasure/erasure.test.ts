// Erasure reaches every copy: a volunteer registered twice (once with an Idempotency-Key), whose
// welcome bounced and whose notice was sent, who also typed their address into the login and the
// "forgot password" form, is erased by e-mail; then no collection of the database, whatever it
// is, holds their e-mail, mobile or words. Another volunteer keeps everything. Old mail goes
// after 90 days whatever its state.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startMailTestApp, type MailTestApp } from '../../../test/mail.js';
import { createLogger } from '../../app.js';
import { Outbox } from '../mail/outbox.js';
import { Claims } from '../../invariants/claims.js';

let m: MailTestApp;
beforeAll(async () => {
  m = await startMailTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => m?.stop());

const admin = () => `Bearer ${m.t.adminToken()}`;
// The catcher refuses bounce@…: the welcome fails for good, the notice to the admins is sent.
const erased = {
  name: 'Birsa Munda Test',
  email: 'bounce@erased.example',
  mobile: '9123409876',
  address: 'Village Murhu, Khunti',
  about: 'I teach Santali songs to the children',
  interest: 'teaching',
};
const kept = { ...erased, name: 'Kept Volunteer', email: 'kept@example.org', mobile: '9000011111', address: 'Ranchi', about: 'Tree planting on Sundays' };
/** What must be nowhere after the erasure, as it would appear in any document. */
const traces = [/bounce@erased\.example/i, /9123409876/, /Murhu/, /Santali/, /Birsa Munda/];

const register = (fields: typeof erased, key?: string) => {
  const req = m.t.request.post('/api/volunteer_save.php');
  if (key) req.set('Idempotency-Key', key);
  return req.send(fields).expect(201);
};

/** Every document of every collection the database has, as Extended JSON lines. */
async function everyDocument(): Promise<{ collection: string; text: string }[]> {
  const db = m.t.db.connection.db!;
  const found = [];
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    for (const document of await db.collection(name).find({}).toArray()) {
      found.push({ collection: name, text: mongoose.mongo.BSON.EJSON.stringify(document) });
    }
  }
  return found;
}

describe('erasing a volunteer by e-mail', () => {
  it('leaves the e-mail, mobile and words in no collection, and the others as they were', async () => {
    await register(erased, 'erasure-first-registration');
    await register({ ...erased, email: erased.email.toUpperCase() });
    await register(kept);
    await m.t.request.post('/api/login.php').set('X-Forwarded-For', '203.0.113.9').send({ email: erased.email, password: 'a guess' }).expect(401);
    await m.t.request.post('/api/request_password_reset.php').send({ email: erased.email }).expect(200);
    // The welcomes bounce (failed), the notices go out (sent): copies in both states.
    await eventually(async () => (await m.t.db.models.OutboxMail.countDocuments({ state: { $in: ['queued', 'sending'] } })) === 0, 20_000, 'the mails');
    const before = (await everyDocument()).filter(({ text }) => traces.some((trace) => trace.test(text)));
    expect(new Set(before.map(({ collection }) => collection))).toEqual(
      new Set(['volunteers', 'mail_outbox', 'admin_list_changes', 'attempt_slots', 'limit_counts']),
    );

    const res = await m.t.request.post('/api/delete_volunteer.php').set('Authorization', admin()).send({ email: 'Bounce@Erased.Example' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.deleted).toBe(2);

    const left = (await everyDocument()).filter(({ text }) => traces.some((trace) => trace.test(text)));
    expect(left, left.map(({ collection, text }) => `${collection}: ${text.slice(0, 200)}`).join('\n')).toEqual([]);
    // The request records of the erased registrations are gone; the other one's mails and row stay.
    expect(await m.t.db.models.Volunteer.countDocuments({ email: kept.email })).toBe(1);
    expect(await m.t.db.models.OutboxMail.countDocuments({ $or: [{ to: kept.email }, { 'replyTo.address': kept.email }] })).toBe(2);
    const rows = await m.t.request.get('/api/get_volunteers.php').set('Authorization', admin());
    expect(rows.body.data.map((row: { email: string }) => row.email)).toEqual([kept.email]);
  });

  it('and the idempotency record of its request goes with it', async () => {
    await register({ ...erased, email: 'keyed@erased.example' }, 'erasure-keyed');
    expect(await m.t.db.models.IdempotencyRecord.countDocuments()).toBeGreaterThan(0);
    const records = await m.t.db.models.IdempotencyRecord.countDocuments();
    await m.t.request.post('/api/delete_volunteer.php').set('Authorization', admin()).send({ email: 'keyed@erased.example' }).expect(200);
    expect(await m.t.db.models.IdempotencyRecord.countDocuments()).toBe(records - 1);
  });
});

describe("the outbox's sweep", () => {
  it('lets go of mail 90 days after it was sent, failed or queued, replies aside', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = new Date(Date.now() - 91 * day);
    const recent = new Date(Date.now() - 89 * day);
    const mail = (key: string, fields: Record<string, unknown>) => ({
      key,
      kind: 'contact-notice',
      to: ['someone@example.org'],
      subject: 'Old',
      messageId: `<${key}@ngo.example>`,
      state: 'queued',
      ...fields,
    });
    await m.t.db.models.OutboxMail.insertMany([
      mail('sweep:sent-old', { state: 'sent', sentAt: old }),
      mail('sweep:sent-recent', { state: 'sent', sentAt: recent }),
      mail('sweep:failed-old', { state: 'failed' }),
      mail('sweep:queued-old', {}),
      mail('sweep:reply-old', { kind: 'reply', state: 'sent', sentAt: old }),
    ]);
    // Timestamps as they were 91 days ago (mongoose sets them on insert).
    const collection = m.t.db.models.OutboxMail.collection;
    await collection.updateMany({ key: { $in: ['sweep:failed-old', 'sweep:queued-old'] } }, { $set: { createdAt: old, updatedAt: old } });
    const outbox = new Outbox(
      m.t.db.models.OutboxMail,
      m.t.db.models.JobLease,
      new Claims(m.t.db.models.Claim),
      m.t.config.mail,
      createLogger({ logLevel: 'silent' }),
      async () => ({
        name: 'Test',
        address: '',
        email: '',
      }),
    );
    await outbox.sweep();
    const left = (await m.t.db.models.OutboxMail.find({ key: /^sweep:/ }, { key: 1 }).lean()).map((row) => row.key).sort();
    expect(left).toEqual(['sweep:reply-old', 'sweep:sent-recent']);
  });
});
