import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@ani/contract/messages';
import { ErrorCode, type ErrorBody } from '@ani/contract/errors';
import { deadLinkLanding } from './dead-link-landing.ts';
import { AppError, statusOf } from './errors.ts';
import { RateLimitError } from './rate-limit.ts';

const body = (message: string, code: ErrorCode): ErrorBody => ({ success: false, message, code });

// Fastify's own client errors, in Turkish; anything else 4xx falls back to a generic text.
const fastifyClientErrors: Record<number, [string, ErrorCode]> = {
  400: [messages.generic.invalidInput, ErrorCode.VALIDATION],
  404: [messages.generic.notFoundRoute, ErrorCode.NOT_FOUND],
  413: [messages.generic.payloadTooLarge, ErrorCode.PAYLOAD_TOO_LARGE],
  415: [messages.generic.invalidInput, ErrorCode.UNSUPPORTED_MEDIA_TYPE],
  429: [messages.generic.rateLimited, ErrorCode.RATE_LIMITED],
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const landing = deadLinkLanding(request, error.code, error.message);
      if (landing) return reply.redirect(landing, 303);
      if (error instanceof RateLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(statusOf[error.code]).send(body(error.message, error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A link cut short (a mail program breaking a long line) lacks its signature's fields.
      const landing = deadLinkLanding(request, ErrorCode.VALIDATION);
      if (landing) return reply.redirect(landing, 303);
      const first = error.validation[0];
      return reply
        .status(400)
        .send(body(first?.message ?? messages.generic.invalidInput, ErrorCode.VALIDATION));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const [message, code] = fastifyClientErrors[status] ?? [
        messages.generic.invalidInput,
        ErrorCode.VALIDATION,
      ];
      return reply.status(status).send(body(message, code));
    }
    if (isDatabaseDataError(error)) {
      // PostgreSQL refused the value itself (a NUL byte, an out-of-range number): bad input, not a crash.
      return reply.status(400).send(body(messages.generic.invalidInput, ErrorCode.VALIDATION));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send(body(messages.generic.unavailable, ErrorCode.UNAVAILABLE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(messages.generic.error, ErrorCode.INTERNAL));
  });
}

/** SQLSTATE class 22: data exceptions caused by the value sent. */
function isDatabaseDataError(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
]);
function isDatabaseUnavailable(error: unknown): boolean {
  let e = error as { code?: string; cause?: unknown; message?: string } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code && unavailableCodes.has(e.code)) return true;
    if (e.message?.includes('Connection terminated')) return true;
    e = e.cause as typeof e;
  }
  return false;
}
