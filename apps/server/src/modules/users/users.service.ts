import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { turkishLongDate } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import { turkishFold } from '@ani/contract/text';
import type { AccountLinkResult, PublicUser } from '@ani/contract/users';
import type { AuthUser, SessionLookup } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import { createRateLimiter, type RateLimitStore } from '../../http/rate-limit.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { uniqueViolation, type UserRow, type UsersRepository } from './users.repository.ts';
import {
  accountDeletedMail,
  accountDeletionConfirmMail,
  accountDeletionScheduledMail,
  activationMail,
  emailChangeMail,
  passwordResetMail,
} from './users.mail.ts';
import { hashToken, newToken } from './users.tokens.ts';

const a = messages.auth;
const HOUR = 60 * 60 * 1000;
const ACTIVATION_TTL = 24 * HOUR;
const RESET_TTL = HOUR;
const EMAIL_CHANGE_TTL = 24 * HOUR;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const DELETION_CONFIRM_TTL = 24 * HOUR;
/** Between the confirmed "delete my account" and the deletion: time to change one's mind. */
export const accountDeletionGraceMs = 7 * 24 * HOUR;

// argon2id with the library's defaults (19 MiB, t=2): OWASP's recommended minimum.
// A fixed hash lets unknown accounts cost the same time as known ones.
const dummyHash = await hash('timing-equaliser-Password1');

export type RegisterData = { username: string; email: string; password: string; phoneNumber: string };
export type ProfilePatch = {
  username?: string;
  email?: string;
  phoneNumber?: string;
  currentPassword?: string;
  newPassword?: string;
};

export function createUsersService(deps: {
  repository: UsersRepository;
  mailer: Mailer;
  publicUrl: string;
  sessionTtlMs: number;
  logger: Logger;
  rateLimitStore: RateLimitStore;
  limits?: { loginPerIp: number; loginPerAccount: number; registerPerIp: number; mailPerIp: number };
  clock?: () => Date;
  /** Removes what other modules keep for the account (files first); its rows then go by cascade. */
  purgeOwnedData?: (userId: string) => Promise<void>;
}) {
  const { repository, mailer, publicUrl, sessionTtlMs, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const limits = deps.limits ?? { loginPerIp: 30, loginPerAccount: 10, registerPerIp: 10, mailPerIp: 10 };
  const store = deps.rateLimitStore;
  const HOUR_MS = 60 * 60 * 1000;
  const loginPerIp = createRateLimiter({ name: 'login-ip', limit: limits.loginPerIp, windowMs: FIFTEEN_MINUTES, store });
  const loginPerAccount = createRateLimiter({
    name: 'login-account',
    limit: limits.loginPerAccount,
    windowMs: FIFTEEN_MINUTES,
    store,
  });
  const registerPerIp = createRateLimiter({ name: 'register-ip', limit: limits.registerPerIp, windowMs: HOUR_MS, store });
  const mailPerIp = createRateLimiter({ name: 'mail-ip', limit: limits.mailPerIp, windowMs: HOUR_MS, store });
  // Requests that mail the host (deletion confirmation, data export): a few per account and hour.
  const accountMail = createRateLimiter({ name: 'account-mail', limit: 3, windowMs: HOUR_MS, store });

  // A failed e-mail must not fail the request that caused it: the user can ask again.
  const sendMail = async (message: MailMessage) => {
    try {
      await mailer.send(message);
    } catch (error) {
      logger.error({ err: error, to: message.to, subject: message.subject }, 'e-mail could not be sent');
    }
  };

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

  const issueEmailToken = async (
    user: UserRow,
    purpose: 'activation' | 'password_reset' | 'email_change' | 'account_deletion',
    ttl: number,
    newEmail?: string,
  ) => {
    const token = newToken();
    await repository.insertEmailToken({
      id: randomUUID(),
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      newEmail,
      expiresAt: new Date(Date.now() + ttl),
    });
    return token;
  };

  const sendActivation = async (user: UserRow) => {
    const token = await issueEmailToken(user, 'activation', ACTIVATION_TTL);
    await sendMail(activationMail(user.email, user.username, `${publicUrl}/api/users/activate?token=${token}`));
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

  /** Looks up a link token; the answer tells the landing page what to show. */
  const useEmailToken = async (
    token: string,
    purpose: 'activation' | 'password_reset' | 'email_change' | 'account_deletion',
  ) => {
    if (!token || token.length > 200) return { result: 'invalid' as const };
    const row = await repository.findEmailToken(hashToken(token), purpose);
    if (!row) return { result: 'invalid' as const };
    if (row.usedAt) return { result: 'used' as const, row };
    if (row.expiresAt.getTime() < Date.now()) return { result: 'expired' as const, row };
    if (!(await repository.claimEmailToken(row.id))) return { result: 'used' as const, row };
    return { result: 'ok' as const, row };
  };

  return {
    async register(input: RegisterData, ip: string) {
      await registerPerIp.consume(ip);
      const usernameKey = turkishFold(input.username);
      if (await repository.findByEmail(input.email)) throw conflictFor('email');
      if (await repository.findByUsernameKey(usernameKey)) throw conflictFor('username');
      let user: UserRow;
      try {
        user = await repository.insertUser({
          id: randomUUID(),
          username: input.username,
          usernameKey,
          email: input.email,
          phoneNumber: input.phoneNumber,
          passwordHash: await hash(input.password),
        });
      } catch (error) {
        const which = uniqueViolation(error);
        if (which) throw conflictFor(which);
        throw error;
      }
      await sendActivation(user);
      const token = await startSession(user.id);
      return { token, userId: user.id, username: user.username, email: user.email };
    },

    async login(identifier: string, password: string, ip: string) {
      await loginPerIp.consume(ip);
      const identifierKey = identifier.includes('@') ? identifier.trim().toLowerCase() : turkishFold(identifier);
      const user = identifier.includes('@')
        ? await repository.findByEmail(identifierKey)
        : await repository.findByUsernameKey(identifierKey);
      // One budget per account, whichever name it is tried by (e-mail or username).
      const accountKey = user ? `user:${user.id}` : `unknown:${identifierKey}`;
      await loginPerAccount.consume(accountKey);
      const valid = await verify(user?.passwordHash ?? dummyHash, password);
      if (!user || !valid) throw new AppError(ErrorCode.UNAUTHORIZED, a.wrongCredentials);
      if (!user.activatedAt) throw new AppError(ErrorCode.NOT_ACTIVATED, a.notActivated);
      await loginPerAccount.reset(accountKey);
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
      await mailPerIp.consume(ip);
      const user = await repository.findByEmail(email);
      if (user && !user.activatedAt) await sendActivation(user);
    },

    async requestPasswordReset(email: string, ip: string) {
      await mailPerIp.consume(ip);
      const user = await repository.findByEmail(email);
      if (!user) return;
      const token = await issueEmailToken(user, 'password_reset', RESET_TTL);
      await sendMail(passwordResetMail(user.email, user.username, `${publicUrl}/reset-password?token=${token}`));
    },

    async resetPassword(token: string, password: string) {
      const used = await useEmailToken(token, 'password_reset');
      if (used.result !== 'ok') throw new AppError(ErrorCode.VALIDATION, a.tokenInvalid);
      const user = await repository.findById(used.row.userId);
      if (!user) throw new AppError(ErrorCode.VALIDATION, a.tokenInvalid);
      // Whoever reset the password proved they own the mailbox: that also activates the account.
      await repository.replacePassword(user.id, { passwordHash: await hash(password), activatedAt: user.activatedAt ?? new Date() });
    },

    async confirmEmailChange(token: string): Promise<AccountLinkResult> {
      const used = await useEmailToken(token, 'email_change');
      if (used.result !== 'ok' || !used.row.newEmail) return used.result === 'expired' ? 'expired' : 'invalid';
      try {
        await repository.updateUser(used.row.userId, { email: used.row.newEmail });
      } catch (error) {
        if (uniqueViolation(error)) return 'invalid';
        throw error;
      }
      return 'email-changed';
    },

    /** "Hesabımı Sil", step 1: the password, then a confirmation link by e-mail. */
    async requestDeletion(actor: AuthUser, password: string, ip: string) {
      await mailPerIp.consume(ip);
      await accountMail.consume(`deletion:${actor.id}`);
      const user = await repository.findById(actor.id);
      if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, a.loginRequired);
      if (!(await verify(user.passwordHash, password))) throw new AppError(ErrorCode.VALIDATION, a.passwordWrong);
      const token = await issueEmailToken(user, 'account_deletion', DELETION_CONFIRM_TTL);
      await sendMail(accountDeletionConfirmMail(user.email, user.username, `${publicUrl}/api/users/deletion/confirm?token=${token}`));
    },

    /** Step 2, the e-mailed link: schedules the deletion after the grace period and ends every session. */
    async confirmDeletion(token: string): Promise<AccountLinkResult> {
      const used = await useEmailToken(token, 'account_deletion');
      if (used.result !== 'ok') return used.result === 'expired' ? 'expired' : 'invalid';
      const at = new Date(clock().getTime() + accountDeletionGraceMs);
      const user = await repository.scheduleDeletion(used.row.userId, at);
      if (user) {
        await sendMail(accountDeletionScheduledMail(user.email, user.username, turkishLongDate(at), `${publicUrl}/profile`));
      }
      return 'deletion-scheduled';
    },

    async cancelDeletion(actor: AuthUser) {
      if (!(await repository.cancelDeletion(actor.id))) throw new AppError(ErrorCode.CONFLICT, a.deletionNotScheduled);
    },

    /** The deletion job: only when still scheduled and due (a cancel in between wins). */
    async deleteAccountIfDue(userId: string) {
      const user = await repository.findById(userId);
      if (!user?.deletionScheduledAt || user.deletionScheduledAt.getTime() > clock().getTime()) return;
      await deps.purgeOwnedData?.(userId);
      await repository.deleteUser(userId);
      logger.info({ userId }, 'account deleted at its owner\'s request');
      await sendMail(accountDeletedMail(user.email, user.username));
    },

    async me(actor: AuthUser): Promise<PublicUser> {
      const user = await repository.findById(actor.id);
      if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, a.loginRequired);
      return toPublic(user);
    },

    async updateProfile(actor: AuthUser, userId: string, patch: ProfilePatch) {
      // Another user's id gets 403 whether or not it exists: ids reveal nothing.
      if (actor.id !== userId) throw new AppError(ErrorCode.FORBIDDEN, a.forbidden);
      const user = await repository.findById(userId);
      if (!user) throw new AppError(ErrorCode.NOT_FOUND, a.userNotFound);
      const changes: Partial<UserRow> = {};
      let pendingEmail: string | null = null;

      if (patch.newPassword) {
        if (!patch.currentPassword || !(await verify(user.passwordHash, patch.currentPassword))) {
          throw new AppError(ErrorCode.VALIDATION, a.currentPasswordWrong);
        }
        changes.passwordHash = await hash(patch.newPassword);
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
        await sendMail(
          emailChangeMail(pendingEmail, updated.username, `${publicUrl}/api/users/email/confirm?token=${token}`),
        );
      }
      return {
        message: pendingEmail ? a.emailChangePending : a.profileUpdated,
        user: await toPublic(updated),
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
