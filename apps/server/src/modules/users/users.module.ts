import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerAuth } from '../../http/auth.ts';
import type { JobRunner } from '../../jobs/jobs.ts';
import type { ExportFile } from './data-export.ts';
import { accountMailJob, createUsersRepository, dataExportJob, deleteAccountJob } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService, type AccountMailJob } from './users.service.ts';

export { dataExportTtlSeconds } from './users.service.ts';

/** What other modules may ask about accounts (wired in app.ts). */
export type UsersApi = {
  /** Where a host reads mail; null when the account no longer exists. */
  ownerContact(userId: string): Promise<{ email: string; username: string } | null>;
};

/** Accounts and sessions; also resolves every request's Bearer token, so it registers first. */
export async function registerUsersModule(
  app: FastifyInstance,
  deps: AppDeps & {
    jobs: JobRunner;
    purgeOwnedData: (userId: string) => Promise<void>;
    exportOwnedData: (userId: string) => Promise<ExportFile[]>;
  },
): Promise<UsersApi> {
  const repository = createUsersRepository(deps.db);
  const service = createUsersService({
    repository,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    sessionTtlMs: deps.config.sessionTtlMs,
    logger: app.log,
    rateLimitStore: deps.rateLimitStore,
    limits: deps.authLimits,
    queueMail: async (job) => {
      await repository.queueAccountMail(job);
      deps.jobs.kick();
    },
    clock: deps.clock,
    purgeOwnedData: deps.purgeOwnedData,
    exportOwnedData: deps.exportOwnedData,
    storage: deps.storage,
  });
  deps.jobs.register(dataExportJob, (payload) => service.buildDataExport((payload as { userId: string }).userId));
  deps.jobs.register(accountMailJob, (payload) => service.sendAccountMail(payload as AccountMailJob));
  deps.jobs.register(deleteAccountJob, (payload) => service.deleteAccountIfDue((payload as { userId: string }).userId));
  registerAuth(app, service.lookupSession);
  await app.register(usersRoutes, { prefix: '/api', service });
  return {
    async ownerContact(userId) {
      const user = await repository.findById(userId);
      return user ? { email: user.email, username: user.username } : null;
    },
  };
}
