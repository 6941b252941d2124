import { HttpError } from '../../http/errors.js';
import { signToken } from '../../session-token.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import { reply, requestInput, type Context, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { checkCredentials, hashPassword } from '../auth/service.js';
import { userMessages } from './messages.js';
import { checkNewPassword, fieldError, findAccount, keepOneAdmin, newPasswordUpdate, userView } from './service.js';

const signedIn = (ctx: Context) => ctx.state.user!;

export function userHandlers({ config, db, claims }: Services): Handlers {
  const users = db.models.AdminUser;
  return {
    async listUsers(ctx) {
      const all = await users.find({}, { passwordHash: 0 }).sort({ createdAt: 1, _id: 1 }).lean();
      reply(ctx, 200, { success: true, data: all.map(userView) });
    },

    async addUser(ctx) {
      const { name, email, role, password } = requestInput(ctx).body;
      checkNewPassword(email, password, 'password');
      const normalised = email.toLowerCase();
      // With an Idempotency-Key the id is derived from it: an account added by a first attempt
      // whose answer was lost is answered as it is, not refused as a taken e-mail.
      const _id = newDocumentId(ctx.state);
      const saved = await users.findById(_id, { passwordHash: 0 }).lean();
      if (saved) return reply(ctx, 200, { success: true, message: userMessages.added, data: userView(saved) });
      if (await users.exists({ email: normalised })) throw new HttpError(409, userMessages.emailTaken);
      try {
        const created = await users.create({ _id, name, email: normalised, role, passwordHash: await hashPassword(password) });
        reply(ctx, 200, { success: true, message: userMessages.added, data: userView(created.toObject()) });
      } catch (error) {
        // Another request added the same e-mail between the check and the insert.
        if ((error as { code?: number }).code === 11000) throw new HttpError(409, userMessages.emailTaken);
        throw error;
      }
    },

    async updateUser(ctx) {
      const { id, name, role, password } = requestInput(ctx).body;
      const account = await findAccount(users, id);
      const newRole = role && role !== account.role ? role : undefined;
      if (newRole && id === signedIn(ctx).sub) throw new HttpError(409, userMessages.ownRole);
      if (password !== undefined) checkNewPassword(account.email, password, 'password');
      const update = password !== undefined ? await newPasswordUpdate(password) : { $set: {}, $inc: { tokenVersion: 0 } };
      if (name !== undefined) Object.assign(update.$set, { name });
      if (newRole) {
        Object.assign(update.$set, { role: newRole });
        update.$inc.tokenVersion = 1;
      }
      const write = () => users.findOneAndUpdate({ _id: id }, update, { new: true }).lean();
      const saved = newRole ? await keepOneAdmin(users, claims, id, newRole, write) : await write();
      if (!saved) throw new HttpError(404, userMessages.notFound);
      reply(ctx, 200, { success: true, message: userMessages.updated, data: userView(saved) });
    },

    async deleteUser(ctx) {
      const { id } = requestInput(ctx).body;
      await findAccount(users, id);
      if (id === signedIn(ctx).sub) throw new HttpError(409, userMessages.ownAccount);
      await keepOneAdmin(users, claims, id, undefined, () => users.deleteOne({ _id: id }));
      reply(ctx, 200, { success: true, message: userMessages.removed });
    },

    async changePassword(ctx) {
      const { current_password: current, new_password: next } = requestInput(ctx).body;
      const me = await findAccount(users, signedIn(ctx).sub);
      if (!(await checkCredentials(users, me.email, current))) {
        throw fieldError('current_password', userMessages.wrongCurrentPassword);
      }
      checkNewPassword(me.email, next, 'new_password');
      const saved = await users.findOneAndUpdate({ _id: me._id }, await newPasswordUpdate(next), { new: true }).lean();
      if (!saved) throw new HttpError(404, userMessages.notFound);
      // This session goes on with a new token; every other one is refused from now on.
      const token = signToken({ sub: me._id.toHexString(), role: saved.role, tv: saved.tokenVersion }, config.jwtSecret, config.jwtTtlSeconds);
      reply(ctx, 200, { success: true, message: userMessages.passwordChanged, token, expires_in: config.jwtTtlSeconds });
    },
  };
}
