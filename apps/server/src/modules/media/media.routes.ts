import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventIdParams } from '@ani/contract/events';
import { guestTokenHeader } from '@ani/contract/uploads';
import {
  approvePhotosInput,
  approvePhotosResponse,
  downloadLinkInput,
  deletePhotosInput,
  deleteUploaderInput,
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
import { contentDisposition } from '../../storage/content-disposition.ts';
import { parseRange, rangeNotSatisfiable, signedQuery } from './http-media.ts';
import type { GuestTokens } from '../../http/guest-tokens.ts';
import { includePendingParam, type AlbumService } from './album.service.ts';
import type { UploadService } from './upload.service.ts';
import type { UploadPart } from './upload-receiver.ts';

export const mediaRoutes: FastifyPluginAsync<{
  uploads: UploadService;
  album: AlbumService;
  guestTokens: GuestTokens;
  uploadLimiter: RateLimiter;
  parallelUploadsPerIp: number;
}> = async (fastify, { uploads, album, guestTokens, uploadLimiter, parallelUploadsPerIp }) => {
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
        const ticket = await uploads.openUpload(request.params.eventId, {
          ip,
          declaredBytes: Number.isSafeInteger(declared) && declared >= 0 ? declared : null,
        });
        if (!request.isMultipart()) {
          await ticket.refund();
          throw new AppError(ErrorCode.VALIDATION, messages.upload.notMultipart);
        }
        // A phone that has a guest token is remembered with its upload; any other upload is anonymous.
        const token = request.headers[guestTokenHeader];
        const guestId = guestTokens.verify(
          request.params.eventId,
          typeof token === 'string' ? token : undefined,
        );
        return await uploads.upload(
          request.params.eventId,
          request.parts() as AsyncIterable<UploadPart>,
          ticket,
          guestId,
        );
      } finally {
        const left = (inProgress.get(ip) ?? 1) - 1;
        if (left > 0) inProgress.set(ip, left);
        else inProgress.delete(ip);
      }
    },
  );

  app.get(
    '/events/:eventId/photos',
    {
      onRequest: requireUser,
      schema: { params: eventIdParams, querystring: photosQuery, response: { 200: photosResponse } },
    },
    async (request) => album.listPhotos(currentUser(request), request.params.eventId, request.query),
  );

  app.get(
    '/events/:eventId/photo/:encodedFileName',
    { onRequest: requireUser, schema: { params: photoParams, response: { 200: photoResponse } } },
    async (request) => ({
      success: true as const,
      photo: await album.getPhoto(
        currentUser(request),
        request.params.eventId,
        request.params.encodedFileName,
      ),
    }),
  );

  app.delete(
    '/events/:eventId/photo',
    {
      onRequest: requireUser,
      schema: { params: eventIdParams, body: deletePhotosInput, response: { 200: deletePhotosResponse } },
    },
    async (request) =>
      album.deletePhotos(currentUser(request), request.params.eventId, request.body.photoIds),
  );

  app.post(
    '/events/:eventId/photos/approve',
    {
      onRequest: requireUser,
      schema: { params: eventIdParams, body: approvePhotosInput, response: { 200: approvePhotosResponse } },
    },
    async (request) =>
      album.approvePhotos(currentUser(request), request.params.eventId, request.body.photoIds),
  );

  app.delete(
    '/events/:eventId/uploader',
    {
      onRequest: requireUser,
      schema: { params: eventIdParams, body: deleteUploaderInput, response: { 200: deletePhotosResponse } },
    },
    async (request) =>
      album.deleteUploader(currentUser(request), request.params.eventId, request.body.uploader),
  );

  app.post(
    '/events/:eventId/download-link',
    {
      onRequest: requireUser,
      schema: { params: eventIdParams, body: downloadLinkInput, response: { 200: downloadLinkResponse } },
    },
    async (request) => ({
      success: true as const,
      url: await album.downloadLink(currentUser(request), request.params.eventId, {
        includePending: request.body?.includePending ?? false,
      }),
    }),
  );

  app.get(
    '/events/:eventId/download',
    { config: { opensInBrowser: true }, schema: { params: eventIdParams, querystring: signedQuery } },
    async (request, reply) => {
      const hasSignature = 'sig' in request.query;
      const { archive, fileName } = await album.albumArchive(
        {
          user: request.user,
          signedQuery: hasSignature ? request.query : null,
          includePending: request.query[includePendingParam] === '1',
        },
        request.params.eventId,
      );
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        // The archive is the same byte for byte while the album does not change, so a dropped
        // download resumes: the ETag names the album's state, and a Range whose If-Range names an
        // older state gets the whole new archive instead of a piece that would not fit.
        .header('etag', archive.etag)
        .header('accept-ranges', 'bytes');
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === archive.etag
          ? parseRange(request.headers.range, archive.size)
          : null;
      if (range === 'unsatisfiable') return rangeNotSatisfiable(reply, archive.size);
      const zip = archive.open(range ?? undefined);
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${archive.size}`)
          .header('content-length', String(range.end - range.start + 1));
      } else reply.header('content-length', String(archive.size));
      // Written here rather than piped by Fastify: the archive reuses a few read buffers, and only
      // the socket's write callbacks say when one is free again (decision 0113).
      reply.hijack();
      const res = reply.raw;
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, value);
      }
      res.writeHead(reply.statusCode);
      try {
        await zip.writeTo(res);
        res.end();
      } catch (error) {
        // Headers and length are out: the only honest answer left is a cut connection.
        request.log.warn({ err: error }, 'album download stopped');
        res.destroy(error as Error);
      }
    },
  );
};
