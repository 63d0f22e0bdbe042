import { randomUUID } from 'node:crypto';
import { messages } from '@ani/contract/messages';
import { turkishFold } from '@ani/contract/text';
import type { AccountLinkResult, PublicUser } from '@ani/contract/users';
import type { AuthUser, SessionLookup } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import { createRateLimiter, type RateLimitStore } from '../../http/rate-limit.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createEmailTokens } from './email-tokens.ts';
import { accountPair, type LoginGuard } from './login-guard.ts';
import type { MailBudgets, MailLimits } from './mail-budgets.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { uniqueViolation, type UserRow, type UsersRepository } from './users.repository.ts';
import {
  accountExistsMail,
  activationMail,
  bestEffortSender,
  emailChangeMail,
  emailChangeNoticeMail,
  passwordResetMail,
} from './users.mail.ts';
import { hashToken, newToken } from './users.tokens.ts';

const a = messages.auth;
const HOUR = 60 * 60 * 1000;
const ACTIVATION_TTL = 24 * HOUR;
const RESET_TTL = HOUR;
const EMAIL_CHANGE_TTL = 24 * HOUR;
const EMAIL_CHANGE_CANCEL_TTL = 7 * 24 * HOUR;

// A fixed hash lets unknown accounts cost the same time as known ones. Made by the first sign-in,
// before its account is looked up, so that one too costs the same whether the account exists.
let dummyHashMade: Promise<string> | undefined;
const dummyHash = () => (dummyHashMade ??= hashPassword('timing-equaliser-Password1'));

export type RegisterData = { username: string; email: string; password: string; phoneNumber: string };
export type ProfilePatch = {
  username?: string;
  email?: string;
  phoneNumber?: string;
  currentPassword?: string;
  newPassword?: string;
};

/**
 * Sign-in and mail budgets. Mail limits count per client address, per target address and per
 * account, so neither one address nor one account can turn our mail into a flood.
 */
export type AuthLimits = MailLimits & {
  loginPerIp: number;
  /** Consecutive wrong passwords of one (account, address) pair before each try must wait. */
  loginFreeFailures: number;
  registerPerIp: number;
};
export const defaultAuthLimits: AuthLimits = {
  loginPerIp: 30,
  loginFreeFailures: 5,
  registerPerIp: 10,
  mailPerIp: 10,
  mailPerTarget: 5,
  mailPerUser: 5,
};

/** Account mails sent by the job runner, so a request costs the same whether an address is known or not. */
export type AccountMailJob = { template: 'activation' | 'password-reset' | 'account-exists'; email: string };

export function createUsersService(deps: {
  repository: UsersRepository;
  mailer: Mailer;
  publicUrl: string;
  sessionTtlMs: number;
  logger: Logger;
  rateLimitStore: RateLimitStore;
  limits: AuthLimits;
  mailBudgets: MailBudgets;
  /** Shared with every other password check of the app (see login-guard.ts). */
  loginGuard: LoginGuard;
  /** Hands an account mail to the job runner (see AccountMailJob). */
  queueMail: (job: AccountMailJob) => Promise<void>;
}) {
  const { repository, mailer, publicUrl, sessionTtlMs, logger, limits } = deps;
  const { mailBudgets, loginGuard } = deps;
  const store = deps.rateLimitStore;
  const registerPerIp = createRateLimiter({
    name: 'register-ip',
    limit: limits.registerPerIp,
    windowMs: HOUR,
    store,
  });
  const sendMail = bestEffortSender(mailer, logger);
  const { issueEmailToken, useEmailToken } = createEmailTokens(repository);

  const startSession = async (userId: string) => {
    const token = newToken();
    await repository.insertSession({
      id: randomUUID(),
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + sessionTtlMs),
    });
    return token;
  };

  const conflictFor = (which: 'email' | 'username') =>
    new AppError(ErrorCode.CONFLICT, which === 'email' ? a.emailTaken : a.usernameTaken);

  const toPublic = async (user: UserRow): Promise<PublicUser> => ({
    userId: user.id,
    username: user.username,
    email: user.email,
    phoneNumber: user.phoneNumber,
    pendingEmail: await repository.findPendingEmail(user.id),
    deletionScheduledAt: user.deletionScheduledAt?.toISOString() ?? null,
  });

  return {
    async register(input: RegisterData, ip: string) {
      await registerPerIp.consume(ip);
      const usernameKey = turkishFold(input.username);
      // A taken name sends no mail, so it takes nothing from the address's mail budget: common
      // names collide often, and the person then tries another name with the same address.
      if (await repository.findByUsernameKey(usernameKey)) throw conflictFor('username');
      await mailBudgets.take({ target: input.email });
      const passwordHash = await hashPassword(input.password);
      // A taken address gets the same answer as a new one, so registering cannot probe for accounts;
      // the address's owner is told by mail instead. The token is random and opens nothing.
      const taken = async () => {
        await deps.queueMail({ template: 'account-exists', email: input.email });
        return { token: newToken(), userId: randomUUID(), username: input.username, email: input.email };
      };
      if (await repository.findByEmail(input.email)) return taken();
      let user: UserRow;
      try {
        user = await repository.insertUser({
          id: randomUUID(),
          username: input.username,
          usernameKey,
          email: input.email,
          phoneNumber: input.phoneNumber,
          passwordHash,
        });
      } catch (error) {
        const which = uniqueViolation(error);
        if (which === 'email') return taken();
        if (which) throw conflictFor(which);
        throw error;
      }
      await deps.queueMail({ template: 'activation', email: user.email });
      const token = await startSession(user.id);
      return { token, userId: user.id, username: user.username, email: user.email };
    },

    async login(identifier: string, password: string, ip: string) {
      await loginGuard.countTry(ip);
      const unknownAccountHash = await dummyHash();
      const identifierKey = identifier.includes('@')
        ? identifier.trim().toLowerCase()
        : turkishFold(identifier);
      const user = identifier.includes('@')
        ? await repository.findByEmail(identifierKey)
        : await repository.findByUsernameKey(identifierKey);
      // One pair per account and client address, whichever name the account is tried by.
      const pair = user ? accountPair(user.id, ip) : `unknown:${identifierKey}|${ip}`;
      await loginGuard.check(pair);
      const valid = await verifyPassword(user?.passwordHash ?? unknownAccountHash, password);
      if (!user || !valid) {
        await loginGuard.failed(pair);
        throw new AppError(ErrorCode.UNAUTHORIZED, a.wrongCredentials);
      }
      await loginGuard.succeeded(pair, ip);
      if (!user.activatedAt) throw new AppError(ErrorCode.NOT_ACTIVATED, a.notActivated);
      const token = await startSession(user.id);
      return { token, userId: user.id, username: user.username, email: user.email };
    },

    async logout(actor: AuthUser) {
      await repository.revokeSession(actor.sessionId);
    },

    lookupSession: (async (token) => {
      const found = await repository.findLiveSession(hashToken(token));
      if (!found) return null;
      const { activatedAt, ...user } = found;
      return { ...user, activated: activatedAt !== null };
    }) satisfies SessionLookup,

    async activate(token: string): Promise<AccountLinkResult> {
      const used = await useEmailToken(token, 'activation');
      if (used.result === 'invalid') return 'invalid';
      const user = await repository.findById(used.row.userId);
      if (!user) return 'invalid';
      if (user.activatedAt) return 'already-active';
      if (used.result !== 'ok') return used.result === 'expired' ? 'expired' : 'invalid';
      await repository.updateUser(user.id, { activatedAt: new Date() });
      return 'activated';
    },

    async resendActivation(email: string, ip: string) {
      await mailBudgets.take({ ip, target: email });
      await deps.queueMail({ template: 'activation', email });
    },

    /** Known and unknown addresses take the same path here; the job finds out which it is. */
    async requestPasswordReset(email: string, ip: string) {
      await mailBudgets.take({ ip, target: email });
      await deps.queueMail({ template: 'password-reset', email });
    },

    /** The job behind the three mails above; a retry issues a fresh link (only hashes are stored). */
    async sendAccountMail(job: AccountMailJob) {
      const user = await repository.findByEmail(job.email);
      if (!user) return;
      if (job.template === 'account-exists') {
        await mailer.send(accountExistsMail(user.email, `${publicUrl}/`));
      } else if (job.template === 'activation') {
        if (user.activatedAt) return;
        const token = await issueEmailToken(user, 'activation', ACTIVATION_TTL);
        await mailer.send(activationMail(user.email, `${publicUrl}/api/users/activate?token=${token}`));
      } else {
        const token = await issueEmailToken(user, 'password_reset', RESET_TTL);
        await mailer.send(passwordResetMail(user.email, `${publicUrl}/reset-password?token=${token}`));
      }
    },

    async resetPassword(token: string, password: string) {
      const used = await useEmailToken(token, 'password_reset');
      if (used.result !== 'ok') throw new AppError(ErrorCode.VALIDATION, a.tokenInvalid);
      const user = await repository.findById(used.row.userId);
      if (!user) throw new AppError(ErrorCode.VALIDATION, a.tokenInvalid);
      // Whoever reset the password proved they own the mailbox: that also activates the account.
      await repository.replacePassword(user.id, {
        passwordHash: await hashPassword(password),
        activatedAt: user.activatedAt ?? new Date(),
      });
    },

    async confirmEmailChange(token: string): Promise<AccountLinkResult> {
      const used = await useEmailToken(token, 'email_change');
      if (used.result !== 'ok' || !used.row.newEmail) return 'profile-link-invalid';
      try {
        await repository.updateUser(used.row.userId, { email: used.row.newEmail });
      } catch (error) {
        if (uniqueViolation(error)) return 'profile-link-invalid';
        throw error;
      }
      return 'email-changed';
    },

    /**
     * The old address's way back: withdraws a pending change, restores the old address if the change
     * was already confirmed, and ends every session, since whoever asked for it may hold one.
     */
    async cancelEmailChange(token: string): Promise<AccountLinkResult> {
      const used = await useEmailToken(token, 'email_change_cancel');
      if (used.result !== 'ok' || !used.row.newEmail) return 'profile-link-invalid';
      const user = await repository.findById(used.row.userId);
      if (!user) return 'profile-link-invalid';
      await repository.withdrawEmailChanges(user.id);
      if (user.email !== used.row.newEmail) {
        try {
          await repository.updateUser(user.id, { email: used.row.newEmail });
        } catch (error) {
          // The old address was taken by another account meanwhile: the sessions still end below.
          if (!uniqueViolation(error)) throw error;
        }
      }
      await repository.revokeSessions(user.id);
      return 'email-change-cancelled';
    },

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
      if (pendingEmail) {
        const token = await issueEmailToken(user, 'email_change', EMAIL_CHANGE_TTL, pendingEmail);
        // The cancel link carries the address to restore; it outlives the change itself.
        const cancel = await issueEmailToken(
          user,
          'email_change_cancel',
          EMAIL_CHANGE_CANCEL_TTL,
          user.email,
        );
        await repository.revokeSessions(user.id, actor.sessionId);
        await sendMail(emailChangeMail(pendingEmail, `${publicUrl}/api/users/email/confirm?token=${token}`));
        await sendMail(
          emailChangeNoticeMail(user.email, `${publicUrl}/api/users/email/cancel?token=${cancel}`),
        );
      }
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

export type UsersService = ReturnType<typeof createUsersService>;
