import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerAuth } from '../../http/auth.ts';
import type { AppJobRunner } from '../../jobs/jobs.ts';
import { createAccountMailService, type QueueAccountMail } from './account-mail.service.ts';
import { createAccountRightsService } from './account-rights.service.ts';
import type { ExportFile } from './data-export.ts';
import { createEmailChangeService } from './email-change.service.ts';
import { createLoginGuard } from './login-guard.ts';
import { createMailBudgets } from './mail-budgets.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createProfileService } from './profile.service.ts';
import { createRegistrationService } from './registration.service.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService, defaultAuthLimits } from './users.service.ts';

export { dataExportTtlSeconds } from './account-rights.service.ts';

/** What other modules may ask about accounts (wired in app.ts). */
export type UsersModuleApi = {
  /** Where a host reads mail; null when the account no longer exists. */
  ownerContact(userId: string): Promise<{ email: string; username: string } | null>;
};

/** Accounts and sessions; also resolves every request's Bearer token, so it registers first. */
export async function registerUsersModule(
  app: FastifyInstance,
  deps: AppDeps & {
    jobs: AppJobRunner;
    purgeOwnedData: (userId: string) => Promise<void>;
    exportOwnedData: (userId: string) => Promise<ExportFile[]>;
  },
): Promise<UsersModuleApi> {
  const repository = createUsersRepository(deps.db);
  const limits = deps.authLimits ?? defaultAuthLimits;
  const mailBudgets = createMailBudgets(deps.rateLimitStore, limits);
  const loginGuard = createLoginGuard(deps.rateLimitStore, limits);
  const queueMail: QueueAccountMail = async (job) => {
    await repository.queueAccountMail(job);
    deps.jobs.kick();
  };
  const sessions = createUsersService({
    repository,
    sessionTtlMs: deps.config.sessionTtlMs,
    loginGuard,
  });
  const registration = createRegistrationService({
    repository,
    rateLimitStore: deps.rateLimitStore,
    registerPerIp: limits.registerPerIp,
    mailBudgets,
    startSession: sessions.startSession,
    queueMail,
  });
  const passwordReset = createPasswordResetService({ repository, mailBudgets, queueMail });
  const accountMail = createAccountMailService({
    repository,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
  });
  const emailChange = createEmailChangeService({
    repository,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    logger: app.log,
  });
  const profile = createProfileService({
    repository,
    mailBudgets,
    loginGuard,
    startEmailChange: emailChange.startEmailChange,
  });
  const accountRights = createAccountRightsService({
    repository,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    logger: app.log,
    mailBudgets,
    loginGuard,
    clock: deps.clock,
    purgeOwnedData: deps.purgeOwnedData,
    exportOwnedData: deps.exportOwnedData,
    storage: deps.storage,
  });
  deps.jobs.handle('users.account-mail', (payload) => accountMail.sendAccountMail(payload));
  deps.jobs.handle('users.delete-account', ({ userId }) => accountRights.deleteAccountIfDue(userId));
  deps.jobs.handle('users.data-export', ({ userId }) => accountRights.buildDataExport(userId));
  registerAuth(app, sessions.lookupSession);
  await app.register(usersRoutes, {
    prefix: '/api',
    sessions,
    registration,
    passwordReset,
    profile,
    emailChange,
    accountRights,
  });
  return {
    async ownerContact(userId) {
      const user = await repository.findById(userId);
      return user ? { email: user.email, username: user.username } : null;
    },
  };
}
