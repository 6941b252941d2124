import { createHash, randomBytes } from 'node:crypto';
import type { Model, Types } from 'mongoose';
import type { AdminUser } from '../auth/model.js';
import type { LinkPurpose, PasswordLink } from './model.js';

/** How long a link works: a reset for half an hour, an invitation for a week. */
export const linkLifetimeSeconds: Record<LinkPurpose, number> = { reset: 30 * 60, invitation: 7 * 24 * 60 * 60 };

/** The page that opens a link (it asks the server what the link is for); the token rides in the fragment, which is never sent to a server or logged. */
export const linkUrl = (publicUrl: string, token: string) => `${publicUrl}/login/new-password#token=${token}`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type Account = Pick<AdminUser, 'tokenVersion'> & { _id: Types.ObjectId };

/** A new link for the account; the token is returned once, to be mailed. */
export async function issueLink(links: Model<PasswordLink>, account: Account, purpose: LinkPurpose, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + linkLifetimeSeconds[purpose] * 1000);
  await links.create({ _id: hashOf(token), user: account._id, purpose, tokenVersion: account.tokenVersion ?? 0, expiresAt });
  await links.deleteMany({ expiresAt: { $lte: now } });
  return { token, id: hashOf(token), expiresAt };
}

/** The link of this token and its account, while the link works: not expired, and no password set since it was issued. */
export async function usableLink(links: Model<PasswordLink>, users: Model<AdminUser>, token: string, now = new Date()) {
  const link = await links.findById(hashOf(token)).lean<PasswordLink>();
  if (!link || link.expiresAt <= now) return null;
  const account = await users.findById(link.user).lean<AdminUser & { _id: Types.ObjectId }>();
  if (!account || (account.tokenVersion ?? 0) !== link.tokenVersion) return null;
  return { link, account };
}
