import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession, useSessionEnd } from '../lib/session';
import { accessDeniedToastId, toast } from '../lib/toast';
import { paths, type RedirectState } from '../config/paths';

const accessDeniedToast = {
  id: accessDeniedToastId,
  title: 'Erişim Engellendi',
  description: 'Bu sayfayı görüntülemek için giriş yapmalısınız.',
} as const;

/**
 * Guard for /events, /profile and /dashboard/*: no token, no page; the attempted page rides along to
 * the login. A session that ends while its page shows is no access attempt: a logout leaves quietly
 * for /, and a session the server refused keeps the page under the sign-in dialog (opened by the auth
 * dialogs), so what the host typed is still there after signing in again; closing that dialog leaves.
 */
export function RequireAuth() {
  const { token } = useSession();
  const end = useSessionEnd();
  const location = useLocation();
  // The guard stays mounted while its pages change; once it has let a session in, a missing token
  // later means that session ended here.
  const [openedSignedIn] = useState(token !== null);
  const denied = token === null && !openedSignedIn;

  useEffect(() => {
    // The fixed id keeps a double effect run (StrictMode) to one toast.
    if (denied) toast({ ...accessDeniedToast, variant: 'destructive' });
  }, [denied]);

  if (token !== null) return <Outlet />;
  if (denied) {
    const state: RedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.home} replace state={state} />;
  }
  if (end?.reason === 'refused') return <Outlet />;
  return <Navigate to={paths.home} replace />;
}
