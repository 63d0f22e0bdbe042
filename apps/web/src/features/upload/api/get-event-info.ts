import { useCallback, useEffect, useRef, useState } from 'react';
import type { CoverSet, PublicEventInfo } from '@ani/contract/events';
import { eventInfoUrl } from '../../../upload-path';

/** The public info as the page needs it; `canAddPhotos` undefined is its own state, a null cover shows none. */
export type UploadEventInfo = Omit<PublicEventInfo, 'canAddPhotos' | 'cover'> & {
  canAddPhotos: boolean | undefined;
  cover: CoverSet | null;
};

class EventInfoError extends Error {
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
    cover: parseCover(e.cover),
    photoCount: typeof e.photoCount === 'number' ? e.photoCount : 0,
    canAddPhotos: typeof e.canAddPhotos === 'boolean' ? e.canAddPhotos : undefined,
    // Only an explicit false says the couple approves first; an older server's answer has no such field.
    autoApprovePhotos: e.autoApprovePhotos !== false,
  };
}

function parseCover(value: unknown): CoverSet | null {
  if (!value || typeof value !== 'object') return null;
  const { src, srcSetWebp, srcSetAvif } = value as Record<string, unknown>;
  return str(src) && str(srcSetWebp) && str(srcSetAvif) ? { src, srcSetWebp, srcSetAvif } : null;
}

/** GET /api/events/{id}/info — public; no token is sent. `early`: the same request, already started. */
async function fetchEventInfo(
  eventId: string,
  signal: AbortSignal,
  early: Promise<Response> | null,
): Promise<UploadEventInfo> {
  let response: Response;
  try {
    response = await (early ??
      fetch(eventInfoUrl(eventId), {
        headers: { Accept: 'application/json' },
        signal,
      }));
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

export type EventInfoState =
  | { status: 'pending' }
  | { status: 'error'; error: EventInfoError }
  | { status: 'success'; info: UploadEventInfo };

const retryDelays = [1000, 2000];

/**
 * The event's public info for the upload page, with `refresh` (after an upload, or the guest's tap).
 * A missing event stays missing; a flaky venue network gets two more tries. Plain state instead of
 * TanStack Query: the page starts on its own and keeps the query library out of a phone's first load.
 */
export function useEventInfo(
  eventId: string,
  earlyInfo?: Promise<Response>,
): { state: EventInfoState; refresh: () => void } {
  const [state, setState] = useState<EventInfoState>({ status: 'pending' });
  const [round, setRound] = useState(0);
  // The request main.tsx started serves the first attempt only (a response is read once).
  const early = useRef(earlyInfo ?? null);
  useEffect(() => {
    const controller = new AbortController();
    const attempt = async (tries: number): Promise<void> => {
      const started = early.current;
      early.current = null;
      try {
        const info = await fetchEventInfo(eventId, controller.signal, started);
        setState({ status: 'success', info });
      } catch (error) {
        if (controller.signal.aborted) return;
        const failure = error instanceof EventInfoError ? error : new EventInfoError('system', 'unknown');
        const delay = retryDelays[tries];
        if (failure.kind === 'missing' || delay === undefined) {
          // A refresh after an upload keeps showing the page it has instead of an error screen.
          setState((current) =>
            current.status === 'success' ? current : { status: 'error', error: failure },
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (!controller.signal.aborted) await attempt(tries + 1);
      }
    };
    void attempt(0);
    return () => controller.abort();
  }, [eventId, round]);
  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { state, refresh };
}
