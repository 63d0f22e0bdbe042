import { storageKeys } from '@ani/contract/limits';
import { refreshSession } from '../lib/session';

/** A signed-in host, as the login page leaves the session behind. */
export function signInHost(): void {
  window.sessionStorage.setItem(storageKeys.token, 't');
  window.sessionStorage.setItem(
    storageKeys.user,
    JSON.stringify({ userId: 'u1', username: 'elifcan', email: 'e@example.com' }),
  );
  refreshSession();
}
