import { createHash } from 'node:crypto';
import type { Model, Types } from 'mongoose';
import type { AdminUser } from '../auth/model.js';
import { newSeed, seededMailToken, seededToken, tokenPlaceholder } from '../mail/send-time-tokens.js';
import type { LinkPurpose, PasswordLink } from './model.js';

/** How long a link works: a reset for half an hour, an invitation for a week. */
export const linkLifetimeSeconds: Record<LinkPurpose, number> = { reset: 30 * 60, invitation: 7 * 24 * 60 * 60 };

/** The page that opens a link (it asks the server what the link is for); the token rides in the fragment, which is never sent to a server or logged. */
export const linkUrl = (publicUrl: string, token: string) => `${publicUrl}/login/new-password#token=${token}`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type Account = Pick<AdminUser, 'tokenVersion'> & { _id: Types.ObjectId };

/** Whose seeded tokens (send-time-tokens.ts) the password links are. */
const tokenPurpose = 'password-link';

/**
 * A new link for the account. The token is returned for the caller that hands it over itself;
 * a mail carries `mailToken` and the URL with `placeholderUrl`, and its token is made when it is sent.
 */
export async function issueLink(
  links: Model<PasswordLink>,
  account: Account,
  purpose: LinkPurpose,
  { secret, now = new Date() }: { secret: string; now?: Date },
) {
  const seed = newSeed();
  const token = seededToken(secret, tokenPurpose, seed);
  const expiresAt = new Date(now.getTime() + linkLifetimeSeconds[purpose] * 1000);
  await links.create({ _id: hashOf(token), user: account._id, purpose, tokenVersion: account.tokenVersion ?? 0, expiresAt });
  await links.deleteMany({ expiresAt: { $lte: now } });
  return {
    token,
    id: hashOf(token),
    expiresAt,
    mailToken: { link: seededMailToken(tokenPurpose, seed) },
    placeholderUrl: (publicUrl: string) => linkUrl(publicUrl, tokenPlaceholder('link')),
  };
}

/** The link of this token and its account, while the link works: not expired, and no password set since it was issued. */
export async function usableLink(links: Model<PasswordLink>, users: Model<AdminUser>, token: string, now = new Date()) {
  const link = await links.findById(hashOf(token)).lean<PasswordLink>();
  if (!link || link.expiresAt <= now) return null;
  const account = await users.findById(link.user).lean<AdminUser & { _id: Types.ObjectId }>();
  if (!account || (account.tokenVersion ?? 0) !== link.tokenVersion) return null;
  return { link, account };
}
