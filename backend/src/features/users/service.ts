import type { Model } from 'mongoose';
import { ClaimBusy, type Claims } from '../../invariants/claims.js';
import { HttpError, badRequest } from '../../http/errors.js';
import type { AdminUser, Role } from '../auth/model.js';
import { hashPassword } from '../auth/service.js';
import { userMessages } from './messages.js';

type Account = AdminUser & { _id: { toHexString(): string } };

/** An account as the API shows it (never its password hash). */
export const userView = (user: Account) => ({
  id: user._id.toHexString(),
  name: user.name ?? 'Admin',
  email: user.email,
  role: user.role,
  created_at: user.createdAt.toISOString(),
  last_login_at: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
  invited: user.invited === true,
});

export const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** A new password may not be the account's e-mail (the length is checked by the contract). */
export function checkNewPassword(email: string, password: string, field: string) {
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) throw fieldError(field, userMessages.passwordIsEmail);
}

export async function findAccount(users: Model<AdminUser>, id: string): Promise<Account> {
  const user = await users.findById(id).lean<Account>();
  if (!user) throw new HttpError(404, userMessages.notFound);
  return user;
}

/** True when the change takes the admin role away from `account` (a new role, or none: removed). */
const takesAdminAway = (account: Account, newRole: Role | undefined) => account.role === 'admin' && newRole !== 'admin';

/**
 * Makes a change to `id` (a new role, or none: its removal) unless it would take away the last
 * admin. Changes that take an admin away run one at a time across instances, each counting the
 * admins as the ones before it left them: two admins demoting each other at once keep one.
 */
export async function keepOneAdmin<T>(users: Model<AdminUser>, claims: Claims, id: string, newRole: Role | undefined, change: () => Promise<T>): Promise<T> {
  if (!takesAdminAway(await findAccount(users, id), newRole)) return change();
  const counted = async () => {
    // Read again in the turn: another change may have made it an editor meanwhile.
    if (takesAdminAway(await findAccount(users, id), newRole) && (await users.countDocuments({ role: 'admin' })) <= 1) {
      throw new HttpError(409, userMessages.lastAdmin);
    }
    return change();
  };
  try {
    return await claims.serially('accounts/admins', counted);
  } catch (error) {
    if (error instanceof ClaimBusy) throw new HttpError(409, userMessages.adminsBusy, { headers: { 'Retry-After': '1' } });
    throw error;
  }
}

/** The update that sets a password and ends the account's sessions (every instance checks the version). */
export const newPasswordUpdate = async (password: string) => ({
  // A password set for an invited account ends its invitation.
  $set: { passwordHash: await hashPassword(password), invited: false },
  $inc: { tokenVersion: 1 },
});
