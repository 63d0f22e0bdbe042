import { messages } from '@ani/contract/messages';
import { turkishFold } from '@ani/contract/text';
import type { PublicUser } from '@ani/contract/users';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import { conflictFor } from './conflicts.ts';
import type { EmailChangeService } from './email-change.service.ts';
import type { LoginGuard } from './login-guard.ts';
import type { MailBudgets } from './mail-budgets.ts';
import { hashPassword } from './passwords.ts';
import { uniqueViolation, type UserRow, type UsersRepository } from './users.repository.ts';

const a = messages.auth;

export type ProfilePatch = {
  username?: string;
  email?: string;
  phoneNumber?: string;
  currentPassword?: string;
  newPassword?: string;
};

/** The signed-in account's own data: shown, and changed (an e-mail change only once confirmed). */
export function createProfileService(deps: {
  repository: UsersRepository;
  mailBudgets: MailBudgets;
  /** The sign-in's slow-down, which the current-password check shares. */
  loginGuard: LoginGuard;
  startEmailChange: EmailChangeService['startEmailChange'];
}) {
  const { repository, mailBudgets, loginGuard, startEmailChange } = deps;

  const toPublic = async (user: UserRow): Promise<PublicUser> => ({
    userId: user.id,
    username: user.username,
    email: user.email,
    phoneNumber: user.phoneNumber,
    pendingEmail: await repository.findPendingEmail(user.id),
    deletionScheduledAt: user.deletionScheduledAt?.toISOString() ?? null,
  });

  return {
    async me(actor: AuthUser): Promise<PublicUser> {
      const user = await repository.findById(actor.id);
      if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, a.loginRequired);
      return toPublic(user);
    },

    async updateProfile(actor: AuthUser, userId: string, patch: ProfilePatch, ip: string) {
      // Another user's id gets 403 whether or not it exists: ids reveal nothing.
      if (actor.id !== userId) throw new AppError(ErrorCode.FORBIDDEN, a.forbidden);
      const user = await repository.findById(userId);
      if (!user) throw new AppError(ErrorCode.NOT_FOUND, a.userNotFound);
      const changes: Partial<UserRow> = {};
      let pendingEmail: string | null = null;
      // A change of password and e-mail in one request checks the current password once: argon2 is
      // deliberately slow, and a second verify would only double the cost of a wrong guess for us.
      // Checked under the sign-in's slow-down: whoever holds a stolen session must not be able to
      // guess the password here faster than on the sign-in page (and then change the address).
      let passwordMatch: Promise<boolean> | undefined;
      const currentPasswordMatches = () =>
        (passwordMatch ??= patch.currentPassword
          ? loginGuard.verifyAccountPassword(user, patch.currentPassword, ip)
          : Promise.resolve(false));

      if (patch.newPassword) {
        if (!(await currentPasswordMatches())) {
          throw new AppError(ErrorCode.VALIDATION, a.currentPasswordWrong);
        }
        if (patch.newPassword === patch.currentPassword)
          throw new AppError(ErrorCode.VALIDATION, a.passwordUnchanged);
        changes.passwordHash = await hashPassword(patch.newPassword);
      }
      if (patch.username && patch.username !== user.username) {
        const key = turkishFold(patch.username);
        const owner = await repository.findByUsernameKey(key);
        if (owner && owner.id !== user.id) throw conflictFor('username');
        changes.username = patch.username;
        changes.usernameKey = key;
      }
      if (patch.phoneNumber) changes.phoneNumber = patch.phoneNumber;
      if (patch.email && patch.email !== user.email) {
        if (!(await currentPasswordMatches())) {
          throw new AppError(
            ErrorCode.VALIDATION,
            patch.currentPassword ? a.currentPasswordWrong : a.currentPasswordForEmail,
          );
        }
        await mailBudgets.take({ user: user.id, target: patch.email });
        if (await repository.findByEmail(patch.email)) throw conflictFor('email');
        pendingEmail = patch.email;
      }
      if (Object.keys(changes).length === 0 && !pendingEmail) {
        throw new AppError(ErrorCode.VALIDATION, a.nothingToUpdate);
      }

      let updated = user;
      if (Object.keys(changes).length > 0) {
        try {
          updated = changes.passwordHash
            ? await repository.replacePassword(user.id, changes, actor.sessionId)
            : await repository.updateUser(user.id, changes);
        } catch (error) {
          const which = uniqueViolation(error);
          if (which) throw conflictFor(which);
          throw error;
        }
      }
      if (pendingEmail) await startEmailChange(user, pendingEmail, actor.sessionId);
      return {
        message: pendingEmail
          ? a.emailChangePending
          : patch.newPassword && !patch.username && !patch.email && !patch.phoneNumber
            ? a.passwordUpdated
            : a.profileUpdated,
        user: await toPublic(updated),
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
