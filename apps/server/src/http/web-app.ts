import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@ani/contract/errors';
import { messages } from '@ani/contract/messages';

/**
 * Serves the built SPA: hashed assets cached for a year; index.html (the landing page, prerendered by
 * the build) for `/`, and app.html (the same shell without it) for every other client-side route, so
 * those never flash the landing page before their script runs. A build without app.html gets
 * index.html everywhere.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  const shell = existsSync(path.join(distDir, 'app.html')) ? 'app.html' : 'index.html';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; the best one the client accepts is sent.
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = request.url === '/' || request.url.startsWith('/?') ? 'index.html' : shell;
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return reply
      .status(404)
      .send({ success: false, message: messages.generic.notFoundRoute, code: ErrorCode.NOT_FOUND });
  });
}
