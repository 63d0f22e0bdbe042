import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
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
import { paths } from '../../../config/paths';
import { registerUser } from '../api/auth-api';
import { checkRegisterForm, fieldProblem, type CheckedField, type RegisterForm } from '../register-rules';
import { afterRegister } from '../session-actions';
import { authTexts as t } from '../texts';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordInput } from '../../../components/ui/password-input';
import { TermsDialog } from './terms-dialog';
import type { AuthDialogProps } from './auth-dialogs';
import { AuthSwitchLink } from './auth-switch-link';

interface Props extends AuthDialogProps {
  termsContent: ReactNode;
}

const empty: RegisterForm = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  password: '',
  passwordConfirm: '',
  termsAccepted: false,
};

export function RegisterDialog({ open, onOpenChange, onSwitch, onCloseAutoFocus, termsContent }: Props) {
  const navigate = useNavigate();
  const [form, setForm] = useState<RegisterForm>(empty);
  const [error, setError] = useState<string | null>(null);
  const [showRules, setShowRules] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  // Fields the user has left: their problems show under them and follow the typing from then on.
  const [left, setLeft] = useState<ReadonlySet<CheckedField>>(new Set());
  const checked = (field: CheckedField, id: string) => {
    const problem = left.has(field) ? fieldProblem(field, form) : null;
    return {
      problem,
      errorId: `${id}-error`,
      props: {
        onBlur: () => setLeft((fields) => new Set(fields).add(field)),
        'aria-invalid': problem ? true : undefined,
        'aria-describedby': problem ? `${id}-error` : undefined,
      },
    };
  };
  const email = checked('email', 'register-email');
  const phone = checked('phoneNumber', 'register-phone');
  const password = checked('password', 'register-password');
  const confirmation = checked('passwordConfirm', 'register-password-confirm');

  const register = useMutation({
    mutationFn: registerUser,
    onSuccess: (res) => {
      afterRegister();
      setForm(empty);
      setLeft(new Set());
      setError(null);
      onOpenChange(false);
      toast({
        title: t.registerSuccessTitle,
        description: res.message ?? messages.auth.registered,
        variant: 'success',
        duration: limits.registerSuccessToastMs,
      });
      navigate(paths.home);
    },
    onError: (err) => {
      const message =
        err instanceof ApiError && err.kind === 'http'
          ? err.message
          : err.message || messages.auth.registerFailed;
      setError(message || messages.auth.registerFailed);
      toast({
        title: t.registerErrorTitle,
        description: message || messages.auth.registerFailed,
        variant: 'destructive',
      });
    },
  });

  /**
   * An error stays only while it still holds: filling in the last empty field takes "fill in every
   * field" away at once, and an edit takes away the server's answer to the form as it was.
   */
  const update = (next: RegisterForm) => {
    setForm(next);
    setError((current) => {
      if (current === null) return null;
      const check = checkRegisterForm(next);
      return !check.ok && check.message === current ? current : null;
    });
  };

  const set = (key: keyof RegisterForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    update({ ...form, [key]: key === 'termsAccepted' ? e.target.checked : e.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = checkRegisterForm(form);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    register.mutate(result.payload);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby="register-description"
        className="max-w-lg"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{t.registerTitle}</DialogTitle>
          <DialogDescription id="register-description">{t.registerDescription}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="register-first-name" label={t.firstName}>
              <Input
                id="register-first-name"
                autoComplete="given-name"
                required
                value={form.firstName}
                onChange={set('firstName')}
              />
            </Field>
            <Field id="register-last-name" label={t.lastName}>
              <Input
                id="register-last-name"
                autoComplete="family-name"
                required
                value={form.lastName}
                onChange={set('lastName')}
              />
            </Field>
          </div>
          <Field id="register-email" label={t.email}>
            <Input
              id="register-email"
              type="email"
              autoComplete="email"
              required
              value={form.email}
              onChange={set('email')}
              {...email.props}
            />
            <FieldError id={email.errorId}>{email.problem ?? undefined}</FieldError>
          </Field>
          <Field id="register-phone" label={t.phone}>
            <Input
              id="register-phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              placeholder={t.phonePlaceholder}
              value={form.phoneNumber}
              onChange={set('phoneNumber')}
              {...phone.props}
            />
            <FieldError id={phone.errorId}>{phone.problem ?? undefined}</FieldError>
          </Field>
          <div className="space-y-1.5">
            <div className="flex items-center justify-between">
              <Label htmlFor="register-password">{t.passwordLabel}</Label>
              <button
                type="button"
                onClick={() => setShowRules((v) => !v)}
                aria-expanded={showRules}
                aria-controls="register-password-rules"
                aria-label={t.passwordInfo}
                title={t.passwordInfo}
                className="cursor-pointer rounded-full p-1 text-brand-700 hover:bg-brand-50"
              >
                <Info aria-hidden className="h-4 w-4" />
              </button>
            </div>
            <PasswordInput
              id="register-password"
              autoComplete="new-password"
              required
              value={form.password}
              onChange={set('password')}
              {...password.props}
              onBlur={() => {
                password.props.onBlur();
                // The rule it breaks is in the checklist: it opens with the message.
                if (fieldProblem('password', form)) setShowRules(true);
              }}
            />
            <FieldError id={password.errorId}>{password.problem ?? undefined}</FieldError>
          </div>
          {showRules ? (
            <PasswordChecklist
              id="register-password-rules"
              password={form.password}
              confirmation={form.passwordConfirm}
            />
          ) : null}
          <Field id="register-password-confirm" label={t.passwordConfirm}>
            <PasswordInput
              id="register-password-confirm"
              autoComplete="new-password"
              required
              value={form.passwordConfirm}
              onChange={set('passwordConfirm')}
              {...confirmation.props}
            />
            <FieldError id={confirmation.errorId}>{confirmation.problem ?? undefined}</FieldError>
          </Field>
          <div className="flex items-start gap-2 text-sm">
            <input
              id="register-terms"
              type="checkbox"
              checked={form.termsAccepted}
              onChange={set('termsAccepted')}
              className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-brand-700"
            />
            <label htmlFor="register-terms" className="text-stone-700">
              <button
                type="button"
                className="cursor-pointer font-medium text-brand-700 underline"
                onClick={() => setTermsOpen(true)}
              >
                {t.termsLink}
              </button>
              {t.termsAfter}
            </label>
          </div>
          <Button type="submit" className="w-full" disabled={!form.termsAccepted || register.isPending}>
            {register.isPending ? t.registerPending : t.registerSubmit}
          </Button>
          <AuthSwitchLink to="login" onSwitch={onSwitch} prompt={t.haveAccount}>
            {t.toLogin}
          </AuthSwitchLink>
        </form>
        <TermsDialog
          open={termsOpen}
          onOpenChange={setTermsOpen}
          onAccept={() => {
            update({ ...form, termsAccepted: true });
            setTermsOpen(false);
          }}
        >
          {termsContent}
        </TermsDialog>
      </DialogContent>
    </Dialog>
  );
}
