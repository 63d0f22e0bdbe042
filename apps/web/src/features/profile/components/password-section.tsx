import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@ani/contract/messages';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { PasswordChecklist } from '../../../components/ui/password-checklist';
import { PasswordInput } from '../../../components/ui/password-input';
import { meQuery } from '../../../lib/queries';
import { toast } from '../../../lib/toast';
import { updateProfile } from '../api/profile-api';
import { useForgetEndedSessionErrors } from '../use-session-restart';
import { checkPassword, type PasswordForm } from '../profile-rules';
import { CardOutcome, profileCard, ProfileCardTitle } from './profile-card';

const empty: PasswordForm = { currentPassword: '', newPassword: '', confirmation: '' };

export function PasswordSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PasswordForm>(empty);
  // What the form's own checks refused; the server's refusal is the mutation's error.
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: Parameters<typeof updateProfile>[1]) => updateProfile(userId, input),
    onSuccess: (res) => {
      setForm(empty);
      // The server ended a pending e-mail change with the old password's links: the page follows it.
      const dropped = queryClient.getQueryData(meQuery.queryKey)?.user.pendingEmail && !res.user.pendingEmail;
      queryClient.setQueryData(meQuery.queryKey, { success: true as const, user: res.user });
      toast({
        title: 'Şifre Güncellendi',
        description: dropped ? `${res.message} ${messages.auth.emailChangeDroppedByPassword}` : res.message,
        variant: 'success',
      });
    },
  });
  useForgetEndedSessionErrors(save);
  const error = formError ?? (save.error ? save.error.message || messages.generic.error : null);
  const set = (key: keyof PasswordForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    // Pressed again while the save runs: the button keeps the focus (aria-disabled) and ignores it.
    if (save.isPending) return;
    const checked = checkPassword(form);
    if (!checked.ok) return setFormError(checked.message);
    setFormError(null);
    save.mutate(checked.input);
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="password-title" className={profileCard}>
      <ProfileCardTitle id="password-title">Şifre Değiştir</ProfileCardTitle>
      <CardOutcome error={error} />
      <Field id="profile-current-password" label="Mevcut Şifre">
        <PasswordInput
          id="profile-current-password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-new-password" label="Yeni Şifre">
          <PasswordInput
            id="profile-new-password"
            autoComplete="new-password"
            value={form.newPassword}
            onChange={set('newPassword')}
          />
        </Field>
        <Field id="profile-new-password-confirm" label="Yeni Şifre Tekrarı">
          <PasswordInput
            id="profile-new-password-confirm"
            autoComplete="new-password"
            value={form.confirmation}
            onChange={set('confirmation')}
          />
        </Field>
      </div>
      {form.newPassword ? (
        <PasswordChecklist
          id="profile-password-rules"
          password={form.newPassword}
          confirmation={form.confirmation}
        />
      ) : null}
      {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's start. */}
      <Button type="submit" className="max-sm:min-h-11" aria-disabled={save.isPending || undefined}>
        {save.isPending ? 'Kaydediliyor...' : 'Şifremi Güncelle'}
      </Button>
    </form>
  );
}
