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
import { createSlots, takeAll, type Release } from '../../http/slots.ts';
import { contentDisposition } from '../../storage/content-disposition.ts';
import { parseRange, rangeNotSatisfiable, signedQuery } from './http-media.ts';
import type { GuestTokens } from '../../http/guest-tokens.ts';
import { includePendingParam, type AlbumService } from './album.service.ts';
import type { UploadService } from './upload.service.ts';
import type { UploadPart } from './upload-receiver.ts';

/** Seconds a refused album download is told to wait: enough for one of the running ones to end. */
const downloadsBusyRetrySeconds = 30;

class DownloadsBusy extends Error {}

/**
 * Album downloads being written, counted per event and in all. Each one holds its album's rows and
 * up to 2 MiB of read buffers, and reads originals as fast as its client takes them, until it ends;
 * the bounds (decision 0133) keep a script with a valid link from multiplying that.
 */
function downloadSlots(bounds: { perEvent: number; perProcess: number }) {
  const perEvent = createSlots(bounds.perEvent);
  const perProcess = createSlots(bounds.perProcess);
  return {
    /** A place for one download of `eventId`, or DownloadsBusy; the returned release counts once. */
    take(eventId: string): Release {
      const taken = takeAll([
        [perEvent, eventId],
        [perProcess, 'all'],
      ]);
      if ('full' in taken) {
        throw new DownloadsBusy(
          taken.full === perEvent ? messages.media.albumDownloadsBusy : messages.media.serverDownloadsBusy,
        );
      }
      return taken.release;
    },
  };
}

export const mediaRoutes: FastifyPluginAsync<{
  uploads: UploadService;
  album: AlbumService;
  guestTokens: GuestTokens;
  uploadLimiter: RateLimiter;
  parallelUploadsPerIp: number;
}> = async (fastify, { uploads, album, guestTokens, uploadLimiter, parallelUploadsPerIp }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const uploadsInProgress = createSlots(parallelUploadsPerIp);
  const downloads = downloadSlots({
    perEvent: limits.albumDownloadsPerEvent,
    perProcess: limits.albumDownloadsPerProcess,
  });

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
      const release = uploadsInProgress.take(ip);
      if (!release) throw new RateLimitError(5, messages.upload.tooManyParallel);
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
        release();
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
      const { eventId } = request.params;
      const hasSignature = 'sig' in request.query;
      // Taken once the caller may have the archive (a stranger never holds one), given back in `finally`:
      // after the last byte, a cut connection or a failed read alike.
      let release = (): void => undefined;
      try {
        const { archive, fileName } = await album.albumArchive(
          {
            user: request.user,
            signedQuery: hasSignature ? request.query : null,
            includePending: request.query[includePendingParam] === '1',
          },
          eventId,
          () => {
            release = downloads.take(eventId);
          },
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
        // HEAD (which Fastify answers with this handler) gets the headers alone. Its body would be
        // dropped by Node, which still confirms every write at once: the whole album would be read
        // from storage at disk speed for a client that receives none of it.
        if (request.method === 'HEAD') return void res.end();
        const zip = archive.open(range ?? undefined);
        try {
          await zip.writeTo(res);
          res.end();
        } catch (error) {
          // Headers and length are out: the only honest answer left is a cut connection.
          request.log.warn({ err: error }, 'album download stopped');
          res.destroy(error as Error);
        }
      } catch (error) {
        if (!(error instanceof DownloadsBusy)) throw error;
        // Answered here, not by the error handler: a tab opening a mailed link would be sent to the
        // "invalid link" page, and this link is fine.
        return reply
          .status(429)
          .header('retry-after', String(downloadsBusyRetrySeconds))
          .send({ success: false, message: error.message, code: ErrorCode.RATE_LIMITED });
      } finally {
        release();
      }
    },
  );
};
