import multipart from '@fastify/multipart';
import send from '@fastify/send';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { mimeForExtension } from './detect-media-type.ts';
import { contentDisposition } from '../../storage/content-disposition.ts';
import { etagMatches, parseRange } from './http-media.ts';
import type { GuestTokens } from '../../http/guest-tokens.ts';
import { includePendingParam, type AlbumService } from './album.service.ts';
import type { UploadService } from './upload.service.ts';
import type { UploadPart } from './upload-receiver.ts';
import type { HotFiles } from '../../storage/hot-files.ts';
import type { HeaderList } from '../../http/security-headers.ts';

const signedQuery = z.record(z.string(), z.string().max(1000));

function rangeNotSatisfiable(reply: FastifyReply, size: number) {
  return reply
    .status(416)
    .header('content-range', `bytes */${size}`)
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', 'inline')
    .send({ success: false, message: messages.media.rangeNotSatisfiable, code: ErrorCode.VALIDATION });
}

/** @fastify/send takes a URL-encoded path; data directories may hold any character. */
const encodePath = (file: string) => file.split('/').map(encodeURIComponent).join('/');

export const mediaRoutes: FastifyPluginAsync<{
  uploads: UploadService;
  album: AlbumService;
  guestTokens: GuestTokens;
  uploadLimiter: RateLimiter;
  accelRedirect?: string;
  hotFiles?: HotFiles;
  securityHeaders: HeaderList;
  parallelUploadsPerIp: number;
}> = async (
  fastify,
  {
    uploads,
    album,
    guestTokens,
    uploadLimiter,
    accelRedirect,
    hotFiles,
    securityHeaders,
    parallelUploadsPerIp,
  },
) => {
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
    { schema: { params: eventIdParams, querystring: signedQuery } },
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

  // Every answer of this route carries the app's security headers, with the sandbox policy of a file
  // in place of the page's CSP (whatever a file really holds, the browser never runs it as a page).
  const security = securityHeaders.map(([name, value]) =>
    name === 'content-security-policy'
      ? ([name, "default-src 'none'; sandbox"] as const)
      : ([name, value] as const),
  );
  if (!security.some(([name]) => name === 'x-content-type-options'))
    security.push(['x-content-type-options', 'nosniff']);
  const fixedHeaders = [
    ...security.flat(),
    // Private: album photos must not land in shared caches. Immutable: a key never changes content.
    'cache-control',
    'private, max-age=31536000, immutable',
    'accept-ranges',
    'bytes',
  ];
  /** The headers of a file answer that depend only on the link: validators, type, disposition. */
  const fileHeaders = (key: string, ct: string | undefined, dl: string | undefined): string[] => {
    const name = key.slice(key.lastIndexOf('/') + 1);
    return [
      ...fixedHeaders,
      // Keys are never reused for other bytes, so the key itself is a strong validator: a
      // revalidation is answered before touching the disk.
      'etag',
      `"${name}"`,
      'content-type',
      ct ?? mimeForExtension(key.slice(key.lastIndexOf('.') + 1)),
      'content-disposition',
      contentDisposition(dl ? 'attachment' : 'inline', dl ?? name),
    ];
  };
  /**
   * A whole answer written in one `writeHead`: the headers were validated into a list once, no hook
   * copies them one by one, and Fastify's send path (nothing of which a file needs) is skipped.
   * Headers other hooks put on the reply (the request id) are kept.
   */
  const writeWhole = (reply: FastifyReply, headers: readonly string[], body?: Buffer) => {
    const all = headers.slice();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (Array.isArray(value)) for (const one of value) all.push(name, one);
      else if (value !== undefined) all.push(name, String(value));
    }
    reply.hijack();
    reply.raw.writeHead(200, all);
    reply.raw.end(body);
    return reply;
  };

  app.get(
    '/media/*',
    {
      schema: { querystring: signedQuery },
      config: { ownSecurityHeaders: true },
      // Answers sent through Fastify (refusals, 304, 206, 416, files streamed from disk) get the
      // same security headers as the ones written whole.
      onSend: (_request, reply, payload, done) => {
        for (const [name, value] of security) reply.header(name, value);
        done(null, payload);
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { query } = request;
      album.checkMediaLink(key, query);
      const plain = query.ct === undefined && query.dl === undefined;
      const ifNoneMatch = request.headers['if-none-match'];
      // The answer most asked for — a thumbnail or preview held in memory, whole, to a browser
      // without a cached copy — was built once when the file entered memory.
      if (plain && ifNoneMatch === undefined && request.headers.range === undefined) {
        const hot = hotFiles?.get(key);
        if (hot) return writeWhole(reply, hot.headers, hot.body);
      }
      const headers = fileHeaders(key, query.ct, query.dl);
      // Behind nginx: it sends the file (sendfile, ranges) from the internal location; we only
      // decided whether this link may have it and what the headers say.
      if (accelRedirect && ifNoneMatch === undefined) {
        headers.push('x-accel-redirect', `${accelRedirect}${key}`, 'content-length', '0');
        return writeWhole(reply, headers);
      }
      for (let i = 0; i < headers.length; i += 2) reply.header(headers[i]!, headers[i + 1]);
      if (etagMatches(ifNoneMatch, `"${key.slice(key.lastIndexOf('/') + 1)}"`))
        return reply.status(304).send();
      if (accelRedirect) return reply.header('x-accel-redirect', `${accelRedirect}${key}`).send();
      // A Range naming another version (If-Range) gets the whole file; the key never changes bytes,
      // so only our own ETag can match.
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === reply.getHeader('etag') ? request.headers.range : undefined;
      const hot = hotFiles?.get(key);
      if (hot) {
        const size = hot.body.length;
        const part = parseRange(range, size);
        if (part === 'unsatisfiable') return rangeNotSatisfiable(reply, size);
        reply.header('last-modified', hot.mtime.toUTCString());
        if (!part) return reply.send(hot.body);
        return reply
          .status(206)
          .header('content-range', `bytes ${part.start}-${part.end}/${size}`)
          .send(hot.body.subarray(part.start, part.end + 1));
      }
      const file = album.mediaFile(key);
      const sent = await send(
        { method: request.method, headers: range ? { range } : {} } as never,
        encodePath(file),
        {
          acceptRanges: true,
          cacheControl: false,
          etag: false,
          lastModified: true,
          contentType: false,
          dotfiles: 'allow',
          index: false,
          highWaterMark: 256 * 1024,
        },
      );
      if (sent.type === 'error') {
        if (sent.statusCode === 404) throw new AppError(ErrorCode.NOT_FOUND, messages.media.photoNotFound);
        if (sent.statusCode === 416) {
          return rangeNotSatisfiable(
            reply,
            Number(/\/(\d+)$/.exec(sent.headers['Content-Range'] ?? '')?.[1]),
          );
        }
        throw sent.metadata.error;
      }
      if (sent.type === 'file') {
        const { stat } = sent.metadata;
        // What a later whole answer from memory sends: the default type and disposition, whatever
        // this request asked for.
        const whole = plain ? headers : fileHeaders(key, undefined, undefined);
        hotFiles?.fill(key, file, stat, [
          ...whole,
          'last-modified',
          stat.mtime.toUTCString(),
          'content-length',
          String(stat.size),
        ]);
      }
      return reply.status(sent.statusCode).headers(sent.headers).send(sent.stream);
    },
  );
};
