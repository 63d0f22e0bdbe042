// The phone's guest token per event: the server answers it with the first submission, the
// page sends it with later ones (the same phone stays one uploader) and to list or delete its uploads.
// localStorage, not IndexedDB: the page reads it synchronously on its first render to decide whether
// "Yüklediklerim" is shown at all.
const key = (eventId: string) => `ani.guest-token.${eventId}`;

export function readGuestToken(eventId: string): string | null {
  try {
    return window.localStorage.getItem(key(eventId));
  } catch {
    // Storage disabled (a private window on an old Safari): the phone is simply not remembered.
    return null;
  }
}

export function saveGuestToken(eventId: string, token: string): void {
  try {
    window.localStorage.setItem(key(eventId), token);
  } catch {
    /* not remembered; the upload itself is not affected */
  }
}
