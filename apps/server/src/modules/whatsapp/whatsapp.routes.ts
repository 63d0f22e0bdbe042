import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@ani/contract/messages';
import { weddingIdQuery } from '@ani/contract/weddings';
import { conversationParams, conversationResponse, whatsappStatusResponse } from '@ani/contract/whatsapp';
import { currentUser, requireUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import { isValidSignature, sameSecret } from './whatsapp-signature.ts';
import type { WhatsappService } from './whatsapp.service.ts';

const wa = messages.whatsapp;

type Options = {
  service: WhatsappService;
  appSecret: string | undefined;
  verifyToken: string | undefined;
  /** Wakes the job runner once a delivery is committed as a job. */
  onWebhookQueued: () => void;
};

const handshakeQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/**
 * The webhook Meta calls. Its own plugin scope, because JSON here is kept as raw bytes: the
 * signature is an HMAC over exactly the bytes sent, so it is checked before anything parses them.
 */
const webhookRoutes: FastifyPluginAsync<Options> = async (fastify, options) => {
  const { service, appSecret, verifyToken } = options;
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Subscription handshake: echo the challenge when the verify token matches.
  app.get('/webhook', { schema: { querystring: handshakeQuery } }, async (request, reply) => {
    const q = request.query;
    if (
      q['hub.mode'] === 'subscribe' &&
      sameSecret(q['hub.verify_token'], verifyToken) &&
      q['hub.challenge']
    ) {
      return reply.type('text/plain; charset=utf-8').send(q['hub.challenge']);
    }
    throw new AppError(ErrorCode.FORBIDDEN, wa.verifyFailed);
  });

  app.post('/webhook', async (request, reply) => {
    const raw = request.body;
    if (
      !Buffer.isBuffer(raw) ||
      !isValidSignature(raw, request.headers['x-hub-signature-256'] as string | undefined, appSecret)
    ) {
      throw new AppError(ErrorCode.UNAUTHORIZED, wa.signatureInvalid);
    }
    let body: unknown;
    try {
      // NUL cannot be stored in PostgreSQL (text or jsonb): dropped here, after the signature check,
      // from parsed strings (editing the JSON text would break a guest's literal "\\u0000").
      body = JSON.parse(raw.toString('utf8'), (_key, value: unknown) =>
        typeof value === 'string' ? value.replaceAll('\u0000', '') : value,
      );
    } catch {
      throw new AppError(ErrorCode.VALIDATION, messages.generic.invalidInput);
    }
    // Answer at once (Meta retries slow answers); the work is a committed job by now.
    // A signed body that is not an object carries nothing to process.
    if (body !== null && typeof body === 'object') {
      await service.acceptWebhook(body);
      options.onWebhookQueued();
    }
    return reply.status(200).send({ success: true });
  });
};

export const whatsappRoutes: FastifyPluginAsync<Options> = async (fastify, options) => {
  const { service } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Explicit options: the parent's own (its prefix among them) must not be passed on again.
  await fastify.register(webhookRoutes, {
    service,
    appSecret: options.appSecret,
    verifyToken: options.verifyToken,
    onWebhookQueued: options.onWebhookQueued,
  });

  app.get(
    '/webhook/conversations/:weddingId/:phone',
    {
      onRequest: requireUser,
      schema: { params: conversationParams, response: { 200: conversationResponse } },
    },
    async (request) => ({
      success: true as const,
      messages: await service.conversation(
        currentUser(request),
        request.params.weddingId,
        request.params.phone,
      ),
    }),
  );

  app.get(
    '/weddings/whatsapp-status',
    {
      onRequest: requireUser,
      schema: { querystring: weddingIdQuery, response: { 200: whatsappStatusResponse } },
    },
    async (request) => ({
      success: true as const,
      ...(await service.status(currentUser(request), request.query.weddingId)),
    }),
  );
};
