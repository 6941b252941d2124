import { HttpError } from '../../http/errors.js';
import { signToken } from '../../session-token.js';
import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { AccountLock } from '../../limits/account-lock.js';
import { AttemptCounter } from '../../limits/counter.js';
import { authFeatureMessages } from './messages.js';
import { checkCredentials, endSession } from './service.js';

const tooMany = (message: (minutes: number) => string, seconds: number) =>
  new HttpError(429, message(Math.ceil(seconds / 60)), { headers: { 'Retry-After': String(seconds) } });

export function authHandlers({ config, db }: Services): Handlers {
  // Per address and e-mail (one visitor's typos), and per account from any address (a spray).
  const addressLimit = new AttemptCounter(db.models.LimitCount, config.loginMaxAttempts, config.loginWindowSeconds);
  const accountLock = new AccountLock(db.models.LimitCount, config.loginAccountMaxFailures, config.loginLockSeconds);
  return {
    async login(ctx) {
      const { email, password } = requestInput(ctx).body;
      const addressKey = `login|${ctx.ip}|${email.toLowerCase()}`;
      const [locked, retryAfter] = await Promise.all([accountLock.lockedForSeconds(email), addressLimit.retryAfterSeconds(addressKey)]);
      if (locked > 0) throw tooMany(authFeatureMessages.accountLocked, locked);
      if (retryAfter > 0) throw tooMany(authFeatureMessages.tooManyAttempts, retryAfter);
      const user = await checkCredentials(db.models.AdminUser, email, password);
      if (!user) {
        await Promise.all([addressLimit.record(addressKey), accountLock.recordFailure(email)]);
        throw new HttpError(401, authFeatureMessages.invalidCredentials);
      }
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
