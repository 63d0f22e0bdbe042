import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import {
  createWeddingInput,
  createWeddingResponse,
  uploadImageResponse,
  usernameQuery,
  weddingInfoResponse,
} from '@ani/contract/weddings';
import { currentUser, requireUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { WeddingsService } from './weddings.service.ts';

const w = messages.weddings;

/** Reads the single `image` field into memory (it is under 5 MB), mapping the multipart errors to Turkish. */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(ErrorCode.VALIDATION, w.fileMissing);
  try {
    // One byte below the limit is the largest accepted size: the rule is "under 5 MB".
    const file = await request.file({
      limits: { fileSize: limits.invitationImageMaxBytes - 1, files: 1, fields: 5 },
    });
    if (!file || file.fieldname !== 'image') {
      file?.file.resume();
      throw new AppError(ErrorCode.VALIDATION, w.fileMissing);
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, w.imageTooLarge);
    }
    // A broken or aborted form (the client's fault): the upload failure text, not a 500.
    throw new AppError(ErrorCode.VALIDATION, w.imageUploadFailed);
  }
}

export const weddingsRoutes: FastifyPluginAsync<{ service: WeddingsService }> = async (
  fastify,
  { service },
) => {
  // Registered in this plugin's scope only, unless an outer scope already parses multipart.
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/weddings/create',
    {
      onRequest: requireUser,
      schema: { body: createWeddingInput, response: { 201: createWeddingResponse } },
    },
    async (request, reply) => {
      const ids = await service.create(currentUser(request), request.body);
      return reply.status(201).send({ success: true, ...ids, message: w.created });
    },
  );

  app.get(
    '/weddings/info',
    {
      onRequest: requireUser,
      schema: { querystring: usernameQuery, response: { 200: weddingInfoResponse } },
    },
    async (request) => ({
      success: true as const,
      wedding: await service.info(currentUser(request), request.query.username),
    }),
  );

  app.post(
    '/weddings/upload-image',
    {
      onRequest: requireUser,
      schema: { querystring: usernameQuery, response: { 200: uploadImageResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      await service.assertCanUpload(user, request.query.username);
      const bytes = await readImageField(request);
      const imageUrl = await service.uploadInvitationImage(user, request.query.username, bytes);
      return { success: true as const, imageUrl, message: w.imageUploaded };
    },
  );
};
