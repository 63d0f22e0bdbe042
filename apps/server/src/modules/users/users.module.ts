import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerAuth } from '../../http/auth.ts';
import type { AppJobRunner } from '../../jobs/jobs.ts';
import { createAccountRightsService } from './account-rights.service.ts';
import type { ExportFile } from './data-export.ts';
import { createLoginGuard } from './login-guard.ts';
import { createMailBudgets } from './mail-budgets.ts';
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
  const service = createUsersService({
    repository,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    sessionTtlMs: deps.config.sessionTtlMs,
    logger: app.log,
    rateLimitStore: deps.rateLimitStore,
    limits,
    mailBudgets,
    loginGuard,
    queueMail: async (job) => {
      await repository.queueAccountMail(job);
      deps.jobs.kick();
    },
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
  deps.jobs.handle('users.account-mail', (payload) => service.sendAccountMail(payload));
  deps.jobs.handle('users.delete-account', ({ userId }) => accountRights.deleteAccountIfDue(userId));
  deps.jobs.handle('users.data-export', ({ userId }) => accountRights.buildDataExport(userId));
  registerAuth(app, service.lookupSession);
  await app.register(usersRoutes, { prefix: '/api', service, accountRights });
  return {
    async ownerContact(userId) {
      const user = await repository.findById(userId);
      return user ? { email: user.email, username: user.username } : null;
    },
  };
}
