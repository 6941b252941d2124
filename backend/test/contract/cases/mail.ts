// Every documented answer of the mail operations (status, recipients, test mail, outbox, replies),
// except 401/403 (auth-matrix.ts) and 503 (outage.ts). mail.test.ts runs them with SMTP_URL set to
// a real SMTP server that refuses bounce@ addresses; a case that queues mail waits until the
// worker is done with it, so the next case's snapshots see a still outbox.
import { Types } from 'mongoose';
import type { Test } from 'supertest';
import { expect } from 'vitest';
import { eventually } from '../../mail.js';
import { contractCase, defineCases, type ContractCase } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { bodyFormCases } from '../support/body-form.js';
import { postJson } from '../support/requests.js';
import { casesOf, type Write } from './idempotency.js';

/** Waits until no mail is queued or being sent. */
export const settled = (fx: Fixture) =>
  eventually(async () => (await fx.t.db.models.OutboxMail.countDocuments({ state: { $in: ['queued', 'sending'] } })) === 0, 15_000, 'a still outbox');

/** The idempotency cases of a write that queues mail, each waiting for the outbox after its first request. */
export const idempotencyCasesOf = (write: Write): ContractCase[] =>
  casesOf(write).map((definition) => ({
    ...definition,
    arrange: async (fx: Fixture) => {
      const arranged = await definition.arrange?.(fx);
      await settled(fx);
      return arranged;
    },
  }));

const newMessage = async (fx: Fixture) =>
  (await fx.t.db.models.ContactMessage.create({ name: 'Asha', email: 'asha@example.org', subject: 'Camp', message: 'When?', lang: 'hi' }))._id.toHexString();

/** A mail of the outbox in a given state, straight in the database. */
async function mailIn(fx: Fixture, state: 'failed' | 'sent', fields: { sensitive?: boolean; to?: string } = {}) {
  const _id = new Types.ObjectId();
  await fx.t.db.models.OutboxMail.create({
    _id,
    key: `case:${_id.toHexString()}`,
    kind: 'test',
    lang: 'en',
    to: [fields.to ?? 'bounce@example.org'],
    subject: 'A mail of a case',
    text: 'x',
    html: '<p>x</p>',
    messageId: `<${_id.toHexString()}@ngo.example>`,
    sensitive: fields.sensitive ?? false,
    state,
    attempts: 1,
    lastError: state === 'failed' ? 'EENVELOPE: No such mailbox here' : null,
  });
  return _id.toHexString();
}

const admin = (fx: Fixture, request: Test) => request.set('Authorization', fx.admin);

const statusCases: ContractCase[] = [
  contractCase('getMailStatus', 200, 'what is set up and how the outbox does, never kept by a browser', {
    send: (fx) => admin(fx, fx.request.get('/api/get_mail_status.php')),
    check: (res, fx) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.data).toMatchObject({ configured: true, dkim: { enabled: false }, notify: [], notify_to: [fx.t.admin.email] });
    },
  }),
  contractCase('updateMailSettings', 200, 'two addresses chosen for the notices', {
    send: (fx) => postJson(fx, '/api/update_mail_settings.php', { notify: ['office@ngo.example', 'head@ngo.example'] }),
    check: async (res, fx) => {
      expect(res.body.data.notify_to).toEqual(['office@ngo.example', 'head@ngo.example']);
      await postJson(fx, '/api/update_mail_settings.php', { notify: [] });
    },
  }),
  ...[
    ['an address that is not one', { notify: ['not an address'] }],
    ['eleven addresses', { notify: Array.from({ length: 11 }, (_, index) => `a${index}@ngo.example`) }],
    ['one address twice', { notify: ['a@ngo.example', 'a@ngo.example'] }],
    ['no list', {}],
  ].map(([name, body]) => contractCase('updateMailSettings', 400, String(name), { send: (fx) => postJson(fx, '/api/update_mail_settings.php', body) })),
  ...bodyFormCases('updateMailSettings', '/api/update_mail_settings.php', 'notify'),
  contractCase('sendTestMail', 202, 'a test e-mail to a given address: queued, then received by the SMTP server', {
    send: (fx) => postJson(fx, '/api/send_test_mail.php', { to: 'tester@ngo.example' }),
    check: async (res, fx) => {
      expect(res.body.data).toMatchObject({ kind: 'test', to: ['tester@ngo.example'], state: expect.stringMatching(/^(queued|sending|sent)$/) });
      await settled(fx);
    },
  }),
  contractCase('sendTestMail', 400, 'to an address that is not one', {
    send: (fx) => postJson(fx, '/api/send_test_mail.php', { to: 'me' }),
  }),
  ...bodyFormCases('sendTestMail', '/api/send_test_mail.php', 'to'),
];

const outboxCases: ContractCase[] = [
  contractCase('listOutbox', 200, 'the failed mails, without their text', {
    arrange: (fx) => mailIn(fx, 'failed', { to: 'listed@ngo.example' }),
    send: (fx) => admin(fx, fx.request.get('/api/get_outbox.php?state=failed')),
    check: (res, _fx, id) => {
      expect(res.body.data.every((mail: { state: string }) => mail.state === 'failed')).toBe(true);
      expect(res.body.data.find((mail: { id: string }) => mail.id === id)).toMatchObject({ resendable: true, last_error: 'EENVELOPE: No such mailbox here' });
      expect(res.text).not.toContain('<p>x</p>');
    },
  }),
  contractCase('listOutbox', 400, 'a state it does not have', {
    send: (fx) => admin(fx, fx.request.get('/api/get_outbox.php?state=lost')),
  }),
  contractCase('listOutbox', 400, 'an id that is not one', { send: (fx) => admin(fx, fx.request.get('/api/get_outbox.php?id=42')) }),
  contractCase('resendMail', 200, 'a failed mail is queued again (and the worker tries it)', {
    arrange: (fx) => mailIn(fx, 'failed'),
    send: (fx, id) => postJson(fx, '/api/resend_mail.php', { id }),
    check: async (res, fx) => {
      expect(res.body.data).toMatchObject({ attempts: 0, last_error: null });
      await settled(fx);
    },
  }),
  contractCase('resendMail', 404, 'an unknown mail', { send: (fx) => postJson(fx, '/api/resend_mail.php', { id: fx.unknownId }) }),
  contractCase('resendMail', 409, 'a mail that was sent', {
    arrange: (fx) => mailIn(fx, 'sent'),
    send: (fx, id) => postJson(fx, '/api/resend_mail.php', { id }),
  }),
  contractCase('resendMail', 409, 'a failed mail that carried a password link', {
    arrange: (fx) => mailIn(fx, 'failed', { sensitive: true }),
    send: (fx, id) => postJson(fx, '/api/resend_mail.php', { id }),
    check: (res) => expect(res.body.message).toMatch(/password link/),
  }),
  contractCase('resendMail', 400, 'an id that is not one', { send: (fx) => postJson(fx, '/api/resend_mail.php', { id: 'abc' }) }),
  ...bodyFormCases('resendMail', '/api/resend_mail.php', 'id'),
];

const replyCases: ContractCase[] = [
  contractCase('replyToMessage', 201, 'an answer to a message: kept with it and mailed to its sender', {
    arrange: newMessage,
    send: (fx, id) => postJson(fx, '/api/reply_message.php', { id, message: 'Saturday at 10.' }),
    check: async (res, fx, id) => {
      expect(res.body.data).toMatchObject({ message_id: id, body: 'Saturday at 10.', author: 'Admin', mail: { kind: 'reply', to: ['asha@example.org'] } });
      await settled(fx);
    },
  }),
  contractCase('replyToMessage', 400, 'a blank answer', {
    arrange: newMessage,
    send: (fx, id) => postJson(fx, '/api/reply_message.php', { id, message: '   ' }),
  }),
  contractCase('replyToMessage', 404, 'an unknown message', {
    send: (fx) => postJson(fx, '/api/reply_message.php', { id: fx.unknownId, message: 'Hello' }),
  }),
  ...bodyFormCases('replyToMessage', '/api/reply_message.php', 'message'),
  contractCase('listMessageReplies', 200, 'the thread of a message, oldest first', {
    arrange: async (fx) => {
      const id = await newMessage(fx);
      for (const message of ['First answer', 'Second answer']) await postJson(fx, '/api/reply_message.php', { id, message });
      await settled(fx);
      return id;
    },
    send: (fx, id) => admin(fx, fx.request.get(`/api/get_message_replies.php?id=${id}`)),
    check: (res) => {
      expect(res.body.data.map((entry: { body: string }) => entry.body)).toEqual(['First answer', 'Second answer']);
      expect(res.body.data.map((entry: { mail: { state: string } }) => entry.mail.state)).toEqual(['sent', 'sent']);
    },
  }),
  contractCase('listMessageReplies', 400, 'an id that is not one', {
    send: (fx) => admin(fx, fx.request.get('/api/get_message_replies.php?id=x')),
  }),
  contractCase('listMessageReplies', 404, 'an unknown message', {
    send: (fx) => admin(fx, fx.request.get(`/api/get_message_replies.php?id=${fx.unknownId}`)),
  }),
];

const writes: Write[] = [
  {
    operationId: 'updateMailSettings',
    status: 200,
    send: (fx, _t, v) => postJson(fx, '/api/update_mail_settings.php', { notify: [`office${v}@ngo.example`] }),
  },
  { operationId: 'sendTestMail', status: 202, send: (fx, _t, v) => postJson(fx, '/api/send_test_mail.php', { to: `once${v}@ngo.example` }) },
  {
    operationId: 'resendMail',
    status: 200,
    target: (fx) => mailIn(fx, 'failed'),
    send: (fx, id, v) => postJson(fx, '/api/resend_mail.php', { id: v ? fx.unknownId : id }),
  },
  { operationId: 'replyToMessage', status: 201, target: newMessage, send: (fx, id, v) => postJson(fx, '/api/reply_message.php', { id, message: `Once ${v}` }) },
];

export const mailCases = defineCases('mail', [...statusCases, ...outboxCases, ...replyCases, ...writes.flatMap(idempotencyCasesOf)]);
