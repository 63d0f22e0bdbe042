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

const listeners = new Set<() => void>();
let snapshot: Session | null = null;
let loggingOut = false;

/** While a logout runs, guards stay quiet: leaving a protected page then is not an access attempt. */
export function setLoggingOut(value: boolean): void {
  loggingOut = value;
}

export function isLoggingOut(): boolean {
  return loggingOut;
}

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

/** Forget token and user everywhere (401 and logout). */
export function clearSession(options: { forgetAnimation?: boolean } = {}): void {
  for (const store of stores()) {
    store.removeItem(storageKeys.token);
    store.removeItem(storageKeys.user);
    if (options.forgetAnimation) store.removeItem(storageKeys.dashboardAnimationSeen);
  }
  emit();
}

function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing out changes local storage; follow it.
  const onStorage = () => emit();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
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

/** Re-read storage; tests and code that write storage directly call this. */
export function refreshSession(): void {
  emit();
}
