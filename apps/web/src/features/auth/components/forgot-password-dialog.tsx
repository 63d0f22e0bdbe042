import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { emailOnlyInput } from '@ani/contract/users';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Field, FieldError, Input } from '../../../components/ui/input';
import { Alert } from '../../../components/ui/alert';
import { requestPasswordReset } from '../api/auth-api';
import { authTexts as t } from '../texts';
import type { AuthDialogProps } from './auth-dialogs';
import { AuthSwitchLink } from './auth-switch-link';

export function ForgotPasswordDialog({ open, onOpenChange, onSwitch, onCloseAutoFocus }: AuthDialogProps) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const forgot = useMutation({ mutationFn: requestPasswordReset });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailOnlyInput.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    forgot.mutate(parsed.data.email);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) forgot.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent aria-describedby="forgot-description" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t.forgotTitle}</DialogTitle>
          <DialogDescription id="forgot-description">{t.forgotDescription}</DialogDescription>
        </DialogHeader>
        {forgot.isSuccess ? (
          <div className="space-y-4">
            <Alert tone="success" title={t.forgotSentTitle}>
              {forgot.data.message}
            </Alert>
            <Button className="w-full" onClick={() => onSwitch('login')}>
              {t.backToLogin}
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4">
            <Field id="forgot-email" label={t.email}>
              <Input
                id="forgot-email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={!!fieldError}
                aria-describedby={fieldError ? 'forgot-email-error' : undefined}
              />
              <FieldError id="forgot-email-error">{fieldError}</FieldError>
            </Field>
            <Button type="submit" className="w-full" disabled={forgot.isPending}>
              {t.forgotSubmit}
            </Button>
            <AuthSwitchLink to="login" onSwitch={onSwitch}>
              {t.backToLogin}
            </AuthSwitchLink>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
