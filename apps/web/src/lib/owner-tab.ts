import { useLayoutEffect, useState } from 'react';
import { storageKeys } from '@ani/contract/limits';
import { paths } from '../config/paths';
import { wallPath } from './wall-link';
import { getToken, refreshSession } from './session';

/**
 * The owner's pages that open in a new tab (the album, the live wall). A new tab has its own, empty
 * session storage, and a link with `noopener` copies none, so the token travels through local
 * storage as shared_token and the page promotes it on load. Every control that opens one of these
 * pages goes through here, so none lands signed out.
 */
function openAsOwner(path: string): void {
  const token = getToken();
  if (token) window.localStorage.setItem(storageKeys.sharedToken, token);
  window.open(path, '_blank', 'noopener');
}

/** The event's album in a new tab (events page, dashboard QR card). */
export const openAlbum = (eventId: string) => openAsOwner(paths.event(eventId));

/** The event's live wall in a new tab ("Duvarı Aç"): the wall asks for its own token with the session. */
export const openWall = (eventId: string) => openAsOwner(wallPath(eventId));

/**
 * On load of such a page: the shared_token becomes this tab's login token and the copy is removed, so
 * a token does not linger in local storage.
 */
function promoteSharedToken(): void {
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

/**
 * Promotes a handed-over token before the page's first paint; true once that has happened, so the
 * page asks nothing with the session before it is there. Promotion writes storage and notifies the
 * header, so it runs after render, not in it.
 */
export function useSharedTokenPromoted(): boolean {
  const [promoted, setPromoted] = useState(false);
  useLayoutEffect(() => {
    promoteSharedToken();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the flag records that the write above happened
    setPromoted(true);
  }, []);
  return promoted;
}
