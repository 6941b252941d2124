// Every documented answer of the contact messages and of erasing volunteers, except 401/403
// (auth-matrix.ts) and 503 (outage.ts). The test app allows 1000 forms per address and window,
// so only the 429 case (which fills the counter itself) meets the limit.
import { expect } from 'vitest';
import { contractCase, defineCases } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { hugeJson, postJson } from '../support/requests.js';
import { volunteer } from './accounts-and-meta.js';

export const contactMessage = {
  name: 'Asha Kumari',
  email: 'asha@example.org',
  subject: 'General Inquiry',
  message: 'When is the next health camp in Lalpur?',
  website: '',
  elapsed_ms: 15000,
};

const sendContact = (fx: Fixture, body: unknown) => postJson(fx, '/api/contact_save.php', body, null);

async function addMessage(fx: Fixture, fields: Partial<typeof contactMessage> = {}) {
  const res = await sendContact(fx, { ...contactMessage, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const stored = await fx.t.db.models.ContactMessage.findOne({ subject: fields.subject ?? contactMessage.subject })
    .sort({ createdAt: -1 })
    .lean();
  return stored!._id.toHexString();
}

async function addVolunteer(fx: Fixture, email: string) {
  const res = await postJson(fx, '/api/volunteer_save.php', { ...volunteer, email }, null);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const stored = await fx.t.db.models.Volunteer.findOne({ email }).sort({ createdAt: -1 }).lean();
  return stored!._id.toHexString();
}

const spamRefused = (res: { body: { message: string } }) =>
  expect(res.body.message).toBe('This form could not be sent. Please take a moment to check it and send it again.');

export const inboxCases = defineCases('inbox', [
  contractCase('saveContactMessage', 201, 'a message from the form is kept, unread', {
    send: (fx) => sendContact(fx, { ...contactMessage, name: '  Asha Kumari  ', subject: 'Kept' }),
    check: async (res, fx) => {
      expect(res.body).toEqual({ success: true, message: 'Message sent successfully' });
      const stored = await fx.t.db.models.ContactMessage.findOne({ subject: 'Kept' }).lean();
      expect(stored).toMatchObject({ name: 'Asha Kumari', email: contactMessage.email, message: contactMessage.message, read: false });
    },
  }),
  contractCase('saveContactMessage', 400, 'a blank message asks for the required fields', {
    send: (fx) => sendContact(fx, { ...contactMessage, message: '   ' }),
    check: (res) => {
      expect(res.body.message).toBe('Please fill all required fields');
      expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'message' }));
    },
  }),
  contractCase('saveContactMessage', 400, 'spam: the hidden honeypot field filled in', {
    send: (fx) => sendContact(fx, { ...contactMessage, website: 'http://cheap.example' }),
    check: spamRefused,
    changes: ['limit_counts'],
  }),
  contractCase('saveContactMessage', 400, 'spam: sent 200 ms after the page opened', {
    send: (fx) => sendContact(fx, { ...contactMessage, elapsed_ms: 200 }),
    check: spamRefused,
    changes: ['limit_counts'],
  }),
  contractCase('saveContactMessage', 400, 'no time on the page at all (the contract requires it)', {
    send: (fx) => sendContact(fx, { ...contactMessage, elapsed_ms: undefined }),
    check: (res) => {
      expect(res.body.message).toBe('Please fill all required fields');
      expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'elapsed_ms' }));
    },
  }),
  contractCase('saveContactMessage', 413, 'a 1 MB message', {
    send: (fx) => fx.request.post('/api/contact_save.php').set('Content-Type', 'application/json').send(hugeJson('message')),
  }),
  contractCase('saveContactMessage', 415, 'a form post instead of JSON', {
    send: (fx) => fx.request.post('/api/contact_save.php').type('form').send(contactMessage),
  }),
  contractCase('saveContactMessage', 429, 'one address over the limit waits, and nothing is kept', {
    arrange: async (fx) => {
      await addMessage(fx, { subject: 'Before the limit' });
      await fx.t.db.models.LimitCount.updateMany({ _id: /^form\|saveContactMessage\|/ }, { $set: { count: fx.t.config.formMaxSends } });
    },
    send: (fx) => sendContact(fx, { ...contactMessage, subject: 'Over the limit' }),
    check: async (res, fx) => {
      expect(res.body.message).toMatch(/^Too many forms sent from your connection\. Please try again in \d+ minutes?\.$/);
      expect(await fx.t.db.models.ContactMessage.countDocuments({ subject: 'Over the limit' })).toBe(0);
      await fx.t.db.models.LimitCount.deleteMany({ _id: /^form\|/ });
    },
    changes: ['limit_counts'],
  }),
  contractCase('listMessages', 200, 'the messages, newest first, with the unread count', {
    arrange: async (fx) => ({ older: await addMessage(fx, { subject: 'Older' }), newer: await addMessage(fx, { subject: 'Newer' }) }),
    send: (fx) => fx.request.get('/api/get_messages.php').set('Authorization', fx.admin),
    check: async (res, fx, { older, newer }) => {
      const ids = (res.body.data as { id: string }[]).map((message) => message.id);
      expect(ids.indexOf(newer)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
      expect(res.body.unread).toBe(await fx.t.db.models.ContactMessage.countDocuments({ read: false }));
      expect(res.body.unread).toBeGreaterThanOrEqual(2);
    },
  }),
  contractCase('updateMessage', 200, 'marked read, then unread', {
    arrange: (fx) => addMessage(fx, { subject: 'To read' }),
    send: (fx, id) => postJson(fx, '/api/update_message.php', { id, read: true }),
    check: async (res, fx, id) => {
      expect(res.body).toMatchObject({ success: true, message: 'Message marked as read', data: { id, read: true, subject: 'To read' } });
      const back = await postJson(fx, '/api/update_message.php', { id, read: false });
      expect(back.body).toMatchObject({ message: 'Message marked as unread', data: { id, read: false } });
    },
  }),
  contractCase('updateMessage', 400, 'read given as a string', {
    arrange: (fx) => addMessage(fx),
    send: (fx, id) => postJson(fx, '/api/update_message.php', { id, read: 'yes' }),
  }),
  contractCase('updateMessage', 404, 'an id no message has', {
    send: (fx) => postJson(fx, '/api/update_message.php', { id: fx.unknownId, read: true }),
    check: (res) => expect(res.body.message).toBe('Message not found'),
  }),
  contractCase('updateMessage', 413, 'a 1 MB body', {
    send: (fx) => fx.request.post('/api/update_message.php').set('Authorization', fx.admin).set('Content-Type', 'application/json').send(hugeJson()),
  }),
  contractCase('updateMessage', 415, 'text/plain', {
    send: (fx) => fx.request.post('/api/update_message.php').set('Authorization', fx.admin).set('Content-Type', 'text/plain').send('{}'),
  }),
  contractCase('deleteMessage', 200, 'a message is deleted', {
    arrange: (fx) => addMessage(fx, { subject: 'To delete' }),
    send: (fx, id) => postJson(fx, '/api/delete_message.php', { id }),
    check: async (res, fx, id) => {
      expect(res.body).toEqual({ success: true, message: 'Message deleted successfully' });
      expect(await fx.t.db.models.ContactMessage.findById(id).lean()).toBeNull();
    },
  }),
  contractCase('deleteMessage', 400, 'no id', {
    send: (fx) => postJson(fx, '/api/delete_message.php', {}),
  }),
  contractCase('deleteMessage', 404, 'an id no message has', {
    send: (fx) => postJson(fx, '/api/delete_message.php', { id: fx.unknownId }),
  }),
  contractCase('deleteMessage', 413, 'a 1 MB body', {
    send: (fx) => fx.request.post('/api/delete_message.php').set('Authorization', fx.admin).set('Content-Type', 'application/json').send(hugeJson()),
  }),
  contractCase('deleteMessage', 415, 'text/plain', {
    send: (fx) => fx.request.post('/api/delete_message.php').set('Authorization', fx.admin).set('Content-Type', 'text/plain').send('{}'),
  }),
  contractCase('deleteVolunteer', 200, 'one registration is erased, the others of that address stay, and the log names who, not whom', {
    arrange: async (fx) => ({ first: await addVolunteer(fx, 'one@example.org'), second: await addVolunteer(fx, 'one@example.org') }),
    send: (fx, { first }) => postJson(fx, '/api/delete_volunteer.php', { id: first }),
    check: async (res, fx, { first, second }) => {
      expect(res.body).toEqual({ success: true, message: 'Registration deleted', deleted: 1 });
      expect(await fx.t.db.models.Volunteer.findById(first).lean()).toBeNull();
      expect(await fx.t.db.models.Volunteer.findById(second).lean()).not.toBeNull();
      const entry = await fx.t.db.models.AuditEntry.findOne().sort({ createdAt: -1 }).lean();
      expect(entry).toMatchObject({ action: 'volunteer.erase', count: 1 });
      expect(JSON.stringify(entry)).not.toMatch(/one@example|Asha|Lalpur/);
    },
  }),
  contractCase('deleteVolunteer', 200, 'every registration of one address is erased, whatever its case', {
    arrange: async (fx) => {
      await addVolunteer(fx, 'twice@example.org');
      await addVolunteer(fx, 'Twice@Example.org');
      return addVolunteer(fx, 'other@example.org');
    },
    send: (fx) => postJson(fx, '/api/delete_volunteer.php', { email: 'TWICE@example.org' }),
    check: async (res, fx, other) => {
      expect(res.body).toEqual({ success: true, message: '2 registrations deleted', deleted: 2 });
      expect(await fx.t.db.models.Volunteer.countDocuments({ email: /twice@example\.org/i })).toBe(0);
      expect(await fx.t.db.models.Volunteer.findById(other).lean()).not.toBeNull();
      expect(await fx.t.db.models.AuditEntry.findOne().sort({ createdAt: -1 }).lean()).toMatchObject({ action: 'volunteer.erase_email', count: 2 });
    },
  }),
  contractCase('listAuditLog', 200, 'the audit log: an export and an erasure, newest first, naming the account and never the data', {
    arrange: async (fx) => {
      const id = await addVolunteer(fx, 'logged@example.org');
      expect((await fx.request.get('/api/get_volunteers.php?purpose=export').set('Authorization', fx.admin)).status).toBe(200);
      expect((await postJson(fx, '/api/delete_volunteer.php', { id })).status).toBe(200);
    },
    send: (fx) => fx.request.get('/api/get_audit_log.php').set('Authorization', fx.admin),
    check: async (res, fx) => {
      const [erased, exported] = res.body.data as { action: string; count: number; actor: unknown; created_at: string }[];
      expect(erased).toMatchObject({ action: 'volunteer.erase', count: 1 });
      expect(exported).toMatchObject({ action: 'volunteers.export' });
      expect(exported!.count).toBeGreaterThanOrEqual(1);
      const account = await fx.t.db.models.AdminUser.findById(fx.t.admin.id).lean<{ name: string; email: string }>();
      expect(erased!.actor).toEqual({ name: account!.name, email: account!.email });
      expect(Date.parse(exported!.created_at)).toBeLessThanOrEqual(Date.parse(erased!.created_at));
      expect(JSON.stringify(res.body)).not.toMatch(/logged@example|Lalpur/);
    },
  }),
  contractCase('listAuditLog', 200, 'an entry whose account was removed names no one', {
    arrange: (fx) => fx.t.db.models.AuditEntry.create({ action: 'volunteers.export', actor: fx.unknownId, count: 3 }),
    send: (fx) => fx.request.get('/api/get_audit_log.php').set('Authorization', fx.admin),
    check: (res) => expect((res.body.data as unknown[])[0]).toMatchObject({ action: 'volunteers.export', count: 3, actor: null }),
  }),
  contractCase('deleteVolunteer', 400, 'both an id and an e-mail address', {
    send: (fx) => postJson(fx, '/api/delete_volunteer.php', { id: fx.unknownId, email: 'a@example.org' }),
    check: (res) => {
      expect(res.body.message).toBe('Send either the id of one registration or an e-mail address');
      expect(res.body.errors).toEqual([{ field: 'body', message: 'send only one of: id, email' }]);
    },
  }),
  contractCase('deleteVolunteer', 400, 'neither an id nor an e-mail address', {
    send: (fx) => postJson(fx, '/api/delete_volunteer.php', {}),
    check: (res) => expect(res.body.message).toBe('Send either the id of one registration or an e-mail address'),
  }),
  contractCase('deleteVolunteer', 400, 'an address pattern such as .* matches nothing', {
    send: (fx) => postJson(fx, '/api/delete_volunteer.php', { email: '.*' }),
  }),
  contractCase('deleteVolunteer', 404, 'an address nobody registered with', {
    send: (fx) => postJson(fx, '/api/delete_volunteer.php', { email: 'nobody@example.org' }),
    check: (res) => expect(res.body.message).toBe('No registration matches'),
  }),
  contractCase('listVolunteers', 200, 'an export is logged with who, when and how many, never the data', {
    arrange: (fx) => addVolunteer(fx, 'exported@example.org'),
    send: (fx) => fx.request.get('/api/get_volunteers.php?purpose=export').set('Authorization', fx.admin),
    check: async (res, fx) => {
      const entry = await fx.t.db.models.AuditEntry.findOne().sort({ createdAt: -1 }).lean();
      expect(entry).toMatchObject({ action: 'volunteers.export', actor: fx.t.admin.id, count: res.body.data.length });
      expect(JSON.stringify(entry)).not.toMatch(/exported@example|Asha|Lalpur/);
    },
    changes: ['audit_log'],
  }),
  contractCase('listVolunteers', 400, 'a purpose other than export', {
    send: (fx) => fx.request.get('/api/get_volunteers.php?purpose=backup').set('Authorization', fx.admin),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('purpose'),
  }),
  contractCase('deleteVolunteer', 413, 'a 1 MB body', {
    send: (fx) => fx.request.post('/api/delete_volunteer.php').set('Authorization', fx.admin).set('Content-Type', 'application/json').send(hugeJson()),
  }),
  contractCase('deleteVolunteer', 415, 'text/plain', {
    send: (fx) => fx.request.post('/api/delete_volunteer.php').set('Authorization', fx.admin).set('Content-Type', 'text/plain').send('{}'),
  }),
]);
