import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isLoggingOut, useSession } from '../lib/session';
import { accessDeniedToastId, toast } from '../lib/toast';
import { paths, type RedirectState } from '../config/paths';

const accessDeniedToast = {
  id: accessDeniedToastId,
  title: 'Erişim Engellendi',
  description: 'Bu sayfayı görüntülemek için giriş yapmalısınız.',
} as const;

/** Guard for /events and /dashboard/*: no token, no page; the attempted page rides along to the login. */
export function RequireAuth() {
  const { token } = useSession();
  const location = useLocation();
  const denied = token === null;

  useEffect(() => {
    // The fixed id keeps a double effect run (StrictMode) to one toast.
    if (denied && !isLoggingOut()) toast({ ...accessDeniedToast, variant: 'destructive' });
  }, [denied]);

  if (denied) {
    const state: RedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.home} replace state={isLoggingOut() ? undefined : state} />;
  }
  return <Outlet />;
}
