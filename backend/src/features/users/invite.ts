import { randomBytes } from 'node:crypto';
import { HttpError } from '../../http/errors.js';
import { newDocumentId } from '../../idempotency/middleware.js';
import { reply, requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { hashPassword } from '../auth/service.js';
import { invitationLetter } from '../mail/letters.js';
import { issueLink, linkLifetimeSeconds } from '../password-links/service.js';
import { userMessages } from './messages.js';
import { userView } from './service.js';

export const invitationMessages = {
  sent: (email: string) => `Invitation sent to ${email}`,
  waiting: (email: string) => `Invitation to ${email} queued: it goes out once mail is set up on the server`,
};

/** Adding an account by invitation: the person chooses their own password from a mailed link. */
export function inviteHandlers({ config, db, mail }: Services): Handlers {
  const { AdminUser: users, PasswordLink: links } = db.models;
  return {
    async inviteUser(ctx) {
      const { name, email, role } = requestInput(ctx).body;
      const normalised = email.toLowerCase();
      const existing = await users.findOne({ email: normalised }).lean();
      if (existing && !existing.invited) throw new HttpError(409, userMessages.emailTaken);
      // A new account cannot log in until its password is chosen: its hash is of random bytes nobody has.
      const account =
        (await users.findOneAndUpdate({ email: normalised, invited: true }, { $set: { name, role } }, { new: true }).lean()) ??
        (
          await users
            .create({
              _id: newDocumentId(ctx.state),
              name,
              email: normalised,
              role,
              invited: true,
              passwordHash: await hashPassword(randomBytes(32).toString('hex')),
            })
            .catch((error: unknown) => {
              // Another request took the address between the look and the insert.
              throw (error as { code?: number }).code === 11000 ? new HttpError(409, userMessages.emailTaken) : error;
            })
        ).toObject();
      const inviter = (await users.findById(ctx.state.user!.sub, { name: 1 }).lean())?.name ?? 'An admin';
      const { name: org } = await mail.sender();
      // A new invitation replaces the open one: only the latest mail's link works.
      await links.deleteMany({ user: account._id, purpose: 'invitation' });
      const link = await issueLink(links, account, 'invitation', { secret: config.jwtSecret });
      await mail.enqueue({
        key: `invitation:${link.id}`,
        kind: 'invitation',
        to: [account.email],
        sensitive: true,
        tokens: link.mailToken,
        letter: invitationLetter({
          name,
          inviter,
          role,
          org,
          url: link.placeholderUrl(config.publicUrl),
          days: linkLifetimeSeconds.invitation / 86400,
        }),
      });
      const message = mail.outbox.delivering ? invitationMessages.sent(account.email) : invitationMessages.waiting(account.email);
      reply(ctx, 200, { success: true, message, data: userView(account) });
    },
  };
}
