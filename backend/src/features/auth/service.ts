import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Model } from 'mongoose';
import type { SessionAccount } from '../../session-token.js';
import type { AdminUser } from './model.js';

// Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read.
const argon2Options = { algorithm: 2 as const };
export const minimumPasswordLength = 8;

export const hashPassword = (password: string) => hash(password, argon2Options);

// Verifying against this when the e-mail is unknown makes both failures take about as long.
let decoyHash: Promise<string> | undefined;
const getDecoyHash = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Ends one session on every instance: its token id is kept on the account until the token
 * expires. A token from before sessions had ids can only be ended with every session of its account.
 */
export async function endSession(users: Model<AdminUser>, { sub, jti, exp }: { sub: string; jti?: string; exp?: number }) {
  if (!jti || !exp) {
    await users.updateOne({ _id: sub }, { $inc: { tokenVersion: 1 } });
    return;
  }
  await users.updateOne({ _id: sub }, { $push: { endedSessions: { id: jti, until: new Date(exp * 1000) } } });
  await users.updateOne({ _id: sub }, { $pull: { endedSessions: { until: { $lte: new Date() } } } });
}

/** The admin with these credentials, or undefined (unknown e-mail and wrong password alike). */
export async function checkCredentials(users: Model<AdminUser>, email: string, password: string) {
  const user = await users.findOne({ email: email.trim().toLowerCase() }).lean();
  const matches = await verify(user?.passwordHash ?? (await getDecoyHash()), password).catch(() => false);
  return user && matches ? user : undefined;
}

/** The role and token version of a token's subject, or undefined when it is no account (ids are 24 hex characters). */
export async function sessionAccount(users: Model<AdminUser>, id: string): Promise<SessionAccount | undefined> {
  if (!/^[0-9a-f]{24}$/i.test(id)) return undefined;
  const account = await users.findById(id, { role: 1, tokenVersion: 1, endedSessions: 1 }).lean();
  return account
    ? { role: account.role, tokenVersion: account.tokenVersion ?? 0, endedSessions: (account.endedSessions ?? []).map((ended) => ended.id) }
    : undefined;
}

export class AdminAccountError extends Error {}

function checkNewAccount(email: string, password: string) {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) throw new AdminAccountError(`"${email}" is not an e-mail address`);
  if (password.length < minimumPasswordLength) {
    throw new AdminAccountError(`The password must be at least ${minimumPasswordLength} characters long`);
  }
}

/** Creates an admin; never touches an existing account. Returns false when the e-mail is taken. */
export async function createAdmin(users: Model<AdminUser>, email: string, password: string): Promise<boolean> {
  checkNewAccount(email, password);
  const normalised = email.trim().toLowerCase();
  if (await users.exists({ email: normalised })) return false;
  try {
    await users.create({ email: normalised, passwordHash: await hashPassword(password), role: 'admin' });
    return true;
  } catch (error) {
    // Another instance created it between the check and the insert.
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}

export type FirstAdminOutcome = { kind: 'created'; email: string; generatedPassword?: string } | { kind: 'exists'; email: string } | { kind: 'none' };

/**
 * The first admin at start-up: ADMIN_EMAIL/ADMIN_PASSWORD when given (created once, never
 * overwritten); on the embedded database with no admin at all, admin@example.org with a random
 * password that is printed once.
 */
export async function ensureFirstAdmin(
  users: Model<AdminUser>,
  options: { email?: string; password?: string; embeddedDatabase: boolean },
): Promise<FirstAdminOutcome> {
  if (options.email && options.password) {
    const created = await createAdmin(users, options.email, options.password);
    return { kind: created ? 'created' : 'exists', email: options.email.trim().toLowerCase() };
  }
  if (!options.embeddedDatabase || (await users.countDocuments()) > 0) return { kind: 'none' };
  const email = 'admin@example.org';
  const generatedPassword = randomBytes(12).toString('base64url');
  const created = await createAdmin(users, email, generatedPassword);
  return created ? { kind: 'created', email, generatedPassword } : { kind: 'exists', email };
}
