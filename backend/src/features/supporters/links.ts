// The mailed link to /my and the session it opens. Only hashes of the tokens are kept (the link's
// token lives in the mail's fragment, the session's in the browser); a link works once, decided
// by the claim of its use (an insert into a unique index), not by a read of the link.
import { createHash, randomBytes } from 'node:crypto';
import type { Services } from '../../services.js';
import { newSeed, seededMailToken, seededToken } from '../mail/send-time-tokens.js';
import type { MyLink, MySession } from './model.js';

export const myLinkMinutes = 30;
export const mySessionMinutes = 60;

export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** A supporter is an e-mail address: trimmed and lower-cased, it finds everything of theirs. */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();

/** The page that opens a link; the token rides in the fragment, which no server or log sees. */
export const myLinkUrl = (publicUrl: string, lang: 'en' | 'hi', token: string) => `${publicUrl}${lang === 'hi' ? '/hi' : ''}/my#token=${token}`;

/**
 * A new link for `email`. Its token is made from a seed (mail/send-time-tokens.ts): the mail
 * carries `mailToken` and a URL with its placeholder, so the outbox keeps the seed, never the token.
 */
export async function issueMyLink({ db, config }: Pick<Services, 'db' | 'config'>, email: string, now = new Date()) {
  const seed = newSeed();
  const token = seededToken(config.jwtSecret, myLinkPurpose, seed);
  const expiresAt = new Date(now.getTime() + myLinkMinutes * 60_000);
  await db.models.MyLink.create({ _id: hashOf(token), email, expiresAt });
  await db.models.MyLink.deleteMany({ expiresAt: { $lte: now } });
  return { token, id: hashOf(token), mailToken: { link: seededMailToken(myLinkPurpose, seed) } };
}
const myLinkPurpose = 'my-link';

/** Uses a link: the e-mail it was for, once; null when it expired, was used or never was. */
export async function useMyLink({ db, claims }: Services, token: string, now = new Date()): Promise<string | null> {
  const id = hashOf(token);
  const link = await db.models.MyLink.findById(id).lean<MyLink>();
  if (!link || link.expiresAt <= now) return null;
  // Of two requests with one link, the one whose claim is inserted first opens the page.
  if (!(await claims.take(`my-link/${id}`, { holdMs: 0 }))) return null;
  await db.models.MyLink.deleteOne({ _id: id });
  return link.email;
}

/** A session of /my for `email`, for an hour. */
export async function openMySession({ db }: Services, email: string, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + mySessionMinutes * 60_000);
  await db.models.MySession.create({ _id: hashOf(token), email, expiresAt });
  await db.models.MySession.deleteMany({ expiresAt: { $lte: now } });
  return { token, expiresAt };
}

/** The session a token names while it lasts. */
export async function mySessionOf({ db }: Services, token: string, now = new Date()): Promise<MySession | null> {
  const session = await db.models.MySession.findById(hashOf(token)).lean<MySession>();
  return session && session.expiresAt > now ? session : null;
}
