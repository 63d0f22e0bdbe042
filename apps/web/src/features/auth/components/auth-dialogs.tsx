import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { getSessionEnd, settleSessionEnd, useSessionEnd } from '../../../lib/session';

export type AuthDialog = 'login' | 'register' | 'forgot' | null;

/** What every auth dialog takes: it is opened and closed here, and can switch to another one. */
export interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSwitch: (dialog: AuthDialog) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

interface AuthDialogsValue {
  open: (dialog: Exclude<AuthDialog, null>) => void;
  close: () => void;
}

const AuthDialogsContext = createContext<AuthDialogsValue | null>(null);

// The dialogs (and the zod schemas they validate with) are their own chunk: the landing page's first
// load stays small, and the chunk is fetched while the browser is idle so the first click is instant.
const loadDialogs = () => import('./auth-dialog-set');
const AuthDialogSet = lazy(() => loadDialogs().then((m) => ({ default: m.AuthDialogSet })));

/**
 * Sign-in lives in dialogs, not routes: one of login, register or forgot-password is
 * open at a time and they switch between each other. The terms text comes from the legal feature.
 * A session the server refused while the host used it opens the login dialog by itself; closing the
 * dialogs without signing in settles that ended session (a signed-in page then leaves for /).
 */
export function AuthDialogsProvider({
  termsContent,
  children,
}: {
  termsContent: ReactNode;
  children: ReactNode;
}) {
  const [current, setCurrentDialog] = useState<AuthDialog>(null);
  const [used, setUsed] = useState(false);
  const setCurrent = useCallback((dialog: AuthDialog) => {
    setCurrentDialog(dialog);
    if (dialog === null && getSessionEnd()?.reason === 'refused') settleSessionEnd();
  }, []);
  // The dialogs open from buttons that are not Radix triggers, so focus is returned by hand on close.
  const returnTo = useRef<HTMLElement | null>(null);
  const value = useMemo<AuthDialogsValue>(
    () => ({
      open: (dialog) => {
        if (!document.activeElement?.closest('[role="dialog"]'))
          returnTo.current = document.activeElement as HTMLElement | null;
        setUsed(true);
        setCurrent(dialog);
      },
      close: () => setCurrent(null),
    }),
    [setCurrent],
  );

  const end = useSessionEnd();
  useEffect(() => {
    if (end?.reason === 'refused') value.open('login');
  }, [end, value]);

  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    // Switching to another sign-in dialog: that one takes focus itself.
    if (document.querySelector('[role="dialog"]')) return;
    if (returnTo.current?.isConnected) returnTo.current.focus();
  }, []);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(() => void loadDialogs().catch(() => undefined));
  }, []);

  return (
    <AuthDialogsContext value={value}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <AuthDialogSet
            current={current}
            onChange={setCurrent}
            termsContent={termsContent}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </AuthDialogsContext>
  );
}

export function useAuthDialogs(): AuthDialogsValue {
  const value = use(AuthDialogsContext);
  if (!value) throw new Error('useAuthDialogs outside AuthDialogsProvider');
  return value;
}
