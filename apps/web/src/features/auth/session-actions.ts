import { clearSession, saveSession } from '../../lib/session';
import type { AuthResponse } from '@ani/contract/users';

/** Logged out -> logged in: keep token and user. */
export function signIn(res: AuthResponse): void {
  saveSession(res.token, { userId: res.userId, username: res.username, email: res.email });
}

/** Registration does not sign in: it only clears any previous user. */
export function afterRegister(): void {
  clearSession();
}
