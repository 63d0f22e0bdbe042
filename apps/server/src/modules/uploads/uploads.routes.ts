import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Server as TusServer } from '@tus/server';
import { eventIdParams } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import {
  createSubmissionInput,
  createSubmissionResponse,
  guestTokenHeader,
  submissionParams,
  submissionStatusResponse,
  tusChunkBytes,
} from '@ani/contract/uploads';
import { AppError, ErrorCode } from '../../http/errors.ts';
import { createSlots, onceClosed } from '../../http/slots.ts';
import { diskHeadroom } from '../../storage/disk-space.ts';
import type { SubmissionsService } from './submissions.service.ts';
import type { UploadsService } from './uploads.service.ts';
import type { createTusWrites, TusAnswer } from './tus-writes.ts';
import { tusErrorAnswer } from './tus-refusals.ts';

const s = messages.submissions;
const u = messages.upload;

/** The tus routes; the protocol answers refusals as plain text (the Turkish reason). */
export const tusPath = '/api/uploads';

/**
 * A phone's token is judged by its signature alone (and its length bounded there): one that is not
 * valid makes a new anonymous guest, or finds no submission, exactly like a forged one, never a
 * refusal of the request itself.
 */
const guestHeaders = z.object({ [guestTokenHeader]: z.string().optional() });

export const uploadsRoutes: FastifyPluginAsync<{
  submissions: SubmissionsService;
  service: UploadsService;
  tus: TusServer;
  /** Creation and PATCH, answered by our own handlers rather than the library's (see tus-writes.ts). */
  writes: ReturnType<typeof createTusWrites>;
  parallelUploadsPerIp: number;
  disk: { dataDir: string; minFreeBytes: number };
}> = async (fastify, { submissions, service, tus, writes, parallelUploadsPerIp, disk }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/events/:eventId/submissions',
    {
      // The spec's size rule answers 413 like the multipart path, not the schema's generic 400.
      attachValidation: true,
      schema: {
        params: eventIdParams,
        headers: guestHeaders,
        body: createSubmissionInput,
        response: { 201: createSubmissionResponse },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        const message = request.validationError.validation[0]?.message ?? messages.generic.invalidInput;
        throw new AppError(
          message === u.maxTotalSize ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.VALIDATION,
          message,
        );
      }
      const created = await submissions.createSubmission(request.params.eventId, request.body, {
        ip: request.ip,
        guestToken: request.headers[guestTokenHeader],
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/events/:eventId/submissions/:submissionId',
    {
      schema: {
        params: submissionParams,
        headers: guestHeaders,
        response: { 200: submissionStatusResponse },
      },
    },
    async (request) =>
      submissions.status(
        request.params.eventId,
        request.params.submissionId,
        request.headers[guestTokenHeader],
      ),
  );

  // tus 1.0. Fastify must leave the body alone: @tus/server reads the request stream itself.
  await app.register(async (tusScope) => {
    tusScope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );
    const inProgress = createSlots(parallelUploadsPerIp);

    // Headers go before the body: once sent, a reply takes no more (a later `.header()` is lost).
    const plain = (reply: FastifyReply, status: number, text: string, headers: Record<string, string> = {}) =>
      reply
        .status(status)
        .headers({ 'tus-resumable': '1.0.0', ...headers })
        .type('text/plain; charset=utf-8')
        .send(text);

    /** Our own handlers' answers, and their refusals answered like the library's. */
    const write = async (request: FastifyRequest, reply: FastifyReply, run: () => Promise<TusAnswer>) => {
      try {
        const answer = await run();
        return await reply.status(answer.status).headers(answer.headers).send();
      } catch (error) {
        const answer = tusErrorAnswer(error);
        if (answer.failure) request.log.error({ err: error }, 'tus upload failed');
        return plain(reply, answer.status_code, answer.body);
      }
    };

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const { ip } = request;
      // The database refuses a NUL in text: an address carrying one names no upload, and is the
      // request's fault rather than a failed query's 500.
      const uploadId = (request.params as { uploadId?: string }).uploadId;
      if (uploadId?.includes('\0')) {
        request.raw.resume();
        return plain(reply, 400, s.protocolInvalid);
      }
      const carriesBody =
        request.method === 'PATCH' ||
        (request.method === 'POST' && request.headers['content-type'] === 'application/offset+octet-stream');
      if (request.method === 'HEAD') {
        const known = await service.whereIs((request.params as { uploadId: string }).uploadId);
        if (known && 'complete' in known) {
          return reply
            .status(200)
            .headers({
              'tus-resumable': '1.0.0',
              'upload-offset': String(known.complete),
              'upload-length': String(known.complete),
              'cache-control': 'no-store',
            })
            .send();
        }
        if (known) return reply.status(410).header('tus-resumable', '1.0.0').send();
      }
      if (request.method === 'POST' && !carriesBody) {
        // A creation without bytes: any body it has (a client's stray one) is not read.
        request.raw.resume();
        return write(request, reply, () => writes.create(request.raw, false, ip));
      }
      if (!carriesBody) {
        reply.hijack();
        return tus.handle(request.raw, reply.raw);
      }
      // Every chunk says its length, so its bounds are checked before a byte of it is stored.
      const length = Number(request.headers['content-length']);
      if (request.headers['content-length'] === undefined || !Number.isSafeInteger(length) || length < 0)
        return plain(reply, 411, s.lengthRequired);
      if (length > tusChunkBytes) return plain(reply, 413, s.chunkTooLarge);
      if (length > (await diskHeadroom(disk.dataDir, disk.minFreeBytes)))
        return plain(reply, 507, u.diskFull);
      const overBudget = await service.bytesRefusal(ip, length);
      if (overBudget) {
        return plain(reply, overBudget.status_code, overBudget.body, {
          'retry-after': String(overBudget.retryAfterSeconds),
        });
      }
      const release = inProgress.take(ip);
      if (!release) return plain(reply, 429, u.tooManyParallel, { 'retry-after': '5' });
      // Counted until the response is done or its connection gone: a cut connection's request may
      // never see its answer written, so the handler's own end is not waited for. The client may
      // have left during the awaits above already.
      onceClosed(reply.raw, release);
      return write(request, reply, () =>
        request.method === 'PATCH'
          ? writes.patch(request.raw, (request.params as { uploadId: string }).uploadId, ip)
          : writes.create(request.raw, true, ip),
      );
    };

    // One route per method, so the API description can tell each one's answers (http/openapi.ts).
    for (const method of ['POST', 'OPTIONS'] as const)
      tusScope.route({ method, url: tusPath, handler: handle });
    for (const method of ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const)
      tusScope.route({ method, url: `${tusPath}/:uploadId`, handler: handle });
  });
};
