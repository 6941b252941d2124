// Idempotency-Key on every write: a repeat gets the first answer and does nothing again, the same
// key with another body is refused (422), a repeat while the first is still at work is told to
// wait (409), and a write carried out again after its answer was lost finds what it had saved.
import { createHash, randomUUID } from 'node:crypto';
import type { Test } from 'supertest';
import { expect } from 'vitest';
import { idempotencyRecordId } from '../../../src/idempotency/middleware.js';
import { contractCase, defineCases, type ContractCase } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { image, images, postForm, postJson } from '../support/requests.js';
import { volunteer } from './accounts-and-meta.js';
import { contactMessage } from './inbox.js';

export interface Write {
  operationId: string;
  /** The status of a first, successful request. */
  status: number;
  anonymous?: boolean;
  /** Makes what the request aims at (an id), once per case. */
  target?: (fx: Fixture) => Promise<string>;
  /** Builds the request; `variant` 1 has another body than variant 0. */
  send: (fx: Fixture, target: string, variant: 0 | 1) => Test;
}

const newGalleryItemId = async (fx: Fixture) =>
  (await postForm(fx, '/api/add_gallery_image.php', { title: 'Target', category: 'health' }, [image(fx.images.jpeg)])).body.data[0].id as string;

const newMessageId = async (fx: Fixture) => {
  const saved = await fx.t.db.models.ContactMessage.create({ name: 'Target', email: 'target@example.org', subject: 'Target', message: 'Target' });
  return saved._id.toHexString();
};
const newVolunteerId = async (fx: Fixture) => (await fx.t.db.models.Volunteer.create({ ...volunteer, start_date: null }))._id.toHexString();
const newEmail = async () => `once-${randomUUID().slice(0, 8)}@example.test`;
const newEditorId = async (fx: Fixture) => (await fx.addAccount('editor', await newEmail())).id;
const newAccount = (email: string) => ({ name: 'Once', email, role: 'editor', password: 'a long first password' });

const writes: Write[] = [
  { operationId: 'addBlog', status: 201, send: (fx, _t, v) => postForm(fx, '/api/add_blog.php', { title: `Once ${v}` }, [image(fx.images.jpeg)]) },
  {
    operationId: 'updateBlog',
    status: 200,
    target: async (fx) => (await fx.addBlog()).id,
    send: (fx, id, v) => postForm(fx, '/api/update_blog.php', { id, title: `Renamed ${v}` }),
  },
  {
    operationId: 'deleteBlog',
    status: 200,
    target: async (fx) => (await fx.addBlog()).id,
    send: (fx, id, v) => postJson(fx, '/api/delete_blog.php', { id: v ? fx.unknownId : id }),
  },
  {
    operationId: 'addGalleryImage',
    status: 201,
    send: (fx, _t, v) =>
      postForm(fx, '/api/add_gallery_image.php', { title: `Pair ${v}`, category: 'health' }, images([fx.images.jpeg, 'a.jpg'], [fx.images.png, 'b.png'])),
  },
  {
    operationId: 'updateGalleryImage',
    status: 200,
    target: newGalleryItemId,
    send: (fx, id, v) => postForm(fx, '/api/update_gallery_image.php', { id, title: `Retitled ${v}`, category: 'health' }),
  },
  {
    operationId: 'deleteGalleryImage',
    status: 200,
    target: newGalleryItemId,
    send: (fx, id, v) => postJson(fx, '/api/gallery_delete.php', { id: v ? fx.unknownId : id }),
  },
  {
    operationId: 'saveVolunteer',
    status: 201,
    anonymous: true,
    send: (fx, _t, v) => postJson(fx, '/api/volunteer_save.php', { ...volunteer, about: `Note ${v}` }, null),
  },
  {
    operationId: 'saveContactMessage',
    status: 201,
    anonymous: true,
    send: (fx, _t, v) => postJson(fx, '/api/contact_save.php', { ...contactMessage, message: `Once ${v}` }, null),
  },
  {
    operationId: 'updateMessage',
    status: 200,
    target: newMessageId,
    send: (fx, id, v) => postJson(fx, '/api/update_message.php', { id, read: v === 0 }),
  },
  {
    operationId: 'deleteMessage',
    status: 200,
    target: newMessageId,
    send: (fx, id, v) => postJson(fx, '/api/delete_message.php', { id: v ? fx.unknownId : id }),
  },
  {
    operationId: 'deleteVolunteer',
    status: 200,
    target: newVolunteerId,
    send: (fx, id, v) => postJson(fx, '/api/delete_volunteer.php', v ? { email: 'nobody@example.org' } : { id }),
  },
  {
    operationId: 'subscribeNewsletter',
    status: 202,
    anonymous: true,
    send: (fx, _t, v) => postJson(fx, '/api/subscribe.php', { email: 'once.reader@example.org', name: `Once ${v}` }, null),
  },
  {
    operationId: 'sendNewsletter',
    status: 202,
    target: async (fx) => (await fx.sharedBlog()).id,
    send: (fx, id, v) => postJson(fx, '/api/send_newsletter.php', { post_id: id, test_to: `proof-${v}@example.org` }),
  },
  { operationId: 'updateNewsletterSettings', status: 200, send: (fx, _t, v) => postJson(fx, '/api/update_newsletter_settings.php', { per_minute: 60 + v }) },
  {
    operationId: 'addSubscriber',
    status: 201,
    target: newEmail,
    send: (fx, email, v) => postJson(fx, '/api/add_subscriber.php', { email, reason: `Asked, take ${v}` }),
  },
  {
    operationId: 'importSubscribers',
    status: 200,
    target: newEmail,
    send: (fx, email, v) => postJson(fx, '/api/import_subscribers.php', { csv: `email\n${email}\n`, consent_source: `Sheets, take ${v}` }),
  },
  {
    operationId: 'updateSubscriber',
    status: 200,
    target: async (fx) => (await fx.t.db.models.Subscriber.create({ email: await newEmail(), state: 'subscribed', lang: 'en' })).email,
    send: (fx, email, v) => postJson(fx, '/api/update_subscriber.php', { email, language: v ? 'hi' : 'en' }),
  },
  {
    operationId: 'eraseSubscriber',
    status: 200,
    target: async (fx) => (await fx.t.db.models.Subscriber.create({ email: await newEmail(), state: 'subscribed', lang: 'en' })).email,
    send: (fx, email, v) => postJson(fx, '/api/delete_subscriber.php', { email: v ? 'nobody@example.org' : email }),
  },
  { operationId: 'updateSettings', status: 200, send: (fx, _t, v) => postJson(fx, '/api/update_settings.php', { tagline: `Once ${v}` }) },
  {
    operationId: 'addUser',
    status: 200,
    target: newEmail,
    send: (fx, email, v) => postJson(fx, '/api/add_user.php', { ...newAccount(email), name: `Once ${v}` }),
  },
  {
    operationId: 'updateUser',
    status: 200,
    target: newEditorId,
    send: (fx, id, v) => postJson(fx, '/api/update_user.php', { id, password: `a reset password, take ${v}` }),
  },
  {
    operationId: 'deleteUser',
    status: 200,
    target: newEditorId,
    send: (fx, id, v) => postJson(fx, '/api/delete_user.php', { id: v ? fx.unknownId : id }),
  },
];

const withKey = (request: Test, key: string) => request.set('Idempotency-Key', key);
const recordIdOf = (fx: Fixture, write: Write, key: string) => idempotencyRecordId(write.operationId, write.anonymous ? 'anonymous' : fx.t.admin.id, key);
const records = (fx: Fixture) => fx.t.db.connection.db!.collection<Record<string, unknown>>('idempotency_keys');

/** The first request, sent with a fresh key. */
async function sendFirst(fx: Fixture, write: Write) {
  const key = randomUUID();
  const target = (await write.target?.(fx)) ?? '';
  const first = await withKey(write.send(fx, target, 0), key);
  expect(first.status, first.text).toBe(write.status);
  return { key, target, first };
}

export const casesOf = (write: Write): ContractCase[] => [
  contractCase(write.operationId, write.status, 'a repeat with the same key and body gets the first answer and changes nothing', {
    arrange: (fx) => sendFirst(fx, write),
    send: (fx, { key, target }) => withKey(write.send(fx, target, 0), key),
    check: (res, _fx, { first }) => {
      expect(res.body).toEqual(first.body);
      expect(res.headers['idempotent-replayed']).toBe('true');
    },
    changes: [],
  }),
  contractCase(write.operationId, 422, 'the same key with another body', {
    arrange: (fx) => sendFirst(fx, write),
    send: (fx, { key, target }) => withKey(write.send(fx, target, 1), key),
    check: (res) => expect(res.body.message).toMatch(/Idempotency-Key was already used/),
  }),
  contractCase(write.operationId, 409, 'a repeat while the first request is still being carried out', {
    arrange: async (fx) => {
      const key = randomUUID();
      const target = (await write.target?.(fx)) ?? '';
      const now = Date.now();
      await records(fx).insertOne({
        _id: recordIdOf(fx, write, key) as never,
        fingerprint: 'the request at work',
        state: 'pending',
        leaseUntil: new Date(now + 60_000),
        expiresAt: new Date(now + 3_600_000),
      });
      return { key, target };
    },
    send: (fx, { key, target }) => withKey(write.send(fx, target, 0), key),
    check: (res) => expect(res.headers['retry-after']).toBe('1'),
  }),
];

export const idempotencyCases = defineCases('idempotency', [
  ...writes.flatMap(casesOf),
  contractCase('saveVolunteer', 201, 'a registration carried out again after its answer was lost is not stored twice', {
    arrange: async (fx) => {
      const { key } = await sendFirst(
        fx,
        writes.find((write) => write.operationId === 'saveVolunteer')!,
      );
      // As if the instance died after saving and before keeping the answer: the key is still
      // claimed, its lease over.
      await records(fx).updateOne(
        { _id: idempotencyRecordId('saveVolunteer', 'anonymous', key) as never },
        { $set: { state: 'pending', leaseUntil: new Date(0) }, $unset: { status: '', body: '' } },
      );
      return { key, count: await fx.t.db.models.Volunteer.countDocuments() };
    },
    send: (fx, { key }) => withKey(postJson(fx, '/api/volunteer_save.php', { ...volunteer, about: 'Note 0' }, null), key),
    check: async (res, fx, { count }) => {
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      expect(await fx.t.db.models.Volunteer.countDocuments()).toBe(count);
    },
    // Carried out again, it is counted again against the address's form limit, and nothing else.
    changes: ['limit_counts'],
  }),
  contractCase('addBlog', 201, 'a post carried out again after its answer was lost answers the saved post', {
    arrange: async (fx) => {
      const { key, first } = await sendFirst(fx, writes[0]!);
      await records(fx).updateOne(
        { _id: idempotencyRecordId('addBlog', fx.t.admin.id, key) as never },
        { $set: { state: 'pending', leaseUntil: new Date(0) }, $unset: { status: '', body: '' } },
      );
      return { key, first };
    },
    send: (fx, { key }) => withKey(postForm(fx, '/api/add_blog.php', { title: 'Once 0' }, [image(fx.images.jpeg)]), key),
    check: (res, _fx, { first }) => expect(res.body.data).toEqual(first.body.data),
    changes: [],
  }),
  contractCase('addUser', 200, 'an account added again after its answer was lost is answered as saved, not refused as a taken e-mail', {
    arrange: async (fx) => {
      const { key, target, first } = await sendFirst(
        fx,
        writes.find((write) => write.operationId === 'addUser')!,
      );
      await records(fx).updateOne(
        { _id: idempotencyRecordId('addUser', fx.t.admin.id, key) as never },
        { $set: { state: 'pending', leaseUntil: new Date(0) }, $unset: { status: '', body: '' } },
      );
      return { key, target, first };
    },
    send: (fx, { key, target }) => withKey(postJson(fx, '/api/add_user.php', { ...newAccount(target), name: 'Once 0' }), key),
    check: async (res, fx, { key, target, first }) => {
      expect(res.body.data).toEqual(first.body.data);
      expect(await fx.t.db.models.AdminUser.countDocuments({ email: target })).toBe(1);
      // The kept fingerprint is keyed with the server's secret: a plain hash of a body that
      // holds a password would let a copy of the database guess it.
      const kept = await records(fx).findOne({ _id: idempotencyRecordId('addUser', fx.t.admin.id, key) as never });
      const body = { ...newAccount(target), name: 'Once 0' };
      const plain = createHash('sha256')
        .update(
          JSON.stringify(
            Object.keys(body)
              .sort()
              .map((name) => [name, body[name as keyof typeof body]]),
          ),
        )
        .digest('hex');
      expect(kept?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(kept?.fingerprint).not.toBe(plain);
    },
    changes: [],
  }),
  contractCase('saveVolunteer', 400, 'an Idempotency-Key with a space in it', {
    send: (fx) => withKey(postJson(fx, '/api/volunteer_save.php', volunteer, null), 'two words'),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('idempotency-key'),
  }),
]);
