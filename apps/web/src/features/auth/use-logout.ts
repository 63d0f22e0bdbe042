import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { limits } from '@ani/contract/limits';
import { clearSession, setLoggingOut } from '../../lib/session';
import { paths } from '../../config/paths';

/**
 * Logout, so a double click or a slow server cannot leave a half-signed-out tab: a flag disables the button ("Çıkış Yapılıyor..."), the
 * server revokes the token, menus close, and after 100 ms the user is on / with both storages and
 * the dashboard-animation flag cleared. A failed call is only logged.
 */
export function useLogout(onStart?: () => void) {
  const navigate = useNavigate();
  const [loggingOut, setFlag] = useState(false);
  const logout = useCallback(async () => {
    setFlag(true);
    setLoggingOut(true);
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
    clearSession({ forgetAnimation: true });
    setLoggingOut(false);
    setFlag(false);
  }, [navigate, onStart]);
  return { logout, loggingOut };
}
