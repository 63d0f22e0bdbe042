import { wallResponse, wallTokenParam, type WallResponse } from '@ani/contract/live';
import { messages } from '@ani/contract/messages';

/** The wall link was refused (expired, revoked, another event's): nothing a retry would fix. */
export class WallDenied extends Error {}

/**
 * A refusal of a link the server verified: its event was deleted. The server tells a link apart from a
 * forged one (403) before it looks for the event, so only a real link's holder hears this (404).
 */
export class WallGone extends WallDenied {}

/** A genuine link the couple has since renewed: the venue needs the new one (told to a verified link only). */
export class WallRenewed extends WallDenied {}

/** The server's message of a refusal, or null when its body is not the usual JSON error. */
async function refusalMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : null;
  } catch {
    return null;
  }
}

function withToken(path: string, token: string, extra: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ [wallTokenParam]: token, ...extra })}`;
}

/**
 * One page of GET /api/events/{id}/wall with the wall token (the first, or the one `nextToken` names).
 * Sent without the owner's Bearer on purpose: the token is what the venue computer has, and a refused
 * token must not sign the owner out of this tab.
 */
export async function fetchWall(
  eventId: string,
  token: string,
  options: { nextToken?: string | null; signal?: AbortSignal } = {},
): Promise<WallResponse> {
  const page = options.nextToken ? { nextToken: options.nextToken } : undefined;
  const response = await fetch(withToken(`/api/events/${encodeURIComponent(eventId)}/wall`, token, page), {
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  if (response.status === 404) throw new WallGone();
  if (response.status === 403 && (await refusalMessage(response)) === messages.wall.linkRenewed)
    throw new WallRenewed();
  if (response.status === 401 || response.status === 403) throw new WallDenied();
  if (!response.ok) throw new Error(`wall ${response.status}`);
  return wallResponse.parse(await response.json());
}

/**
 * The live stream's address. EventSource cannot send headers, so the token rides in the query; the list's
 * position goes along as `lastEventId` for the first connection (the browser's own reconnects send the
 * `Last-Event-ID` header).
 */
export function liveUrl(eventId: string, token: string, lastEventId: string): string {
  return withToken(`/api/events/${encodeURIComponent(eventId)}/live`, token, { lastEventId });
}
