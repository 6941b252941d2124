// Authorization headers that must not open an admin operation, and what each must get.
import jwt from 'jsonwebtoken';
import type { Fixture } from './fixture.js';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

export interface RefusedCredential {
  name: string;
  status: 401 | 403;
  /** The Authorization header, or null for none. */
  header: (fx: Fixture) => string | null | Promise<string | null>;
  /** The status when it depends on the operation's roles. */
  statusFor?: (roles: string[]) => 401 | 403;
  /** The role the token really has: operations whose `x-roles` list it do not refuse it. */
  role?: string;
  message?: string;
}

export const refusedCredentials: RefusedCredential[] = [
  { name: 'no Authorization header', status: 401, header: () => null, message: 'Please log in to continue' },
  { name: 'Basic credentials instead of a bearer token', status: 401, header: () => 'Basic YWRtaW46YWRtaW4=' },
  { name: 'the Bearer scheme without a token', status: 401, header: () => 'Bearer ' },
  { name: 'a bearer token that is not a JWT', status: 401, header: () => 'Bearer not-a-token' },
  {
    name: 'an editor token whose payload was rewritten to admin (signature kept)',
    status: 401,
    header: (fx) => {
      const [head, , signature] = fx.t.makeToken({ role: 'editor' }).split('.');
      return `Bearer ${head}.${base64url({ role: 'admin', sub: fx.t.admin.id, exp: inAnHour() })}.${signature}`;
    },
    message: 'Your session is not valid. Please log in again',
  },
  {
    name: 'an admin token with a changed signature',
    status: 401,
    header: (fx) => {
      const token = fx.t.adminToken();
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      return `Bearer ${token.slice(0, -2)}${last}${token.at(-1)}`;
    },
  },
  {
    name: 'an expired admin token',
    status: 401,
    header: (fx) => `Bearer ${fx.t.makeToken({ expiresIn: -60 })}`,
    message: 'Your session has expired. Please log in again',
  },
  {
    name: 'an admin token signed with another secret',
    status: 401,
    header: (fx) => `Bearer ${fx.t.makeToken({ secret: 'a different secret that is long enough to sign' })}`,
  },
  {
    name: 'an unsigned token (alg: none)',
    status: 401,
    header: (fx) => `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ role: 'admin', sub: fx.t.admin.id, exp: inAnHour() })}.`,
  },
  {
    name: 'an admin token signed with HS512 (only HS256 is accepted)',
    status: 401,
    header: (fx) => `Bearer ${fx.t.makeToken({ algorithm: 'HS512' })}`,
  },
  {
    name: 'an admin token that never expires',
    status: 401,
    header: (fx) => `Bearer ${jwt.sign({ role: 'admin', sub: fx.t.admin.id }, fx.t.config.jwtSecret, { algorithm: 'HS256' })}`,
  },
  {
    name: 'a valid token of an editor account',
    status: 403,
    header: async (fx) => (await fx.editor()).header,
    role: 'editor',
    message: 'You need an admin account to do this',
  },
  {
    name: 'an admin token made before the password was changed (older token version)',
    status: 401,
    header: (fx) => `Bearer ${jwt.sign({ role: 'admin', tv: 7, sub: fx.t.admin.id, exp: inAnHour() }, fx.t.config.jwtSecret, { algorithm: 'HS256' })}`,
    message: 'Your session is not valid. Please log in again',
  },
  {
    name: 'an editor token whose account is an admin (role changed since)',
    status: 401,
    header: (fx) => `Bearer ${fx.t.makeToken({ role: 'editor', sub: fx.t.admin.id })}`,
    // Admin-only operations refuse the role before they look at the account.
    statusFor: (roles) => (roles.includes('editor') ? 401 : 403),
  },
  {
    name: 'an admin token of a removed account',
    status: 401,
    header: (fx) => `Bearer ${fx.t.makeToken({ sub: fx.unknownId })}`,
    message: 'Your session is not valid. Please log in again',
  },
  {
    name: 'a valid token with no role',
    status: 403,
    header: (fx) => `Bearer ${jwt.sign({ sub: fx.t.admin.id, exp: inAnHour() }, fx.t.config.jwtSecret, { algorithm: 'HS256' })}`,
  },
];
