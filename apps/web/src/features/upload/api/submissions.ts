import { submissionTexts, uploadTexts } from '../texts';
import { retryAfterSeconds } from './retry-after';
import { serverMessage } from './server-message';
import type { PendingFileState } from '../pending-upload';
import { guestTokenHeader } from '../upload-protocol';

// Read by hand instead of with the contract's zod schemas, like the event info: zod would add its
// weight to the phone's download for answers of three fields.

/**
 * The submission was refused as a whole (closed, limits, quota, rate): the server's Turkish message,
 * and for a 429 the seconds its `Retry-After` asked to wait (null when it named none).
 */
export class SubmissionError extends Error {
  readonly status: number;
  readonly retryAfterSeconds: number | null;
  constructor(message: string, status: number, retryAfter: number | null = null) {
    super(message);
    this.name = 'SubmissionError';
    this.status = status;
    this.retryAfterSeconds = retryAfter;
  }
}

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/submissions`;
const headers = (guestToken: string | null): Record<string, string> =>
  guestToken
    ? { Accept: 'application/json', [guestTokenHeader]: guestToken }
    : { Accept: 'application/json' };

async function call(
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown; retryAfter: number | null }> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new SubmissionError(submissionTexts.connectionLost, 0);
  }
  return {
    status: response.status,
    body: await response.json().catch(() => undefined),
    retryAfter: retryAfterSeconds(response.headers.get('retry-after')),
  };
}

/** POST /api/events/{id}/submissions: the selection announced, before any byte is sent. */
export async function createSubmission(
  eventId: string,
  input: { uploader: string; note: string; files: { name: string; size: number; type: string }[] },
  guestToken: string | null,
): Promise<{ submissionId: string; guestToken: string }> {
  const { status, body, retryAfter } = await call(base(eventId), {
    method: 'POST',
    headers: { ...headers(guestToken), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      uploader: input.uploader.trim(),
      note: input.note.trim() || null,
      files: input.files,
    }),
  });
  const b = (body ?? {}) as Record<string, unknown>;
  if (status === 201 && typeof b.submissionId === 'string' && typeof b.guestToken === 'string') {
    return { submissionId: b.submissionId, guestToken: b.guestToken };
  }
  throw new SubmissionError(serverMessage(body) ?? uploadTexts.failed, status, retryAfter);
}

export interface SubmissionFileStatus {
  name: string;
  size: number;
  state: PendingFileState | 'receiving';
  /** Bytes of the file the server holds: all of a settled one, what arrived so far of one it is receiving. */
  offset: number;
  reason: string | null;
}

const fileStates = new Set(['waiting', 'receiving', 'accepted', 'duplicate', 'refused']);

/**
 * GET /api/events/{id}/submissions/{sid}: where each file stands on the server, read when the page
 * continues an upload. Null when the submission is gone (expired and swept, or not this phone's).
 */
export async function getSubmissionStatus(
  eventId: string,
  submissionId: string,
  guestToken: string | null,
): Promise<SubmissionFileStatus[] | null> {
  const { status, body } = await call(`${base(eventId)}/${encodeURIComponent(submissionId)}`, {
    headers: headers(guestToken),
  });
  if (status === 404 || status === 401) return null;
  const files = body && typeof body === 'object' ? (body as Record<string, unknown>).files : undefined;
  if (status !== 200 || !Array.isArray(files)) {
    throw new SubmissionError(serverMessage(body) ?? uploadTexts.failed, status);
  }
  return files.flatMap((f: unknown) => {
    const r = (f ?? {}) as Record<string, unknown>;
    if (typeof r.name !== 'string' || typeof r.size !== 'number' || !fileStates.has(r.state as string))
      return [];
    // Only drives the progress shown; an answer without a usable offset counts as nothing arrived yet.
    const offset =
      typeof r.offset === 'number' && Number.isFinite(r.offset) ? Math.min(Math.max(0, r.offset), r.size) : 0;
    return [
      {
        name: r.name,
        size: r.size,
        state: r.state as SubmissionFileStatus['state'],
        offset,
        reason: typeof r.reason === 'string' ? r.reason : null,
      },
    ];
  });
}
