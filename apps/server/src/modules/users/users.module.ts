import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerAuth } from '../../http/auth.ts';
import type { AppJobRunner } from '../../jobs/jobs.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** Accounts and sessions; also resolves every request's Bearer token, so it registers first. */
export async function registerUsersModule(app: FastifyInstance, deps: AppDeps & { jobs: AppJobRunner }): Promise<void> {
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
  });
  deps.jobs.handle('users.account-mail', (payload) => service.sendAccountMail(payload));
  registerAuth(app, service.lookupSession);
  await app.register(usersRoutes, { prefix: '/api', service });
}
