import { queryOptions } from '@tanstack/react-query';
import type { PublicEventInfo } from '@ani/contract/events';

/** The public info as the page needs it; `canAddPhotos` undefined is its own state. */
export type UploadEventInfo = Omit<PublicEventInfo, 'canAddPhotos'> & { canAddPhotos: boolean | undefined };

export class EventInfoError extends Error {
  /** 'missing': the event does not exist (404/400); 'system': network, server or an answer we cannot read. */
  readonly kind: 'missing' | 'system';
  constructor(kind: 'missing' | 'system', message: string) {
    super(message);
    this.name = 'EventInfoError';
    this.kind = kind;
  }
}

const str = (v: unknown): v is string => typeof v === 'string';

// Read by hand instead of with the contract's zod schema: zod would add its weight to the page guests open
// on phones at the venue, and this answer has five fields. A missing canAddPhotos is kept as undefined.
function parseEventInfo(body: unknown): UploadEventInfo | null {
  if (!body || typeof body !== 'object') return null;
  const event = (body as Record<string, unknown>).event;
  if (!event || typeof event !== 'object') return null;
  const e = event as Record<string, unknown>;
  if (!str(e.title) || !str(e.eventDate)) return null;
  return {
    title: e.title,
    eventDate: e.eventDate,
    coverImage: str(e.coverImage) ? e.coverImage : '',
    photoCount: typeof e.photoCount === 'number' ? e.photoCount : 0,
    canAddPhotos: typeof e.canAddPhotos === 'boolean' ? e.canAddPhotos : undefined,
  };
}

/** GET /api/events/{id}/info — public; no token is sent. */
async function fetchEventInfo(eventId: string, signal?: AbortSignal): Promise<UploadEventInfo> {
  let response: Response;
  try {
    response = await fetch(`/api/events/${encodeURIComponent(eventId)}/info`, {
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new EventInfoError('system', 'network');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 404 || response.status === 400) {
    const message = body && typeof body === 'object' ? (body as Record<string, unknown>).message : undefined;
    throw new EventInfoError('missing', str(message) ? message : '');
  }
  if (!response.ok) throw new EventInfoError('system', String(response.status));
  const info = parseEventInfo(body);
  if (!info) throw new EventInfoError('system', 'shape');
  return info;
}

export const eventInfoQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event-info', eventId],
    queryFn: ({ signal }) => fetchEventInfo(eventId, signal),
    // A missing event stays missing; a flaky venue network deserves two more tries.
    retry: (count, error) => !(error instanceof EventInfoError && error.kind === 'missing') && count < 2,
    staleTime: 0,
  });
