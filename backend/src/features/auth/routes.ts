import { HttpError } from '../../http/errors.js';
import { signToken } from '../../session-token.js';
import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { AccountLock } from '../../limits/account-lock.js';
import { AttemptSlots } from '../../limits/attempt-slots.js';
import { authFeatureMessages } from './messages.js';
import { checkCredentials, endSession } from './service.js';

const tooMany = (message: (minutes: number) => string, seconds: number) =>
  new HttpError(429, message(Math.ceil(seconds / 60)), { headers: { 'Retry-After': String(seconds) } });

export function authHandlers({ config, db }: Services): Handlers {
  // Per address and e-mail (one visitor's typos), and per account from any address (a spray).
  // Each attempt is counted before its password is checked: N guesses at once are not N checks.
  const addressLimit = new AttemptSlots(db.models.AttemptSlot, {
    max: config.loginMaxAttempts,
    lockSeconds: config.loginWindowSeconds,
    doubling: false,
    memorySeconds: config.loginWindowSeconds,
  });
  const accountLock = new AccountLock(db.models.AttemptSlot, config.loginAccountMaxFailures, config.loginLockSeconds);
  return {
    async login(ctx) {
      const { email, password } = requestInput(ctx).body;
      const addressKey = `login|${ctx.ip}|${email.toLowerCase()}`;
      const byAddress = await addressLimit.reserve(addressKey);
      if (byAddress.kind === 'refused') throw tooMany(authFeatureMessages.tooManyAttempts, byAddress.retryAfterSeconds);
      const byAccount = await accountLock.reserve(email);
      if (byAccount.kind === 'refused') throw tooMany(authFeatureMessages.accountLocked, byAccount.retryAfterSeconds);
      // The attempts stay counted: a wrong password is a failure of both.
      const user = await checkCredentials(db.models.AdminUser, email, password);
      if (!user) throw new HttpError(401, authFeatureMessages.invalidCredentials);
      await Promise.all([addressLimit.clear(addressKey), accountLock.clear(email)]);
      await db.models.AdminUser.updateOne({ _id: user._id }, { $set: { lastLoginAt: new Date() } });
      const token = signToken({ sub: user._id.toHexString(), role: user.role, tv: user.tokenVersion ?? 0 }, config.jwtSecret, config.jwtTtlSeconds);
      reply(ctx, 200, {
        success: true,
        token,
        role: user.role,
        name: user.name ?? 'Admin',
        message: authFeatureMessages.loggedIn,
        expires_in: config.jwtTtlSeconds,
      });
    },
    async logout(ctx) {
      await endSession(db.models.AdminUser, ctx.state.user!);
      reply(ctx, 200, { success: true, message: authFeatureMessages.loggedOut });
    },
  };
}
