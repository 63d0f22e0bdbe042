import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { messages } from '@ani/contract/messages';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { Alert } from '../../../components/ui/alert';
import { resetPassword } from '../api/auth-api';
import { authTexts as t } from '../texts';
import { PasswordChecklist, passwordProblems } from '../../../components/ui/password-checklist';
import { PasswordInput } from '../../../components/ui/password-input';
import { useAuthDialogs } from './auth-dialogs';

/** Target of the reset e-mail (`/reset-password?token=…`): a new password under the register rules. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dialogs = useAuthDialogs();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // A link without its token (cut short when copied) can never work: said at once, with the way to a
  // new one, rather than after a password has been typed twice.
  const [error, setError] = useState<string | null>(token ? null : messages.auth.tokenInvalid);
  const reset = useMutation({
    mutationFn: () => resetPassword(token, password),
    onError: (err) => setError(err.message || messages.auth.tokenInvalid),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return setError(messages.auth.tokenInvalid);
    if (passwordProblems(password, confirmation).length > 0) return setError(messages.auth.passwordRules);
    setError(null);
    reset.mutate();
  }

  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <KeyRound aria-hidden className="mb-3 h-9 w-9 text-brand-700" />
        <h1 className="mb-2 text-3xl font-semibold text-stone-900">Yeni Şifre Belirleyin</h1>
        <p className="mb-6 text-sm text-stone-600">
          Hesabınız için yeni bir şifre seçin. Şifreniz kayıttaki kurallara uymalıdır.
        </p>
        {reset.isSuccess ? (
          <div className="space-y-4">
            <Alert tone="success">{reset.data.message}</Alert>
            <Button className="w-full" onClick={() => dialogs.open('login')}>
              {t.loginSubmit}
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4">
            {error ? (
              <Alert tone="error">
                <p>{error}</p>
                {error === messages.auth.tokenInvalid ? (
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto px-0 text-red-800"
                    onClick={() => dialogs.open('forgot')}
                  >
                    Yeni bağlantı iste
                  </Button>
                ) : null}
              </Alert>
            ) : null}
            <Field id="reset-password" label="Yeni Şifre">
              <PasswordInput
                id="reset-password"
                autoComplete="new-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <Field id="reset-password-confirm" label={t.passwordConfirm}>
              <PasswordInput
                id="reset-password-confirm"
                autoComplete="new-password"
                required
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
              />
            </Field>
            <PasswordChecklist id="reset-password-rules" password={password} confirmation={confirmation} />
            <Button type="submit" className="w-full" disabled={reset.isPending}>
              Şifremi Güncelle
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
