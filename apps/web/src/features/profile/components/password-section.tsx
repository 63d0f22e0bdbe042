import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messages } from '@ani/contract/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/input';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../lib/toast';
import { updateProfile } from '../api/profile-api';
import { checkPassword, type PasswordForm } from '../profile-rules';

const empty: PasswordForm = { currentPassword: '', newPassword: '', confirmation: '' };

export function PasswordSection({ userId }: { userId: string }) {
  const [form, setForm] = useState<PasswordForm>(empty);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: Parameters<typeof updateProfile>[1]) => updateProfile(userId, input),
    onSuccess: (res) => {
      setForm(empty);
      setError(null);
      toast({ title: 'Şifre Güncellendi', description: res.message, variant: 'success' });
    },
    onError: (err) => setError(err.message || messages.generic.error),
  });
  const set = (key: keyof PasswordForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkPassword(form);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    save.mutate(checked.input);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="password-title"
      className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 dark:bg-stone-900 dark:ring-stone-800"
    >
      <h2 id="password-title" className="font-sans text-lg font-semibold text-stone-900 dark:text-stone-100">
        Şifre Değiştir
      </h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="space-y-1.5">
        <Label htmlFor="profile-current-password">Mevcut Şifre</Label>
        <PasswordInput
          id="profile-current-password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="profile-new-password">Yeni Şifre</Label>
          <PasswordInput
            id="profile-new-password"
            autoComplete="new-password"
            value={form.newPassword}
            onChange={set('newPassword')}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="profile-new-password-confirm">Yeni Şifre Tekrarı</Label>
          <PasswordInput
            id="profile-new-password-confirm"
            autoComplete="new-password"
            value={form.confirmation}
            onChange={set('confirmation')}
          />
        </div>
      </div>
      {form.newPassword ? (
        <PasswordChecklist
          id="profile-password-rules"
          password={form.newPassword}
          confirmation={form.confirmation}
        />
      ) : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Kaydediliyor...' : 'Şifremi Güncelle'}
      </Button>
    </form>
  );
}
