import { z } from 'zod';

// Stable machine-readable codes; the server maps each to an HTTP status and the
// web client can branch on them (e.g. offer "resend activation" on NOT_ACTIVATED).
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_ACTIVATED: 'NOT_ACTIVATED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  INSUFFICIENT_STORAGE: 'INSUFFICIENT_STORAGE',
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ErrorCode).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
