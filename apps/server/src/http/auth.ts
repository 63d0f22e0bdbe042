import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@ani/contract/messages';
import { AppError, ErrorCode } from './errors.ts';

export type AuthUser = { id: string; username: string; email: string; sessionId: string };
export type SessionLookup = (token: string) => Promise<(AuthUser & { activated: boolean }) | null>;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** Set when a token was sent but belongs to an account that is not activated yet. */
    inactiveUser: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Resolves `request.user` from the Bearer token on every request; routes opt in with `requireUser`. */
export function registerAuth(app: FastifyInstance, lookup: SessionLookup): void {
  app.decorateRequest('user', null);
  app.decorateRequest('inactiveUser', false);
  // A callback hook with a synchronous way out: most requests carry no token (every media GET, every
  // guest), and an async hook would cost them a promise and a microtask turn each (decision 0119).
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request);
    if (!token || token.length > 200) return done();
    lookup(token).then((found) => {
      if (found && !found.activated) request.inactiveUser = true;
      else if (found) {
        const { activated: _activated, ...user } = found;
        request.user = user;
      }
      done();
    }, done);
  });
}

/**
 * Route guard. Use it as `onRequest: requireUser`: it must run before body and query
 * validation, so an anonymous caller learns nothing about a route's input rules.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.user) return;
  if (request.inactiveUser) throw new AppError(ErrorCode.NOT_ACTIVATED, messages.auth.notActivated);
  throw new AppError(ErrorCode.UNAUTHORIZED, messages.auth.loginRequired);
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(ErrorCode.UNAUTHORIZED, messages.auth.loginRequired);
  return request.user;
}
