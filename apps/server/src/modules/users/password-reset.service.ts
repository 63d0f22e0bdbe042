import { messages } from '@ani/contract/messages';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { QueueAccountMail } from './account-mail.service.ts';
import { createEmailTokens } from './email-tokens.ts';
import type { MailBudgets } from './mail-budgets.ts';
import { hashPassword } from './passwords.ts';
import type { UsersRepository } from './users.repository.ts';

const a = messages.auth;

/** "Şifremi unuttum": a reset link by e-mail, then a new password through it. */
export function createPasswordResetService(deps: {
  repository: UsersRepository;
  mailBudgets: MailBudgets;
  queueMail: QueueAccountMail;
}) {
  const { repository, mailBudgets, queueMail } = deps;
  const { useEmailToken } = createEmailTokens(repository);

  return {
    /** Known and unknown addresses take the same path here; the job finds out which it is. */
    async requestPasswordReset(email: string, ip: string) {
      await mailBudgets.take({ ip, target: email });
      await queueMail({ template: 'password-reset', email });
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
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
