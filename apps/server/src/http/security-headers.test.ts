import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { headersOf, registerSecurityHeaders } from './security-headers.ts';

/** What helmet sets on a real response, one request at a time, as it would without the list. */
function perRequest(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const set: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (set[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return set;
}

describe('security headers read once', () => {
  it('are exactly what helmet sets on a response', () => {
    const middleware = helmet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } },
      crossOriginEmbedderPolicy: false,
    });
    const list = headersOf(middleware);
    expect(Object.fromEntries(list)).toEqual(perRequest(middleware));
    expect(Object.fromEntries(list)).toMatchObject({
      'content-security-policy': expect.stringContaining("img-src 'self' data:"),
      'strict-transport-security': expect.stringContaining('max-age='),
      'x-content-type-options': 'nosniff',
    });
  });

  it('refuse a middleware whose answer could differ per request or that removes other headers', () => {
    expect(() =>
      headersOf((_req, res, next) => {
        res.setHeader('x-list', ['a', 'b']);
        next();
      }),
    ).toThrow(/not one string/);
    expect(() =>
      headersOf((_req, res, next) => {
        res.removeHeader('content-type');
        next();
      }),
    ).toThrow(/removes/);
    expect(() => headersOf(() => undefined)).toThrow(/did not finish/);
  });

  it('are set on every answer but those of a route that writes them itself', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, [['x-frame-options', 'DENY']]);
    app.get('/page', async () => 'ok');
    app.get('/own', { config: { ownSecurityHeaders: true } }, async () => 'ok');
    const page = await app.inject({ method: 'GET', url: '/page' });
    const own = await app.inject({ method: 'GET', url: '/own' });
    const missing = await app.inject({ method: 'GET', url: '/yok' });
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(missing.headers['x-frame-options']).toBe('DENY');
    expect(own.headers['x-frame-options']).toBeUndefined();
    await app.close();
  });
});
