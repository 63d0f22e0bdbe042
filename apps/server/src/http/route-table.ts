import type { FastifyInstance } from 'fastify';
import { requireUser } from './auth.ts';

type RouteEntry = { method: string; url: string; ownerOnly: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with whether it requires a signed-in host; the authorization tests walk it. */
    routeTable: RouteEntry[];
  }
}

/** Must run before any route is added, so that it sees them all. */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest ?? []].flat();
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    for (const method of methods)
      table.push({ method, url: route.url, ownerOnly: hooks.includes(requireUser) });
  });
}
