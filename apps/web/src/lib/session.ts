import { useSyncExternalStore } from 'react';
import { storageKeys } from '@ani/contract/limits';

/** What the browser remembers about the signed-in host. */
export interface SessionUser {
  userId: string;
  username: string;
  email: string;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
}

/**
 * Why this tab's session ended while it was in use: the host signed out (here, in another tab sharing
 * the token, or through a link that closes every session), or the server refused the token (a new
 * password, a logout elsewhere). A signed-in page tells these apart from a visitor who never signed
 * in: neither is an access attempt, and a refused session is offered a new sign-in in place.
 */
export type SessionEndReason = 'signed-out' | 'refused';

export interface SessionEnd {
  reason: SessionEndReason;
  /** Who was signed in, so signing in again as the same host can carry on where they were. */
  userId: string | null;
}

const listeners = new Set<() => void>();
let snapshot: Session | null = null;
let ended: SessionEnd | null = null;

function stores(): Storage[] {
  // Storage can throw (privacy modes); a missing store simply holds nothing.
  const result: Storage[] = [];
  try {
    result.push(window.localStorage);
  } catch {
    /* unavailable */
  }
  try {
    result.push(window.sessionStorage);
  } catch {
    /* unavailable */
  }
  return result;
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object') {
      const { userId, username, email } = value as Record<string, unknown>;
      if (typeof userId === 'string' && typeof username === 'string' && typeof email === 'string') {
        return { userId, username, email };
      }
    }
  } catch {
    /* a corrupt entry counts as no user */
  }
  return null;
}

function read(): Session {
  // Local storage first, then session storage.
  let token: string | null = null;
  let user: SessionUser | null = null;
  for (const store of stores()) {
    token ??= store.getItem(storageKeys.token);
    user ??= parseUser(store.getItem(storageKeys.user));
  }
  return { token, user };
}

function emit(): void {
  snapshot = read();
  // A token again (a new sign-in, a promoted shared token): whatever ended before is over.
  if (snapshot.token) ended = null;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  snapshot ??= read();
  return snapshot;
}

export function getToken(): string | null {
  return getSession().token;
}

/** A successful login keeps the token and user for this browser tab only (session storage). */
export function saveSession(token: string, user: SessionUser): void {
  window.sessionStorage.setItem(storageKeys.token, token);
  window.sessionStorage.setItem(storageKeys.user, JSON.stringify(user));
  emit();
}

/** After a profile update the stored user follows the server's answer, wherever it is stored. */
export function updateStoredUser(patch: Partial<SessionUser>): void {
  for (const store of stores()) {
    const current = parseUser(store.getItem(storageKeys.user));
    if (current) store.setItem(storageKeys.user, JSON.stringify({ ...current, ...patch }));
  }
  emit();
}

function removeStored(forgetAnimation: boolean): void {
  for (const store of stores()) {
    store.removeItem(storageKeys.token);
    store.removeItem(storageKeys.user);
    if (forgetAnimation) store.removeItem(storageKeys.dashboardAnimationSeen);
  }
}

/**
 * Forget token and user everywhere (401 and logout). With a reason, a session that was there is
 * recorded as ended (see `SessionEndReason`) and the other tabs holding the same token follow.
 */
export function clearSession(options: { forgetAnimation?: boolean; reason?: SessionEndReason } = {}): void {
  const before = getSession();
  removeStored(options.forgetAnimation ?? false);
  if (options.reason && before.token) {
    ended = { reason: options.reason, userId: before.user?.userId ?? null };
    signalOtherTabs(before.token, options.reason);
  }
  emit();
}

/** How the current session ended, while no new one has begun; null otherwise. */
export function getSessionEnd(): SessionEnd | null {
  return ended;
}

/** The ended session has been dealt with (the host closed the offered sign-in): forget it. */
export function settleSessionEnd(): void {
  if (!ended) return;
  ended = null;
  for (const listener of listeners) listener();
}

/*
 * Tabs sharing one token: the album and the live wall open in new tabs that carry the owner's token
 * over (owner-tab.ts), and a duplicated tab copies it. Session storage is per tab, so its changes reach
 * no other tab; a short note in local storage does, through the `storage` event. The note names the
 * token by its SHA-256, not the token itself (the token may still be valid when the logout call
 * failed), and is removed at once: only the event matters.
 */
const endSignalKey = 'session_ended';

async function tokenTag(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function signalOtherTabs(token: string, reason: SessionEndReason): void {
  tokenTag(token)
    .then((tag) => {
      window.localStorage.setItem(endSignalKey, JSON.stringify({ tag, reason, at: Date.now() }));
      window.localStorage.removeItem(endSignalKey);
    })
    // No secure context (no crypto.subtle) or no local storage: the other tabs learn it at their next call.
    .catch(() => undefined);
}

async function followOtherTab(raw: string): Promise<void> {
  let note: { tag?: unknown; reason?: unknown };
  try {
    note = JSON.parse(raw) as typeof note;
  } catch {
    return;
  }
  const reason = note.reason === 'refused' ? 'refused' : 'signed-out';
  const token = getToken();
  if (!token || typeof note.tag !== 'string' || (await tokenTag(token)) !== note.tag) return;
  // Still the same session after the hash (a sign-in may have happened meanwhile).
  if (getToken() !== token) return;
  const user = getSession().user;
  removeStored(false);
  ended = { reason, userId: user?.userId ?? null };
  emit();
}

function onStorage(event: StorageEvent): void {
  if (event.key === endSignalKey) {
    if (event.newValue) void followOtherTab(event.newValue).catch(() => undefined);
    return;
  }
  // Another tab changed a stored token or user (local storage); follow it.
  emit();
}

function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const signedOut: Session = { token: null, user: null };

/**
 * The prerendered landing page is the signed-out one; while the browser hydrates it the session reads
 * as signed out too, and React re-renders with the stored session right after.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, () => signedOut);
}

/** How the session ended while this tab used it (see `getSessionEnd`). */
export function useSessionEnd(): SessionEnd | null {
  return useSyncExternalStore(subscribeSession, getSessionEnd, () => null);
}

/** Re-read storage from scratch; tests and code that write storage directly call this. */
export function refreshSession(): void {
  ended = null;
  emit();
}
