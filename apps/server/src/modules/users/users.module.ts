import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerAuth } from '../../http/auth.ts';
import type { JobRunner } from '../../jobs/jobs.ts';
import { accountMailJob, createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService, type AccountMailJob } from './users.service.ts';

/** Accounts and sessions; also resolves every request's Bearer token, so it registers first. */
export async function registerUsersModule(app: FastifyInstance, deps: AppDeps & { jobs: JobRunner }): Promise<void> {
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
  deps.jobs.register(accountMailJob, (payload) => service.sendAccountMail(payload as AccountMailJob));
  registerAuth(app, service.lookupSession);
  await app.register(usersRoutes, { prefix: '/api', service });
}
