import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBody } from '@ani/contract/errors';
import { requireUser } from './auth.ts';

type RouteShape = Pick<RouteOptions, 'method' | 'url' | 'onRequest' | 'schema'>;

export const docsPrefix = '/api/docs';

/**
 * Refusals that depend on what a handler does rather than on the route's shape: conflicts with stored
 * data, rate limits, and a 403 where a route answers "not yours" instead of hiding the resource with 404.
 * Keyed by "METHOD url"; a test checks every key is a real route, so a renamed route cannot leave one stale.
 */
export const handlerErrors: Record<string, number[]> = {
  'POST /api/users/register': [409, 429],
  'POST /api/users/login': [403, 429],
  'POST /api/users/activation/resend': [429],
  'POST /api/users/password/forgot': [429],
  'PUT /api/users/profile/:userId': [403, 409, 429],
  'POST /api/weddings/create': [409],
  'POST /api/guests': [409],
  'PATCH /api/guests/approval': [409],
  'GET /api/webhook': [403],
  'POST /api/webhook': [401],
  'POST /api/events/:eventId/upload': [403, 429],
  'POST /api/events/:eventId/submissions': [403, 429, 507],
  // 429: too many downloads of the album, or of all albums, running at once (decision 0133).
  'GET /api/events/:eventId/download': [403, 429],
  // The wall and its stream: the owner's session or a wall link (a forged or expired link is 403).
  'GET /api/events/:eventId/wall': [401, 403],
  'GET /api/events/:eventId/live': [401, 403, 429],
  // A guest's own upload after the owner closed uploads.
  'DELETE /api/events/:eventId/my-uploads/:photoId': [403],
  'GET /api/media/*': [403],
  // An archived album takes no custom cover; a photo awaiting approval cannot be one.
  'PUT /api/events/:eventId/cover': [403, 409],
  'POST /api/events/:eventId/cover': [403],
};

/**
 * tus 1.0 (`/api/uploads`) answers as the protocol says: its headers and no body on success, and a
 * refusal's Turkish reason as plain text, so these routes are described by hand.
 */
export const tusRoutes: Record<string, { summary: string; ok: number; errors: number[] }> = {
  'POST /api/uploads': {
    summary:
      'tus creation (with upload): Upload-Length and Upload-Metadata (submissionId, filename, filetype) name one declared file of a submission',
    ok: 201,
    errors: [400, 403, 404, 410, 411, 412, 413, 415, 429, 500, 507],
  },
  'OPTIONS /api/uploads': {
    summary: 'tus capabilities (Tus-Version, Tus-Extension, Tus-Max-Size)',
    ok: 204,
    errors: [],
  },
  'HEAD /api/uploads/:uploadId': {
    summary: 'tus offset: bytes the server holds (Upload-Offset)',
    ok: 200,
    errors: [404, 410, 412],
  },
  'PATCH /api/uploads/:uploadId': {
    summary:
      'tus chunk of at most 8 MiB at Upload-Offset; the one that completes the file answers Upload-Outcome: accepted | duplicate',
    ok: 204,
    errors: [400, 403, 404, 409, 410, 411, 412, 413, 415, 429, 500, 507],
  },
  'DELETE /api/uploads/:uploadId': {
    summary: 'tus termination: the unfinished file is dropped',
    ok: 204,
    errors: [404, 412],
  },
  'OPTIONS /api/uploads/:uploadId': { summary: 'tus capabilities', ok: 204, errors: [] },
};

/**
 * The error statuses a route can answer, every one with the shared error body. Most follow from the route
 * itself: any route can fail (500) or be unavailable (503, shutdown or database down); inputs can be
 * invalid (400); a body can be too large (413) or of the wrong type (415); a signed-in-only route refuses
 * a missing session (401); a route naming a resource can find none (404).
 */
export function errorStatuses(route: RouteShape): number[] {
  const methods = [route.method].flat();
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const takesBody = methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH') || 'body' in schema;
  const hasInput = takesBody || 'querystring' in schema || 'params' in schema;
  const names = route.url.includes(':') || route.url.includes('*');
  const ownerOnly = [route.onRequest ?? []].flat().includes(requireUser);
  const statuses = new Set([500, 503]);
  if (hasInput || names) statuses.add(400);
  if (takesBody) [413, 415].forEach((s) => statuses.add(s));
  if (ownerOnly) statuses.add(401);
  if (names) statuses.add(404);
  for (const method of methods) handlerErrors[`${method} ${route.url}`]?.forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}

/**
 * The API description, generated from the routes' zod schemas: JSON at /api/docs/json and a browsable page
 * at /api/docs, served by this app (no CDN). Only in development: production does not advertise its API.
 * Must be registered before the routes, because it collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Loaded only when the docs are served (development by default): a production server would hold
  // both plugins' code from start to exit for nothing.
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Anı Kutusu API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (input) => {
      const { url, route } = input;
      // Only the API is described; the built web app's files are routes too but not part of it.
      if (!url.startsWith('/api/') || url.startsWith(docsPrefix))
        return { url, schema: { ...input.schema, hide: true } };
      const tus = tusRoutes[`${[route.method].flat()[0]} ${url}`];
      if (tus) {
        const response = {
          [tus.ok]: { type: 'null', description: 'tus headers, no body' },
          ...Object.fromEntries(
            tus.errors.map((status) => [
              status,
              {
                description: 'The reason, in Turkish',
                content: { 'text/plain': { schema: { type: 'string' } } },
              },
            ]),
          ),
        };
        return { url, schema: { summary: tus.summary, response } };
      }
      const errors = Object.fromEntries(errorStatuses(route).map((status) => [status, errorBody]));
      const ownerOnly = [route.onRequest ?? []].flat().includes(requireUser);
      const schema = {
        ...input.schema,
        response: { ...errors, ...(input.schema?.response as object | undefined) },
        ...(ownerOnly ? { security: [{ bearer: [] }] } : {}),
      };
      return jsonSchemaTransform({ ...input, schema });
    },
  });
  // The page is covered by the app's own Content-Security-Policy (self only; the online validator is off).
  await app.register(swaggerUi, { routePrefix: docsPrefix });
}
