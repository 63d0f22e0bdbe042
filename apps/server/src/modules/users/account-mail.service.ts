import type { Mailer } from '../../mail/mailer.ts';
import { createEmailTokens } from './email-tokens.ts';
import type { UsersRepository } from './users.repository.ts';
import { accountExistsMail, activationMail, passwordResetMail } from './users.mail.ts';

const HOUR = 60 * 60 * 1000;
const ACTIVATION_TTL = 24 * HOUR;
const RESET_TTL = HOUR;

/** Account mails sent by the job runner, so a request costs the same whether an address is known or not. */
export type AccountMailJob = { template: 'activation' | 'password-reset' | 'account-exists'; email: string };

/** Hands an account mail to the job runner (see AccountMailJob). */
export type QueueAccountMail = (job: AccountMailJob) => Promise<void>;

/**
 * The job behind the activation, password-reset and account-exists mails. Only the job looks the
 * address up, so the request that queued it cannot tell a known address from an unknown one.
 */
export function createAccountMailService(deps: {
  repository: UsersRepository;
  mailer: Mailer;
  publicUrl: string;
}) {
  const { repository, mailer, publicUrl } = deps;
  const { issueEmailToken } = createEmailTokens(repository);

  return {
    /** A retry issues a fresh link: only the links' hashes are stored. */
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
  };
}
