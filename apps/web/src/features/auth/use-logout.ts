import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { limits } from '@ani/contract/limits';
import { clearSession } from '../../lib/session';
import { paths } from '../../config/paths';

/**
 * Logout, so a double click or a slow server cannot leave a half-signed-out tab: a flag disables the button ("Çıkış Yapılıyor..."), the
 * server revokes the token, menus close, and after 100 ms the user is on / with both storages and
 * the dashboard-animation flag cleared. A failed call is only logged. The session is recorded as
 * signed out, so the signed-in page being left does not greet the user with "Erişim Engellendi",
 * and the other tabs holding the same token sign out too.
 */
export function useLogout(onStart?: () => void) {
  const navigate = useNavigate();
  const [loggingOut, setFlag] = useState(false);
  const logout = useCallback(async () => {
    setFlag(true);
    try {
      // Loaded on demand: the API module carries the contract's zod schemas, kept out of the first bundle.
      const { logoutUser } = await import('./api/auth-api');
      await logoutUser();
    } catch (error) {
      console.warn('[auth] logout call failed', error);
    }
    onStart?.();
    await new Promise((resolve) => setTimeout(resolve, limits.logoutRedirectMs));
    navigate(paths.home);
    clearSession({ forgetAnimation: true, reason: 'signed-out' });
    setFlag(false);
  }, [navigate, onStart]);
  return { logout, loggingOut };
}
