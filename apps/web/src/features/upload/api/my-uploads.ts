import { myUploadsTexts } from '../texts';
import { guestTokenHeader } from '../upload-protocol';
import { serverMessage } from './server-message';

type MyUploadState = 'processing' | 'pending' | 'approved';

export interface MyUpload {
  id: string;
  name: string | null;
  type: 'image' | 'video';
  state: MyUploadState;
  thumbnailUrl: string | null;
  /** Another phone sent the same file too: deleting leaves it in the album as theirs. */
  sentByOthersToo: boolean;
}

export interface MyUploads {
  uploads: MyUpload[];
  canDelete: boolean;
}

const states = new Set<string>(['processing', 'pending', 'approved']);
const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/my-uploads`;

// Read by hand (the contract's myUploadsResponse, field by field) so zod stays off the phone's download;
// an item this page cannot read is left out rather than failing the whole list.
function parseMyUploads(body: unknown): MyUploads | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (!Array.isArray(b.uploads) || typeof b.canDelete !== 'boolean') return null;
  const uploads = b.uploads.flatMap((item: unknown): MyUpload[] => {
    const u = (item ?? {}) as Record<string, unknown>;
    if (typeof u.id !== 'string' || !states.has(u.state as string)) return [];
    return [
      {
        id: u.id,
        name: typeof u.name === 'string' ? u.name : null,
        type: u.type === 'video' ? 'video' : 'image',
        state: u.state as MyUploadState,
        thumbnailUrl: typeof u.thumbnailUrl === 'string' ? u.thumbnailUrl : null,
        sentByOthersToo: u.sentByOthersToo === true,
      },
    ];
  });
  return { uploads, canDelete: b.canDelete };
}

/** GET /api/events/{id}/my-uploads with the phone's token. */
export async function fetchMyUploads(
  eventId: string,
  token: string,
  signal?: AbortSignal,
): Promise<MyUploads> {
  const response = await fetch(base(eventId), {
    headers: { Accept: 'application/json', [guestTokenHeader]: token },
    signal,
  });
  const parsed = response.ok ? parseMyUploads(await response.json().catch(() => null)) : null;
  if (!parsed) throw new Error(myUploadsTexts.loadFailed);
  return parsed;
}

/**
 * The server has no such item for this phone any more (404) although the list showed it: removed
 * meanwhile — the couple deleted or did not approve it, or another tab of this phone deleted it.
 */
export class MyUploadGoneError extends Error {}

/**
 * DELETE /api/events/{id}/my-uploads/{photoId}: the server's Turkish message, or throws with one
 * (a `MyUploadGoneError` when the item is no longer there).
 */
export async function deleteMyUpload(eventId: string, token: string, photoId: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${base(eventId)}/${encodeURIComponent(photoId)}`, {
      method: 'DELETE',
      headers: { Accept: 'application/json', [guestTokenHeader]: token },
    });
  } catch {
    throw new Error(myUploadsTexts.deleteFailed);
  }
  const message = serverMessage(await response.json().catch(() => null));
  if (response.status === 404) throw new MyUploadGoneError(message ?? myUploadsTexts.deleteFailed);
  if (!response.ok) throw new Error(message ?? myUploadsTexts.deleteFailed);
  return message ?? '';
}
