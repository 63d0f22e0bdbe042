import type { AccountLinkResult } from '@ani/contract/users';
import type { Logger } from '../../http/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createEmailTokens } from './email-tokens.ts';
import { uniqueViolation, type UserRow, type UsersRepository } from './users.repository.ts';
import { bestEffortSender, emailChangeMail, emailChangeNoticeMail } from './users.mail.ts';

const HOUR = 60 * 60 * 1000;
const EMAIL_CHANGE_TTL = 24 * HOUR;
const EMAIL_CHANGE_CANCEL_TTL = 7 * 24 * HOUR;

/**
 * A new e-mail address takes effect only through the link mailed to it, and the old address is
 * mailed a way back that outlives the change.
 */
export function createEmailChangeService(deps: {
  repository: UsersRepository;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
}) {
  const { repository, mailer, publicUrl, logger } = deps;
  const sendMail = bestEffortSender(mailer, logger);
  const { issueEmailToken, useEmailToken } = createEmailTokens(repository);

  return {
    /**
     * Mails the confirmation link to `newEmail` and the cancel link to the account's current address,
     * and ends every session of the account but `keepSessionId`. The caller has checked the password.
     */
    async startEmailChange(user: UserRow, newEmail: string, keepSessionId: string) {
      const token = await issueEmailToken(user, 'email_change', EMAIL_CHANGE_TTL, newEmail);
      // The cancel link carries the address to restore; it outlives the change itself.
      const cancel = await issueEmailToken(user, 'email_change_cancel', EMAIL_CHANGE_CANCEL_TTL, user.email);
      await repository.revokeSessions(user.id, keepSessionId);
      await sendMail(emailChangeMail(newEmail, `${publicUrl}/api/users/email/confirm?token=${token}`));
      await sendMail(
        emailChangeNoticeMail(user.email, `${publicUrl}/api/users/email/cancel?token=${cancel}`),
      );
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
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
