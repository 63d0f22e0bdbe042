import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { coverFileParams, eventIdParams, eventResponse, setCoverInput } from '@ani/contract/events';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { currentUser, requireUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { CoversService } from './covers.service.ts';

const c = messages.cover;

/** The single `image` part of a cover upload, as a stream (never buffered whole). */
async function imagePart(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(ErrorCode.VALIDATION, c.fileMissing);
  let part;
  try {
    // One byte over the limit is enough to know it is too big: the parser then marks it truncated.
    part = await request.file({
      limits: { fileSize: limits.coverUploadMaxBytes, files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: false,
    });
  } catch {
    throw new AppError(ErrorCode.VALIDATION, c.fileMissing);
  }
  if (!part || part.fieldname !== 'image') {
    part?.file.resume();
    throw new AppError(ErrorCode.VALIDATION, c.fileMissing);
  }
  return part.file;
}

export const coversRoutes: FastifyPluginAsync<{ service: CoversService }> = async (fastify, { service }) => {
  // Registered in this plugin's scope only, unless an outer scope already parses multipart.
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/events/:eventId/cover',
    {
      onRequest: requireUser,
      schema: { params: eventIdParams, body: setCoverInput, response: { 200: eventResponse } },
    },
    async (request) => ({
      success: true as const,
      message: c.updated,
      event: await service.set(currentUser(request), request.params.eventId, request.body),
    }),
  );

  app.post(
    '/events/:eventId/cover',
    { onRequest: requireUser, schema: { params: eventIdParams, response: { 200: eventResponse } } },
    async (request) => {
      const user = currentUser(request);
      await service.assertCanUpload(user, request.params.eventId);
      const file = await imagePart(request);
      try {
        return {
          success: true as const,
          message: c.updated,
          event: await service.upload(user, request.params.eventId, file),
        };
      } catch (error) {
        // A refusal before the part was read to its end must still drain it, or the request hangs.
        file.resume();
        throw error;
      }
    },
  );

  // Public: the guest upload page shows the cover without a session. The name is the content's hash,
  // so the answer never changes: any cache may keep it for a year.
  app.get('/events/:eventId/cover/:file', { schema: { params: coverFileParams } }, async (request, reply) => {
    const etag = `"${request.params.file}"`;
    const cacheable = () =>
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return cacheable().status(304).send();
    // A missing file answers the usual JSON 404, without the year-long caching.
    const file = await service.file(request.params.eventId, request.params.file);
    return cacheable()
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .send(await service.open(file.key));
  });
};
