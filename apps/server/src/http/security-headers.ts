import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Header names (lower case) and values, in the order they are sent. */
export type HeaderList = readonly (readonly [name: string, value: string])[];

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route sends the security headers itself (from the same list, see `mediaFileRoutes`): the
     * app-wide hook leaves its answers alone, so a hot answer's headers are validated and written
     * once, in one `writeHead`, instead of being set on the socket's response one by one first.
     */
    ownSecurityHeaders?: boolean;
  }
}

/**
 * The headers a helmet middleware sets, read once. Our helmet options hold no per-request value
 * (no nonces, no directive functions), so its answer is the same list on every request; running its
 * thirteen nested middlewares and `setHeader` calls per request measured ~5 % of a media answer
 * (decision 0119). Throws if the middleware does anything else, so a future option that does is
 * noticed here instead of being silently frozen.
 */
export function headersOf(middleware: Middleware): HeaderList {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`security headers: ${name} is not one string`);
      headers.push([name.toLowerCase(), value]);
      return recorder;
    },
    // helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader(name: string) {
      if (name.toLowerCase() !== 'x-powered-by') throw new Error(`security headers: removes ${name}`);
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('security headers: the middleware did not finish at once');
  return headers;
}

/** Sets `headers` on every answer, except on routes that send them themselves (`ownSecurityHeaders`). */
export function registerSecurityHeaders(app: FastifyInstance, headers: HeaderList): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.ownSecurityHeaders !== true) {
      // On the Node response, not Fastify's reply: routes that write to it themselves (downloads,
      // the live wall, tus) keep them too.
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    }
    done();
  });
}
