import { storageKeys } from '@ani/contract/limits';
import { refreshSession } from '../../lib/session';

/**
 * The events page puts the host's token in local storage as shared_token before opening the album in a
 * new tab (a new tab has empty session storage). On load it becomes this tab's login token and the copy
 * is removed, so a token does not linger in local storage.
 */
export function promoteSharedToken(): void {
  try {
    const shared = window.localStorage.getItem(storageKeys.sharedToken);
    if (!shared) return;
    window.sessionStorage.setItem(storageKeys.token, shared);
    window.localStorage.removeItem(storageKeys.sharedToken);
    refreshSession();
  } catch {
    /* storage unavailable: nothing to promote */
  }
}
