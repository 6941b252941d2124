import { HttpError } from '../../http/errors.js';
import { reply, requestInput, type Context, type Handlers } from '../../http/handlers.js';
import { AccountLock } from '../../limits/account-lock.js';
import { AttemptCounter } from '../../limits/counter.js';
import type { Services } from '../../services.js';
import { passwordResetLetter } from '../mail/letters.js';
import { checkNewPassword, newPasswordUpdate } from '../users/service.js';
import { issueLink, linkLifetimeSeconds, usableLink } from './service.js';

export const passwordLinkMessages = {
  resetRequested: 'If an account uses this address, a link to set a new password is on its way. It works once, within 30 minutes.',
  tooMany: (minutes: number) => `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  linkGone: 'This link has expired or was already used. Ask for a new one on the login page.',
  passwordSet: 'Your password is set. You can log in with it now.',
};

const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

/**
 * Every answer to "Forgot password?" takes at least this long, so its time does not tell whether
 * the address has an account (making and queueing a link takes a few database writes).
 */
const resetAnswerFloorMs = 300;

export function passwordLinkHandlers({ config, db, mail }: Services): Handlers {
  const { PasswordLink: links, AdminUser: users, LimitCount: counts } = db.models;
  // Per client address by the anonymous forms' protection (openapi.yaml); per e-mail address by
  // the login's limit here, so no one inbox is flooded with links from many addresses.
  const perAddressee = new AttemptCounter(counts, config.loginMaxAttempts, config.loginWindowSeconds);
  const accountLock = new AccountLock(db.models.AttemptSlot, config.loginAccountMaxFailures, config.loginLockSeconds);

  return {
    async requestPasswordReset(ctx) {
      const email = requestInput(ctx).body.email.toLowerCase();
      const key = `reset-email|${email}`;
      const retryAfter = await perAddressee.retryAfterSeconds(key);
      if (retryAfter > 0) {
        throw new HttpError(429, passwordLinkMessages.tooMany(Math.ceil(retryAfter / 60)), { headers: { 'Retry-After': String(retryAfter) } });
      }
      await perAddressee.record(key);
      const answerAt = performance.now() + resetAnswerFloorMs;
      const account = await users.findOne({ email }).lean();
      if (account) {
        const link = await issueLink(links, account, 'reset', { secret: config.jwtSecret });
        await mail.enqueue({
          key: `password-reset:${link.id}`,
          kind: 'password-reset',
          to: [account.email],
          sensitive: true,
          tokens: link.mailToken,
          letter: passwordResetLetter(account.name ?? 'Admin', link.placeholderUrl(config.publicUrl), linkLifetimeSeconds.reset / 60),
        });
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - performance.now())));
      noStore(ctx);
      reply(ctx, 200, { success: true, message: passwordLinkMessages.resetRequested });
    },

    async checkPasswordLink(ctx) {
      const usable = await usableLink(links, users, requestInput(ctx).body.token);
      if (!usable) throw new HttpError(404, passwordLinkMessages.linkGone);
      const { link, account } = usable;
      noStore(ctx);
      reply(ctx, 200, {
        success: true,
        data: { purpose: link.purpose, email: account.email, name: account.name ?? 'Admin', expires_at: link.expiresAt.toISOString() },
      });
    },

    async resetPassword(ctx) {
      const { token, new_password: password } = requestInput(ctx).body;
      const usable = await usableLink(links, users, token);
      if (!usable) throw new HttpError(404, passwordLinkMessages.linkGone);
      const { link, account } = usable;
      checkNewPassword(account.email, password, 'new_password');
      const update = await newPasswordUpdate(password);
      // Deleting the link is what uses it: of two requests with one link, one deletes it and
      // the other finds nothing. The new token version ends every session and every other link.
      if ((await links.deleteOne({ _id: link._id })).deletedCount !== 1) throw new HttpError(404, passwordLinkMessages.linkGone);
      await users.updateOne({ _id: account._id }, update);
      await links.deleteMany({ user: account._id });
      // Whoever holds the mailbox gets back in: an admin locked out by a spray of guesses too.
      await accountLock.clear(account.email);
      noStore(ctx);
      reply(ctx, 200, { success: true, message: passwordLinkMessages.passwordSet });
    },
  };
}
