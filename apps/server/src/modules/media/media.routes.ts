import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventIdParams } from '@ani/contract/events';
import {
  deletePhotosInput,
  deletePhotosResponse,
  downloadLinkResponse,
  photoParams,
  photoResponse,
  photosQuery,
  photosResponse,
  uploadResponse,
} from '@ani/contract/media';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { currentUser, requireUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import { RateLimitError, type RateLimiter } from '../../http/rate-limit.ts';
import { mimeForExtension } from './detect-media-type.ts';
import { contentDisposition } from '../../storage/content-disposition.ts';
import { etagFor, etagMatches, parseRange } from './http-media.ts';
import type { MediaService } from './media.service.ts';
import type { UploadPart } from './upload-receiver.ts';

const signedQuery = z.record(z.string(), z.string().max(1000));

export const mediaRoutes: FastifyPluginAsync<{
  service: MediaService;
  uploadLimiter: RateLimiter;
  parallelUploadsPerIp: number;
}> = async (fastify, { service, uploadLimiter, parallelUploadsPerIp }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const inProgress = new Map<string, number>();

  await app.register(multipart, {
    limits: {
      // The request's total is counted by the receiver; these only stop absurd bodies early.
      fileSize: limits.maxUploadBytes + 1,
      files: limits.maxPhotosPerUpload + limits.maxVideosPerUpload + 1,
      fields: 10,
      fieldSize: 16 * 1024,
      parts: 40,
      headerPairs: 100,
    },
  });

  app.post(
    '/events/:eventId/upload',
    { schema: { params: eventIdParams, response: { 200: uploadResponse } } },
    async (request) => {
      const { ip } = request;
      await uploadLimiter.consume(ip);
      const running = inProgress.get(ip) ?? 0;
      if (running >= parallelUploadsPerIp) throw new RateLimitError(5, messages.upload.tooManyParallel);
      inProgress.set(ip, running + 1);
      try {
        const declared = Number(request.headers['content-length']);
        const ticket = await service.openUpload(request.params.eventId, {
          ip,
          declaredBytes: Number.isSafeInteger(declared) && declared >= 0 ? declared : null,
        });
        if (!request.isMultipart()) {
          await ticket.refund();
          throw new AppError(ErrorCode.VALIDATION, messages.upload.notMultipart);
        }
        return await service.upload(request.params.eventId, request.parts() as AsyncIterable<UploadPart>, ticket);
      } finally {
        const left = (inProgress.get(ip) ?? 1) - 1;
        if (left > 0) inProgress.set(ip, left);
        else inProgress.delete(ip);
      }
    },
  );

  app.get(
    '/events/:eventId/photos',
    { onRequest: requireUser, schema: { params: eventIdParams, querystring: photosQuery, response: { 200: photosResponse } } },
    async (request) => service.listPhotos(currentUser(request), request.params.eventId, request.query),
  );

  app.get(
    '/events/:eventId/photo/:encodedFileName',
    { onRequest: requireUser, schema: { params: photoParams, response: { 200: photoResponse } } },
    async (request) => ({
      success: true as const,
      photo: await service.getPhoto(currentUser(request), request.params.eventId, request.params.encodedFileName),
    }),
  );

  app.delete(
    '/events/:eventId/photo',
    {
      onRequest: requireUser,
      schema: { params: eventIdParams, body: deletePhotosInput, response: { 200: deletePhotosResponse } },
    },
    async (request) => service.deletePhotos(currentUser(request), request.params.eventId, request.body.photoIds),
  );

  app.post(
    '/events/:eventId/download-link',
    { onRequest: requireUser, schema: { params: eventIdParams, response: { 200: downloadLinkResponse } } },
    async (request) => ({
      success: true as const,
      url: await service.downloadLink(currentUser(request), request.params.eventId),
    }),
  );

  app.get(
    '/events/:eventId/download',
    { schema: { params: eventIdParams, querystring: signedQuery } },
    async (request, reply) => {
      const hasSignature = 'sig' in request.query;
      const { zip, fileName } = await service.albumArchive(
        { user: request.user, signedQuery: hasSignature ? request.query : null },
        request.params.eventId,
      );
      // The client went away: stop reading files instead of streaming into a closed socket.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) zip.abort();
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(zip.size))
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(zip.stream);
    },
  );

  app.get('/media/*', { schema: { querystring: signedQuery } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const media = await service.openSignedMedia(key, request.query);
    const etag = etagFor(key, media.size);
    const ext = key.split('.').pop() ?? '';
    const type = request.query.ct ?? mimeForExtension(ext);
    const name = request.query.dl ?? key.split('/').pop() ?? 'dosya';
    reply
      .header('etag', etag)
      .header('last-modified', media.mtime.toUTCString())
      // Private: album photos must not land in shared caches. Immutable: a key never changes content.
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      // Whatever a file really holds, the browser never runs it as a page.
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-type', type)
      .header('content-disposition', contentDisposition(request.query.dl ? 'attachment' : 'inline', name));
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    const range = parseRange(request.headers.range, media.size);
    if (range === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${media.size}`)
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', 'inline')
        .send({ success: false, message: messages.media.rangeNotSatisfiable, code: ErrorCode.VALIDATION });
    }
    if (range) {
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${media.size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(await media.open(range));
    }
    return reply.header('content-length', String(media.size)).send(await media.open());
  });
};
