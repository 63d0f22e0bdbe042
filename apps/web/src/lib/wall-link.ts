import { wallLinkResponse } from '@ani/contract/live';
import { apiRequest } from './api-client';

/** POST /api/events/{id}/wall-link (owner): a signed link for the venue's screen; the caller reports failures. */
export function createWallLink(eventId: string) {
  return apiRequest(`/events/${encodeURIComponent(eventId)}/wall-link`, {
    method: 'POST',
    schema: wallLinkResponse,
    errorToast: false,
  });
}

/**
 * POST /api/events/{id}/wall-link/renew (owner): every wall link made before stops working; answers a
 * new one. The caller reports failures.
 */
export function renewWallLink(eventId: string) {
  return apiRequest(`/events/${encodeURIComponent(eventId)}/wall-link/renew`, {
    method: 'POST',
    schema: wallLinkResponse,
    errorToast: false,
  });
}

/** Where the owner's "Duvarı Aç" goes: the page asks for its own token with the owner's session. */
export function wallPath(eventId: string): string {
  return `/events/${encodeURIComponent(eventId)}/wall`;
}
