import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@ani/contract/errors';
import type { CoverSet } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import { heroCoverSizes, uploadPageEventId } from '@ani/contract/upload-page';
import { isAppPath } from '@ani/contract/app-routes';

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The guest upload page's largest paint is the event's cover, which its script can only name after it
 * has loaded and asked for the event's info. Named in the HTML instead, the cover downloads at once,
 * beside the script. Same file choice as the page (`heroCoverSizes`, AVIF first).
 */
function coverPreload(cover: CoverSet): string {
  return `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${attribute(
    cover.srcSetAvif,
  )}" imagesizes="${attribute(heroCoverSizes)}">`;
}

/**
 * Serves the built SPA: hashed assets cached for a year; index.html (the landing page, prerendered by
 * the build) for `/`; upload.html (the guest upload page, a small build of its own) for the table
 * card's QR-code address; and app.html (the app's shell without the landing page) for every other
 * client-side route, so those never flash the landing page before their script runs. A build without
 * app.html gets index.html everywhere, one without upload.html the app's shell.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: {
    /** The cover a guest upload page shows, or null (no such event); read for each visit of the page. */
    uploadPageCover?: (eventId: string) => Promise<CoverSet | null>;
  } = {},
): Promise<void> {
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
  const uploadFile = path.join(distDir, 'upload.html');
  const uploadHtml = hasBuild && existsSync(uploadFile) ? readFileSync(uploadFile, 'utf8') : null;
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      const eventId = uploadPageEventId(request.url.split('?')[0]!);
      if (eventId && uploadHtml) {
        const cover = options.uploadPageCover ? await options.uploadPageCover(eventId) : null;
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(cover ? uploadHtml.replace('</head>', `${coverPreload(cover)}</head>`) : uploadHtml);
      }
      const page = request.url === '/' || request.url.startsWith('/?') ? 'index.html' : shell;
      // The app shows its "not found" page there; the status says so too.
      if (!isAppPath(request.url.split('?')[0]!)) reply.status(404);
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return reply
      .status(404)
      .send({ success: false, message: messages.generic.notFoundRoute, code: ErrorCode.NOT_FOUND });
  });
}
