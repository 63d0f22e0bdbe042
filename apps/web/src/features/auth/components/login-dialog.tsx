import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@ani/contract/errors';
import { loginInput } from '@ani/contract/users';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Field, FieldError, Input, Label } from '../../../components/ui/input';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { getSessionEnd, useSessionEnd } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { paths, redirectTarget } from '../../../config/paths';
import { loginUser, resendActivation } from '../api/auth-api';
import { signIn } from '../session-actions';
import { authTexts as t } from '../texts';
import { PasswordInput } from '../../../components/ui/password-input';
import type { AuthDialogProps } from './auth-dialogs';
import { AuthSwitchLink } from './auth-switch-link';
import { messages } from '@ani/contract/messages';

/**
 * The dialog's own toasts share one id: each replaces the last, so repeated tries (a wrong password,
 * an account waiting for its activation) never pile toasts over the fields they are about.
 */
const dialogToastId = 'login-dialog';

/**
 * After several wrong passwords the server makes each try wait (1 s, 2 s, 4 s …) and refuses any try,
 * the right password too, until then. A wait shorter than this is counted down on the button, which
 * stays disabled meanwhile; a longer one is only said, as the server words it.
 */
const countdownUnderSeconds = 60;

/** Whole seconds left until `until` (a Date.now() time), never below 0. */
const secondsLeft = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

export function LoginDialog({ open, onOpenChange, onSwitch, onCloseAutoFocus }: AuthDialogProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [banner, setBanner] = useState<{ message: string; notActivated: boolean } | null>(null);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [waitLeft, setWaitLeft] = useState(0);
  // Opened because the server refused the session in use: say so above the fields.
  const sessionEnded = useSessionEnd()?.reason === 'refused';

  useEffect(() => {
    if (waitUntil === null) return;
    const tick = window.setInterval(() => {
      const left = secondsLeft(waitUntil);
      setWaitLeft(left);
      if (left > 0) return;
      setWaitUntil(null);
      setBanner(null);
    }, 1000);
    return () => window.clearInterval(tick);
  }, [waitUntil]);
  const waiting = waitUntil !== null && waitLeft > 0;

  const login = useMutation({
    mutationFn: loginUser,
    onSuccess: (res) => {
      // Signed in again after the server refused this tab's session: the same host carries on where they
      // were (a page kept under this dialog, with what they typed); anyone else starts at the dashboard.
      const end = getSessionEnd();
      const resumes = end?.reason === 'refused' && end.userId === res.userId;
      signIn(res);
      onOpenChange(false);
      setPassword('');
      setBanner(null);
      // What the screens show was fetched with the old token, or failed with it: ask again.
      void queryClient.invalidateQueries();
      if (resumes) return;
      // Back to the page a guard turned the visitor away from, else the dashboard.
      navigate(redirectTarget(location.state) ?? paths.dashboard, { replace: true });
    },
    onError: (error) => {
      const message =
        error instanceof ApiError && error.kind === 'http' ? error.message : messages.auth.wrongCredentials;
      const notActivated = error instanceof ApiError && error.code === ErrorCode.NOT_ACTIVATED;
      const wait = error instanceof ApiError && error.status === 429 ? error.retryAfterSeconds : undefined;
      if (wait !== undefined && wait > 0 && wait < countdownUnderSeconds) {
        // The server's "… 1 saniye sonra …" would be out of date a second later: the button counts the
        // seconds, and the banner and the toast only say that a wait runs.
        setWaitUntil(Date.now() + wait * 1000);
        setWaitLeft(wait);
        setBanner({ message: messages.generic.rateLimited, notActivated: false });
        toast({
          id: dialogToastId,
          title: t.loginErrorTitle,
          description: messages.generic.rateLimited,
          variant: 'destructive',
        });
        return;
      }
      setBanner({ message, notActivated });
      toast({ id: dialogToastId, title: t.loginErrorTitle, description: message, variant: 'destructive' });
    },
  });

  const resend = useMutation({
    mutationFn: () => resendActivation(identifier.trim()),
    onSuccess: (res) => {
      setBanner(null);
      toast({ id: dialogToastId, title: t.resendSent, description: res.message, variant: 'success' });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (waiting) return;
    const parsed = loginInput.safeParse({ email: identifier, password });
    if (!parsed.success) {
      const errors: { email?: string; password?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'email' | 'password';
        errors[key] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="login-description" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t.loginTitle}</DialogTitle>
          <DialogDescription id="login-description">{t.loginDescription}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4">
          {sessionEnded && !banner ? <Alert tone="info">{messages.auth.sessionEnded}</Alert> : null}
          {banner ? (
            <Alert tone="error">
              <p>{banner.message}</p>
              {banner.notActivated && identifier.includes('@') ? (
                <Button
                  variant="link"
                  size="sm"
                  className="h-auto px-0 text-red-800"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate()}
                >
                  {t.resendActivation}
                </Button>
              ) : null}
            </Alert>
          ) : null}
          <Field id="login-identifier" label={t.identifierLabel}>
            <Input
              id="login-identifier"
              name="email"
              autoComplete="username"
              required
              placeholder={t.identifierPlaceholder}
              value={identifier}
              onChange={(e) => setIdentifier(e.target.value)}
              aria-invalid={!!fieldErrors.email}
              aria-describedby={fieldErrors.email ? 'login-identifier-error' : undefined}
            />
            <FieldError id="login-identifier-error">{fieldErrors.email}</FieldError>
          </Field>
          {/* "Şifremi unuttum" shows beside the label but follows the field in the page's order: Tab
              from the e-mail goes to the password, as a typed password must not land on the link. */}
          <div className="flex flex-wrap items-center justify-between gap-y-1.5">
            <Label htmlFor="login-password">{t.passwordLabel}</Label>
            <div className="order-1 basis-full">
              <PasswordInput
                id="login-password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={!!fieldErrors.password}
                aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
              />
            </div>
            <button
              type="button"
              className="cursor-pointer text-sm text-brand-700 hover:underline"
              onClick={() => onSwitch('forgot')}
            >
              {t.forgotPassword}
            </button>
            {fieldErrors.password ? (
              <div className="order-2 basis-full">
                <FieldError id="login-password-error">{fieldErrors.password}</FieldError>
              </div>
            ) : null}
          </div>
          <Button type="submit" className="w-full" disabled={login.isPending || waiting}>
            {login.isPending
              ? t.loginPending
              : waiting
                ? messages.auth.loginWaitSeconds.replace('{saniye}', String(waitLeft))
                : t.loginSubmit}
          </Button>
          <AuthSwitchLink to="register" onSwitch={onSwitch} prompt={t.noAccount}>
            {t.toRegister}
          </AuthSwitchLink>
        </form>
      </DialogContent>
    </Dialog>
  );
}
