import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
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

export function LoginDialog({ open, onOpenChange, onSwitch, onCloseAutoFocus }: AuthDialogProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [banner, setBanner] = useState<{ message: string; notActivated: boolean } | null>(null);

  const login = useMutation({
    mutationFn: loginUser,
    onSuccess: (res) => {
      signIn(res);
      onOpenChange(false);
      setPassword('');
      setBanner(null);
      // Back to the page a guard turned the visitor away from, else the dashboard.
      navigate(redirectTarget(location.state) ?? paths.dashboard, { replace: true });
    },
    onError: (error) => {
      const message =
        error instanceof ApiError && error.kind === 'http' ? error.message : messages.auth.wrongCredentials;
      const notActivated = error instanceof ApiError && error.code === ErrorCode.NOT_ACTIVATED;
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
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? t.loginPending : t.loginSubmit}
          </Button>
          <AuthSwitchLink to="register" onSwitch={onSwitch} prompt={t.noAccount}>
            {t.toRegister}
          </AuthSwitchLink>
        </form>
      </DialogContent>
    </Dialog>
  );
}
