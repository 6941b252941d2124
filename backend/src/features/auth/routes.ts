import { HttpError } from '../../http/errors.js';
import { signToken } from '../../http/auth.js';
import { reply, requestInput, type Handlers, type Services } from '../../services.js';
import { authFeatureMessages } from './messages.js';
import { LoginRateLimit } from './rate-limit.js';
import { checkCredentials } from './service.js';

export function authHandlers({ config, db }: Services): Handlers {
  const rateLimit = new LoginRateLimit(db.models.LoginAttempt, config.loginMaxAttempts, config.loginWindowSeconds);
  return {
    async login(ctx) {
      const { email, password } = requestInput(ctx).body;
      const key = `${ctx.ip}|${email.toLowerCase()}`;
      const retryAfter = await rateLimit.retryAfterSeconds(key);
      if (retryAfter > 0) {
        throw new HttpError(429, authFeatureMessages.tooManyAttempts(Math.ceil(retryAfter / 60)), {
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
      const user = await checkCredentials(db.models.AdminUser, email, password);
      if (!user) {
        await rateLimit.recordFailure(key);
        throw new HttpError(401, authFeatureMessages.invalidCredentials);
      }
      await rateLimit.clear(key);
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
  };
}
