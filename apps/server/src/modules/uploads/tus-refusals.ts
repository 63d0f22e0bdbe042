import { ERRORS, Server as TusServer } from '@tus/server';
import { messages } from '@ani/contract/messages';

const s = messages.submissions;

/**
 * Every refusal @tus/server raises by itself, in Turkish. Keyed by the library's own names, so a
 * refusal added by an upgrade fails the type check here instead of reaching a guest in English.
 */
const refusalTexts: Record<keyof typeof ERRORS, string> = {
  MISSING_OFFSET: s.protocolInvalid,
  INVALID_CONTENT_TYPE: s.protocolInvalid,
  INVALID_LENGTH: s.protocolInvalid,
  INVALID_METADATA: s.protocolInvalid,
  // Another request (a second tab resuming the same file) took the file over, or held it too long.
  ABORTED: s.sendingElsewhere,
  ERR_LOCK_TIMEOUT: s.sendingElsewhere,
  INVALID_TERMINATION: s.cannotCancelDone,
  FILE_NOT_FOUND: s.notFound,
  INVALID_OFFSET: s.offsetConflict,
  FILE_NO_LONGER_EXISTS: s.expired,
  ERR_SIZE_EXCEEDED: s.fileSizeExceeded,
  ERR_MAX_SIZE_EXCEEDED: messages.upload.maxTotalSize,
  UNKNOWN_ERROR: messages.generic.error,
  FILE_WRITE_ERROR: s.writeFailed,
  UNSUPPORTED_CONCATENATION_EXTENSION: s.unsupportedMethod,
  UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION: s.unsupportedMethod,
  UNSUPPORTED_EXPIRATION_EXTENSION: s.unsupportedMethod,
};

const byBody = new Map<string, { status_code: number; body: string }>(
  Object.entries(ERRORS).map(([name, error]) => [
    error.body,
    { status_code: error.status_code, body: refusalTexts[name as keyof typeof ERRORS] },
  ]),
);

/**
 * The Turkish form of a refusal tus raised, with the protocol's status; undefined for anything
 * else (our own refusals already carry their Turkish reason, and failures have no such body).
 */
export function tusRefusal(error: unknown): { status_code: number; body: string } | undefined {
  const body = typeof error === 'object' && error !== null ? (error as { body?: unknown }).body : undefined;
  return typeof body === 'string' ? byBody.get(body) : undefined;
}

/**
 * What a tus request's error tells the guest: the library's refusals in Turkish with their status,
 * ours as they are (they already carry their Turkish reason), anything else 500 with no detail.
 * `failure`: the error is ours to log (a refusal is not).
 */
export function tusErrorAnswer(error: unknown): { status_code: number; body: string; failure: boolean } {
  const known = tusRefusal(error);
  if (known) return { ...known, failure: known.status_code === 500 };
  const own =
    typeof error === 'object' && error !== null ? (error as { status_code?: unknown; body?: unknown }) : {};
  if (typeof own.status_code === 'number' && own.status_code < 500 && typeof own.body === 'string')
    return { status_code: own.status_code, body: own.body, failure: false };
  return { status_code: 500, body: messages.generic.error, failure: true };
}

/** A body tus writes straight out, without raising an error that `onResponseError` could see. */
function protocolText(status: number, body: string): string {
  // The protocol's own header checks: a missing Tus-Resumable (412) and malformed values such as
  // `Upload-Length: abc` (400, "Invalid upload-length"), answered before any handler runs.
  if ((status === 412 && body === 'Tus-Resumable Required\n') || (status === 400 && /^Invalid /.test(body)))
    return s.protocolInvalid;
  if (status === 404 && body === 'Not found\n') return messages.generic.notFoundRoute;
  return body;
}

/**
 * tus with every answer of its own in Turkish. Refusals it raises are mapped in `onResponseError`
 * (`tusRefusal`); the few it writes directly all pass through `write`, the one place they meet.
 */
export class TurkishTusServer extends TusServer {
  override write(...[context, headers, status, body]: Parameters<TusServer['write']>) {
    return super.write(context, headers, status, body && protocolText(status, body));
  }
}
