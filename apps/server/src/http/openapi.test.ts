import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { docsPrefix, errorStatuses, handlerErrors, tusRoutes } from './openapi.ts';

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: unknown;
};
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** fastify writes `:id` and a trailing `*`; OpenAPI writes `{id}` (and `{*}` for the wildcard). */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('OpenAPI description (development only)', () => {
  let dev: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    dev = await createTestApp({ env: { NODE_ENV: 'development' } });
    const res = await dev.app.inject({ method: 'GET', url: `${docsPrefix}/json` });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => dev.close());

  const apiRoutes = () => dev.app.routeTable.filter((r) => !r.url.startsWith(docsPrefix));

  it('describes every route of the route table with its method and error responses in the error shape', () => {
    expect(apiRoutes().length).toBeGreaterThan(20);
    for (const route of apiRoutes()) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      const statuses = Object.keys(operation!.responses).map(Number);
      const tus = tusRoutes[`${route.method} ${route.url}`];
      if (tus) {
        // tus answers refusals as plain text, by the protocol's rules, not the JSON error shape.
        expect(statuses).toEqual([tus.ok, ...tus.errors]);
        for (const status of tus.errors)
          expect(Object.keys(operation!.responses[status]!.content!)).toEqual(['text/plain']);
        continue;
      }
      for (const status of [500, 503, ...(route.ownerOnly ? [401] : [])]) {
        expect(statuses, `${route.method} ${route.url}`).toContain(status);
      }
      for (const status of statuses.filter((s) => s >= 400)) {
        const schema = operation!.responses[status]!.content?.['application/json']?.schema as {
          properties?: Record<string, unknown>;
          required?: string[];
        };
        expect(Object.keys(schema.properties ?? {}), `${route.method} ${route.url} ${status}`).toEqual([
          'success',
          'message',
          'code',
        ]);
        expect(schema.required).toEqual(['success', 'message']);
      }
      if (route.ownerOnly) expect(operation!.security).toEqual([{ bearer: [] }]);
    }
  });

  it('lists a named resource as 404 and invalid input as 400', () => {
    const withParams = apiRoutes().filter((r) => r.url.includes(':') && !tusRoutes[`${r.method} ${r.url}`]);
    expect(withParams.length).toBeGreaterThan(5);
    for (const route of withParams) {
      const operation = doc.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      expect(Object.keys(operation.responses), `${route.method} ${route.url}`).toEqual(
        expect.arrayContaining(['400', '404']),
      );
    }
  });

  it('keeps its own rule table honest: every listed route exists and carries the listed statuses', () => {
    const known = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    // The route table leaves HEAD out (Fastify makes one for every GET); tus has its own.
    for (const key of Object.keys(tusRoutes).filter((k) => !k.startsWith('HEAD ')))
      expect(known, key).toContain(key);
    for (const [key, statuses] of Object.entries(handlerErrors)) {
      expect(known, key).toContain(key);
      const [method, url] = key.split(' ') as [string, string];
      expect(errorStatuses({ method, url })).toEqual(expect.arrayContaining(statuses));
      const responses = doc.paths[openApiPath(url)]![method.toLowerCase()]!.responses;
      for (const status of statuses) expect(Object.keys(responses), key).toContain(String(status));
    }
  });

  it('serves the browsable page from this app', async () => {
    const page = await dev.app.inject({ method: 'GET', url: `${docsPrefix}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
  });
});

describe('OpenAPI description outside development', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp();
  });
  afterAll(() => prod.close());

  it('is not served: the docs answer 404 like any unknown API path', async () => {
    const res = await prod.app.inject({ method: 'GET', url: `${docsPrefix}/json` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
