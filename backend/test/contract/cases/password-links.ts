// Every documented answer of the forgotten password, the password links and the invitations,
// except 401/403 (auth-matrix.ts) and 503 (outage.ts). password-links.test.ts runs them with a
// real SMTP server and a login limit of 1000, so only the 429 cases (which fill the counters
// themselves) meet the limits.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { issueLink } from '../../../src/features/password-links/service.js';
import { contractCase, defineCases, type ContractCase } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { bodyFormCases } from '../support/body-form.js';
import { postJson } from '../support/requests.js';
import type { Write } from './idempotency.js';
import { idempotencyCasesOf, settled } from './mail.js';

export const passwordLinkLimitForTests = '1000';

/** A fresh account and a link for it, as a mail would carry. */
async function linkFor(fx: Fixture, purpose: 'reset' | 'invitation' = 'reset') {
  const account = await fx.addAccount('editor', `linked-${randomUUID().slice(0, 8)}@example.test`);
  const user = (await fx.t.db.models.AdminUser.findById(account.id).lean())!;
  return { ...account, token: (await issueLink(fx.t.db.models.PasswordLink, user, purpose, { secret: fx.t.config.jwtSecret })).token };
}

const anonymous = (path: string) => (fx: Fixture, body: unknown) => postJson(fx, path, body, null);
const forgot = anonymous('/api/request_password_reset.php');
const check = anonymous('/api/check_password_link.php');
const reset = anonymous('/api/reset_password.php');
const invite = (fx: Fixture, body: unknown) => postJson(fx, '/api/invite_user.php', body);
const unknownToken = 'A'.repeat(43);
const resetMails = (fx: Fixture) => fx.t.db.models.OutboxMail.countDocuments({ kind: 'password-reset', to: fx.t.admin.email });

const resetRequestCases: ContractCase[] = [
  contractCase('requestPasswordReset', 200, 'an address with an account: a link is queued for it', {
    send: (fx) => forgot(fx, { email: fx.t.admin.email }),
    check: async (res, fx) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await fx.t.db.models.OutboxMail.countDocuments({ kind: 'password-reset', to: fx.t.admin.email })).toBe(1);
      await settled(fx);
    },
  }),
  contractCase('requestPasswordReset', 200, 'an address without one: the same answer, nothing queued', {
    send: (fx) => forgot(fx, { email: 'nobody@example.test' }),
    check: async (res, fx) => {
      expect(res.body.message).toMatch(/^If an account uses this address/);
      expect(await fx.t.db.models.OutboxMail.countDocuments({ to: 'nobody@example.test' })).toBe(0);
    },
    changes: ['limit_counts'],
  }),
  contractCase('requestPasswordReset', 400, 'no address', {
    send: (fx) => forgot(fx, {}),
    check: (res) => expect(res.body.message).toBe('Please enter your e-mail address'),
  }),
  contractCase('requestPasswordReset', 400, 'not an address', { send: (fx) => forgot(fx, { email: 'admin' }) }),
  ...bodyFormCases('requestPasswordReset', '/api/request_password_reset.php', 'email'),
  contractCase('requestPasswordReset', 400, 'spam: the hidden honeypot field filled in, and no link is made', {
    arrange: (fx) => resetMails(fx),
    send: (fx) => forgot(fx, { email: fx.t.admin.email, website: 'http://cheap.example', elapsed_ms: 9000 }),
    check: async (res, fx, mailed) => {
      expect(res.body.message).toBe('This form could not be sent. Please take a moment to check it and send it again.');
      expect(await resetMails(fx)).toBe(mailed);
    },
    changes: ['limit_counts'],
  }),
  contractCase('requestPasswordReset', 429, 'one client address over the forms limit waits, and no link is made', {
    arrange: async (fx) => {
      await forgot(fx, { email: 'nobody@example.test' });
      await fx.t.db.models.LimitCount.updateMany({ _id: /^form\|requestPasswordReset\|/ }, { $set: { count: fx.t.config.formMaxSends } });
      return resetMails(fx);
    },
    send: (fx) => forgot(fx, { email: fx.t.admin.email }),
    check: async (res, fx, mailed) => {
      await fx.t.db.models.LimitCount.deleteMany({ _id: /^(form|reset)/ });
      expect(res.body.message).toMatch(/^Too many forms sent from your connection/);
      expect(await resetMails(fx)).toBe(mailed);
    },
    changes: ['limit_counts'],
  }),
  contractCase('requestPasswordReset', 429, 'one e-mail address asked for too often, from any client, waits, and no link is made', {
    arrange: async (fx) => {
      await forgot(fx, { email: fx.t.admin.email });
      await settled(fx);
      await fx.t.db.models.LimitCount.updateMany({ _id: /^reset-email\|/ }, { $set: { count: Number(passwordLinkLimitForTests) } });
      return resetMails(fx);
    },
    send: (fx) => forgot(fx, { email: fx.t.admin.email.toUpperCase() }),
    check: async (res, fx, mailed) => {
      await fx.t.db.models.LimitCount.deleteMany({ _id: /^(form|reset)/ });
      expect(res.body.message).toMatch(/^Too many requests/);
      expect(await resetMails(fx)).toBe(mailed);
    },
    changes: ['limit_counts'],
  }),
];

const linkCases: ContractCase[] = [
  contractCase('checkPasswordLink', 200, 'a link that works: for whom, and until when', {
    arrange: (fx) => linkFor(fx, 'invitation'),
    send: (fx, link) => check(fx, { token: link.token }),
    check: (res, _fx, link) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.data).toMatchObject({ purpose: 'invitation', email: link.email, name: 'Test editor' });
    },
  }),
  contractCase('checkPasswordLink', 400, 'a token of the wrong shape', { send: (fx) => check(fx, { token: 'short' }) }),
  contractCase('checkPasswordLink', 404, 'a token never issued', { send: (fx) => check(fx, { token: unknownToken }) }),
  ...bodyFormCases('checkPasswordLink', '/api/check_password_link.php', 'token'),
  contractCase('resetPassword', 200, 'a new password from a link: it logs in, and the link is used up', {
    arrange: linkFor,
    send: (fx, link) => reset(fx, { token: link.token, new_password: 'a password from a link' }),
    check: async (_res, fx, link) => {
      expect((await postJson(fx, '/api/login.php', { email: link.email, password: 'a password from a link' }, null)).status).toBe(200);
      expect((await check(fx, { token: link.token })).status).toBe(404);
    },
  }),
  contractCase('resetPassword', 400, 'a password shorter than 12 characters', {
    arrange: linkFor,
    send: (fx, link) => reset(fx, { token: link.token, new_password: 'too short' }),
  }),
  contractCase('resetPassword', 404, 'a token never issued', {
    send: (fx) => reset(fx, { token: unknownToken, new_password: 'a long new password' }),
  }),
  ...bodyFormCases('resetPassword', '/api/reset_password.php', 'token'),
];

const inviteCases: ContractCase[] = [
  contractCase('inviteUser', 200, 'a new editor is invited and mailed a link', {
    send: (fx) => invite(fx, { name: 'Kiran Lakra', email: 'kiran@example.test', role: 'editor' }),
    check: async (res, fx) => {
      expect(res.body.data).toMatchObject({ email: 'kiran@example.test', invited: true, last_login_at: null });
      await settled(fx);
      expect(await fx.t.db.models.OutboxMail.findOne({ kind: 'invitation', to: 'kiran@example.test' }).lean()).toMatchObject({ state: 'sent', text: '' });
    },
  }),
  contractCase('inviteUser', 400, 'a role that does not exist', {
    send: (fx) => invite(fx, { name: 'X', email: 'x@example.test', role: 'owner' }),
  }),
  contractCase('inviteUser', 409, 'the address of an account in use', {
    send: (fx) => invite(fx, { name: 'Again', email: fx.t.admin.email.toUpperCase(), role: 'editor' }),
  }),
  ...bodyFormCases('inviteUser', '/api/invite_user.php', 'name'),
];

const writes: Write[] = [
  {
    operationId: 'requestPasswordReset',
    status: 200,
    anonymous: true,
    send: (fx, _t, v) => forgot(fx, { email: v ? 'other@example.test' : fx.t.admin.email }),
  },
  {
    operationId: 'resetPassword',
    status: 200,
    anonymous: true,
    target: async (fx) => (await linkFor(fx)).token,
    send: (fx, token, v) => reset(fx, { token, new_password: `a password, take ${v}` }),
  },
  {
    operationId: 'inviteUser',
    status: 200,
    target: async () => `invited-${randomUUID().slice(0, 8)}@example.test`,
    send: (fx, email, v) => invite(fx, { name: `Once ${v}`, email, role: 'editor' }),
  },
];

export const passwordLinkCases = defineCases('password links', [...resetRequestCases, ...linkCases, ...inviteCases, ...writes.flatMap(idempotencyCasesOf)]);
