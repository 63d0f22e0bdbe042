import { storageKeys } from '@ani/contract/limits';
import { paths } from '../config/paths';
import { getToken } from './session';

/**
 * Opens an event's album in a new tab as its owner. A new tab has its own (empty) session storage,
 * so the token travels through local storage as shared_token and the album page promotes it on load.
 * Used by every "open the album" control (events page, dashboard QR card), so none lands signed out.
 */
export function openAlbum(eventId: string): void {
  const token = getToken();
  if (token) window.localStorage.setItem(storageKeys.sharedToken, token);
  window.open(paths.event(eventId), '_blank', 'noopener');
}
