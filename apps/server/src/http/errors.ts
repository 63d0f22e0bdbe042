import { ErrorCode } from '@ani/contract/errors';

export { ErrorCode };

/** A failure the caller caused or may see; its message is Turkish and safe to show. */
export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }
}

export const statusOf: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_ACTIVATED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  REQUEST_TIMEOUT: 408,
  INSUFFICIENT_STORAGE: 507,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};
