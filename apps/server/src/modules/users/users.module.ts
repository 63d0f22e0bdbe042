import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerAuth } from '../../http/auth.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** Accounts and sessions; also resolves every request's Bearer token, so it registers first. */
export async function registerUsersModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const service = createUsersService({
    repository: createUsersRepository(deps.db),
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    sessionTtlMs: deps.config.sessionTtlMs,
    logger: app.log,
    rateLimitStore: deps.rateLimitStore,
    limits: deps.authLimits,
  });
  registerAuth(app, service.lookupSession);
  await app.register(usersRoutes, { prefix: '/api', service });
}
