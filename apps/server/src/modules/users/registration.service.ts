import { randomUUID } from 'node:crypto';
import { turkishFold } from '@ani/contract/text';
import type { AccountLinkResult } from '@ani/contract/users';
import { createRateLimiter, type RateLimitStore } from '../../http/rate-limit.ts';
import type { QueueAccountMail } from './account-mail.service.ts';
import { conflictFor } from './conflicts.ts';
import { createEmailTokens } from './email-tokens.ts';
import type { MailBudgets } from './mail-budgets.ts';
import { hashPassword } from './passwords.ts';
import { uniqueViolation, type UserRow, type UsersRepository } from './users.repository.ts';
import { newToken } from './users.tokens.ts';

const HOUR = 60 * 60 * 1000;

export type RegisterData = { username: string; email: string; password: string; phoneNumber: string };

/** New accounts: the sign-up, its activation link, and that link sent again. */
export function createRegistrationService(deps: {
  repository: UsersRepository;
  rateLimitStore: RateLimitStore;
  /** Sign-ups per client address per hour. */
  registerPerIp: number;
  mailBudgets: MailBudgets;
  /** Opens the new account's first session and returns its token. */
  startSession: (userId: string) => Promise<string>;
  queueMail: QueueAccountMail;
}) {
  const { repository, mailBudgets, startSession, queueMail } = deps;
  const registerPerIp = createRateLimiter({
    name: 'register-ip',
    limit: deps.registerPerIp,
    windowMs: HOUR,
    store: deps.rateLimitStore,
  });
  const { useEmailToken } = createEmailTokens(repository);

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
        await queueMail({ template: 'account-exists', email: input.email });
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
      await queueMail({ template: 'activation', email: user.email });
      const token = await startSession(user.id);
      return { token, userId: user.id, username: user.username, email: user.email };
    },

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

    /** Known and unknown addresses take the same path here; the job finds out which it is. */
    async resendActivation(email: string, ip: string) {
      await mailBudgets.take({ ip, target: email });
      await queueMail({ template: 'activation', email });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
