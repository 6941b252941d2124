// Every documented answer of the settings and account operations, except 401/403 (auth-matrix.ts)
// and 503 (outage.ts): what an admin and an editor may do, bad input for every settings field,
// and the rules that keep the site runnable (last admin, own account, sessions that end).
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { contractCase, defineCases, type ContractCase } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { bodyFormCases } from '../support/body-form.js';
import { hugeJson, postJson } from '../support/requests.js';

const bearer = (fx: Fixture, sub: string, role = 'admin') => `Bearer ${fx.t.makeToken({ role, sub })}`;
const fieldError = (field: string) => (res: Response) =>
  expect(res.body.errors, JSON.stringify(res.body)).toContainEqual(
    expect.objectContaining({ field: expect.stringMatching(new RegExp(`^${field}(\\.\\d+)?$`)) }),
  );
const newAccount = { name: 'Ravi Oraon', email: 'ravi@example.test', role: 'editor', password: 'a long first password' };

// A bad value for every settings field; each must be refused naming the field, nothing saved.
const badSettings: [string, unknown][] = [
  ['name', ''],
  ['name', 'x'.repeat(101)],
  ['name', 42],
  ['tagline', 'x'.repeat(301)],
  ['address', 'x'.repeat(501)],
  ['phones', ['+91 1', 'not a phone']],
  ['phones', ['9876543210', '9876543211', '9876543212', '9876543213']],
  ['phones', '9876543210'],
  ['email', 'not an e-mail'],
  ['email', `${'x'.repeat(250)}@example.org`],
  ['office_hours', 'x'.repeat(201)],
  ['facebook', 'javascript:alert(1)'],
  ['twitter', 'twitter.com/someone'],
  ['instagram', 'ftp://example.org/'],
  ['linkedin', `https://example.org/${'x'.repeat(500)}`],
  ['youtube', 'https://exa mple.org/'],
  ['map_url', 'maps'],
  ['upi_id', 'no-at-sign'],
  ['upi_id', { $ne: null }],
  ['bank_details', 'x'.repeat(1001)],
  ['tax_registration', 'x'.repeat(501)],
];

const settingsCases: ContractCase[] = [
  contractCase('getSettings', 200, 'a new site: the placeholders, and which fields still hold them', {
    send: (fx) => fx.request.get('/api/get_settings.php'),
    check: (res) => {
      expect(res.body.data).toMatchObject({ name: 'Jharkhand NGO', email: 'contact@example.org', upi_id: '' });
      expect(res.body.placeholders).toEqual(expect.arrayContaining(['name', 'phones', 'email', 'address']));
      expect(res.body.placeholders).not.toContain('upi_id');
    },
  }),
  contractCase('updateSettings', 200, 'the name, a phone and a cleared link: saved, read back by the public operation, no longer placeholders', {
    send: (fx) => postJson(fx, '/api/update_settings.php', { name: '  Asha Foundation ', phones: ['+91 651 000 1111'], twitter: '' }),
    check: async (res, fx) => {
      expect(res.body.data).toMatchObject({ name: 'Asha Foundation', phones: ['+91 651 000 1111'], twitter: '', email: 'contact@example.org' });
      expect(res.body.placeholders).not.toContain('name');
      expect(res.body.placeholders).toContain('email');
      const read = await fx.request.get('/api/get_settings.php');
      expect(read.body.data).toEqual(res.body.data);
    },
  }),
  ...badSettings.map(([field, value]) =>
    contractCase('updateSettings', 400, `${field} = ${JSON.stringify(value).slice(0, 40)}`, {
      send: (fx) => postJson(fx, '/api/update_settings.php', { [field]: value }),
      check: fieldError(field),
    }),
  ),
  contractCase('updateSettings', 400, 'a field the settings do not have', {
    send: (fx) => postJson(fx, '/api/update_settings.php', { name: 'Fine', logo_html: '<script>' }),
  }),
  contractCase('updateSettings', 400, 'an empty object', {
    send: (fx) => postJson(fx, '/api/update_settings.php', {}),
  }),
  contractCase('updateSettings', 413, 'a JSON body over 1 MB', {
    send: (fx) => fx.request.post('/api/update_settings.php').set('Authorization', fx.admin).set('Content-Type', 'application/json').send(hugeJson('name')),
  }),
  contractCase('updateSettings', 415, 'a urlencoded form instead of JSON', {
    send: (fx) => fx.request.post('/api/update_settings.php').set('Authorization', fx.admin).type('form').send({ name: 'x' }),
  }),
];

const userCases: ContractCase[] = [
  contractCase('listUsers', 200, 'every account, with name, e-mail, role, created and last login, never a password hash', {
    arrange: (fx) => fx.editor(),
    send: (fx) => fx.request.get('/api/get_users.php').set('Authorization', fx.admin),
    check: (res, fx) => {
      const emails = res.body.data.map((user: { email: string }) => user.email);
      expect(emails).toEqual(expect.arrayContaining([fx.t.admin.email, 'editor@example.test']));
      expect(res.body.data.find((user: { role: string }) => user.role === 'editor')).toMatchObject({ name: 'Test editor', last_login_at: null });
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/i);
    },
  }),
  contractCase('addUser', 200, 'an editor with a first password, who can then log in and add a post', {
    send: (fx) => postJson(fx, '/api/add_user.php', newAccount),
    check: async (res, fx) => {
      expect(res.body.data).toMatchObject({ name: 'Ravi Oraon', email: 'ravi@example.test', role: 'editor', last_login_at: null });
      const login = await postJson(fx, '/api/login.php', { email: newAccount.email, password: newAccount.password }, null);
      expect(login.body).toMatchObject({ success: true, role: 'editor', name: 'Ravi Oraon' });
      const post = await fx.request.post('/api/add_blog.php').set('Authorization', `Bearer ${login.body.token}`).field('title', 'By an editor');
      expect(post.status).toBe(201);
      const users = await fx.request.get('/api/get_users.php').set('Authorization', `Bearer ${login.body.token}`);
      expect(users.status).toBe(403);
    },
  }),
  contractCase('addUser', 409, 'an e-mail that already has an account (any case)', {
    send: (fx) => postJson(fx, '/api/add_user.php', { ...newAccount, email: fx.t.admin.email.toUpperCase() }),
  }),
  ...(
    [
      ['name', ''],
      ['name', 'x'.repeat(101)],
      ['email', 'not an e-mail'],
      ['role', 'owner'],
      ['password', 'short'],
      ['password', 'x'.repeat(1025)],
      ['password', 'ravi@example.test'],
    ] as [string, string][]
  ).map(([field, value]) =>
    contractCase('addUser', 400, `${field} = ${value.slice(0, 30)}`, {
      send: (fx) => postJson(fx, '/api/add_user.php', { ...newAccount, [field]: value }),
      check: fieldError(field),
    }),
  ),
  contractCase('addUser', 400, 'no role', {
    send: (fx) => postJson(fx, '/api/add_user.php', { ...newAccount, role: undefined }),
    check: fieldError('role'),
  }),
  ...bodyFormCases('addUser', '/api/add_user.php', 'name'),

  contractCase('updateUser', 200, "an admin resets an editor's password: the editor's open session is refused, the new password works", {
    arrange: (fx) => fx.addAccount('editor', 'reset@example.test'),
    send: (fx, account) => postJson(fx, '/api/update_user.php', { id: account.id, password: 'the reset password' }),
    check: async (res, fx, account) => {
      expect(res.body.data).toMatchObject({ email: 'reset@example.test', role: 'editor' });
      const old = await fx.request.get('/api/get_stats.php').set('Authorization', bearer(fx, account.id, 'editor'));
      expect(old.status).toBe(401);
      expect((await postJson(fx, '/api/login.php', { email: account.email, password: account.password }, null)).status).toBe(401);
      expect((await postJson(fx, '/api/login.php', { email: account.email, password: 'the reset password' }, null)).status).toBe(200);
    },
  }),
  contractCase('updateUser', 200, 'an editor made admin: the new role opens Users at the next login; the old token is refused', {
    arrange: (fx) => fx.addAccount('editor', 'promoted@example.test'),
    send: (fx, account) => postJson(fx, '/api/update_user.php', { id: account.id, role: 'admin', name: 'Promoted' }),
    check: async (res, fx, account) => {
      expect(res.body.data).toMatchObject({ name: 'Promoted', role: 'admin' });
      expect((await fx.request.get('/api/get_stats.php').set('Authorization', bearer(fx, account.id, 'editor'))).status).toBe(401);
      const login = await postJson(fx, '/api/login.php', { email: account.email, password: account.password }, null);
      expect((await fx.request.get('/api/get_users.php').set('Authorization', `Bearer ${login.body.token}`)).status).toBe(200);
    },
  }),
  contractCase('updateUser', 409, 'an admin changes their own role', {
    send: (fx) => postJson(fx, '/api/update_user.php', { id: fx.t.admin.id, role: 'editor' }),
    check: (res) => expect(res.body.message).toBe('You cannot change your own role: another admin can do it'),
  }),
  contractCase('updateUser', 404, 'an id no account has', {
    send: (fx) => postJson(fx, '/api/update_user.php', { id: fx.unknownId, name: 'Nobody' }),
  }),
  ...(
    [
      ['id', 'not-an-id'],
      ['name', ''],
      ['role', 'owner'],
      ['password', 'short'],
    ] as [string, string][]
  ).map(([field, value]) =>
    contractCase('updateUser', 400, `${field} = ${value}`, {
      send: (fx) => postJson(fx, '/api/update_user.php', { id: fx.t.admin.id, [field]: value }),
      check: fieldError(field),
    }),
  ),
  contractCase('updateUser', 400, "a reset password that is the account's e-mail", {
    arrange: (fx) => fx.addAccount('editor', 'same-as-password@example.test'),
    send: (fx, account) => postJson(fx, '/api/update_user.php', { id: account.id, password: 'Same-As-Password@example.test' }),
    check: fieldError('password'),
  }),
  ...bodyFormCases('updateUser', '/api/update_user.php', 'id'),

  contractCase('deleteUser', 200, 'an editor removed: their open session is refused at once', {
    arrange: (fx) => fx.addAccount('editor', 'leaving@example.test'),
    send: (fx, account) => postJson(fx, '/api/delete_user.php', { id: account.id }),
    check: async (_res, fx, account) => {
      expect((await fx.request.get('/api/get_stats.php').set('Authorization', bearer(fx, account.id, 'editor'))).status).toBe(401);
      expect(await fx.t.db.models.AdminUser.exists({ _id: account.id })).toBeNull();
    },
  }),
  contractCase('deleteUser', 409, 'the signed-in admin removes their own account', {
    send: (fx) => postJson(fx, '/api/delete_user.php', { id: fx.t.admin.id }),
    check: (res) => expect(res.body.message).toBe('You cannot remove your own account'),
  }),
  contractCase('deleteUser', 404, 'an id no account has', {
    send: (fx) => postJson(fx, '/api/delete_user.php', { id: fx.unknownId }),
  }),
  contractCase('deleteUser', 400, 'an id that is not one', {
    send: (fx) => postJson(fx, '/api/delete_user.php', { id: 'x' }),
    check: fieldError('id'),
  }),
  ...bodyFormCases('deleteUser', '/api/delete_user.php', 'id'),

  contractCase('changePassword', 200, 'an editor changes their own password: a new token for this session, the other sessions end', {
    arrange: (fx) => fx.addAccount('editor', 'changer@example.test'),
    send: (fx, account) =>
      postJson(fx, '/api/change_password.php', { current_password: account.password, new_password: 'my new long password' }, bearer(fx, account.id, 'editor')),
    check: async (res, fx, account) => {
      expect(res.body).toMatchObject({ success: true, message: 'Password changed' });
      expect((await fx.request.get('/api/get_stats.php').set('Authorization', `Bearer ${res.body.token}`)).status).toBe(200);
      expect((await fx.request.get('/api/get_stats.php').set('Authorization', bearer(fx, account.id, 'editor'))).status).toBe(401);
      expect((await postJson(fx, '/api/login.php', { email: account.email, password: 'my new long password' }, null)).status).toBe(200);
    },
  }),
  contractCase('changePassword', 400, 'a wrong current password', {
    send: (fx) => postJson(fx, '/api/change_password.php', { current_password: 'not it at all', new_password: 'my new long password' }),
    check: fieldError('current_password'),
  }),
  contractCase('changePassword', 400, 'a new password of 11 characters', {
    send: (fx) => postJson(fx, '/api/change_password.php', { current_password: fx.t.admin.password, new_password: '12345678901' }),
    check: fieldError('new_password'),
  }),
  contractCase('changePassword', 400, 'a new password that is the e-mail', {
    send: (fx) => postJson(fx, '/api/change_password.php', { current_password: fx.t.admin.password, new_password: fx.t.admin.email }),
    check: fieldError('new_password'),
  }),
  contractCase('changePassword', 400, 'no current password', {
    send: (fx) => postJson(fx, '/api/change_password.php', { new_password: 'my new long password' }),
    check: fieldError('current_password'),
  }),
  ...bodyFormCases('changePassword', '/api/change_password.php', 'new_password'),
];

// Bad input for every field of the account bodies beyond the cases above: a required field left
// out, a length or type over the limit, and a field the body does not have (an account keeps its
// e-mail; a password change names no other account). Each is refused naming the field, nothing saved.
const accountBodies: Record<string, [path: string, body: (fx: Fixture) => Record<string, unknown>]> = {
  addUser: ['/api/add_user.php', () => newAccount],
  updateUser: ['/api/update_user.php', (fx) => ({ id: fx.t.admin.id, name: 'Renamed' })],
  deleteUser: ['/api/delete_user.php', (fx) => ({ id: fx.unknownId })],
  changePassword: ['/api/change_password.php', (fx) => ({ current_password: fx.t.admin.password, new_password: 'my new long password' })],
};
const badAccountFields: [operationId: string, field: string, value: unknown, name: string][] = [
  ['addUser', 'name', undefined, 'no name'],
  ['addUser', 'email', undefined, 'no e-mail'],
  ['addUser', 'password', undefined, 'no password'],
  ['addUser', 'email', `${'x'.repeat(250)}@example.org`, 'an e-mail over 254 characters'],
  ['addUser', 'name', 42, 'a number as name'],
  ['addUser', 'role', ['admin'], 'a list as role'],
  ['addUser', 'tokenVersion', -1, 'a token version, which is not a field'],
  ['updateUser', 'id', undefined, 'no id'],
  ['updateUser', 'name', 'x'.repeat(101), 'a name over 100 characters'],
  ['updateUser', 'password', 'p'.repeat(1025), 'a password over 1024 characters'],
  ['updateUser', 'role', null, 'null as role'],
  ['updateUser', 'email', 'new@example.test', 'an e-mail, which an account keeps'],
  ['deleteUser', 'id', undefined, 'no id'],
  ['deleteUser', 'all', true, 'an unknown field next to the id'],
  ['changePassword', 'new_password', undefined, 'no new password'],
  ['changePassword', 'current_password', '', 'an empty current password'],
  ['changePassword', 'current_password', 'p'.repeat(1025), 'a current password over 1024 characters'],
  ['changePassword', 'new_password', 'p'.repeat(1025), 'a new password over 1024 characters'],
  ['changePassword', 'new_password', 123456789012, 'a number as new password'],
  ['changePassword', 'id', '65f1c0ffee0000000000abcd', "another account's id"],
];
const badAccountFieldCases = badAccountFields.map(([operationId, field, value, name]) => {
  const [path, body] = accountBodies[operationId]!;
  return contractCase(operationId, 400, name, {
    send: (fx) => postJson(fx, path, { ...body(fx), [field]: value }),
    check: (res) => expect(`${res.body.message} ${JSON.stringify(res.body.errors ?? [])}`.toLowerCase()).toContain(field.toLowerCase()),
  });
});

export const settingsAndUserCases = defineCases('settings and users', [...settingsCases, ...userCases, ...badAccountFieldCases]);
