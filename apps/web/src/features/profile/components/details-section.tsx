import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@ani/contract/messages';
import type { PublicUser } from '@ani/contract/users';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { updateStoredUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { meQuery } from '../../../lib/queries';
import { updateProfile } from '../api/profile-api';
import { useForgetEndedSessionErrors } from '../use-session-restart';
import { checkDetails, displayPhone, emailChanging, splitName, type DetailsForm } from '../profile-rules';
import { PasswordInput } from '../../../components/ui/password-input';
import { CardOutcome, profileCard, ProfileCardTitle } from './profile-card';

export function DetailsSection({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  // The e-mail field holds the address that signs in (`email`); a new one waiting for its link is
  // named under it. The phone reads as hosts write it; the server keeps E.164.
  const [form, setForm] = useState<DetailsForm>(() => ({
    ...splitName(user.username),
    email: user.email,
    phoneNumber: displayPhone(user.phoneNumber),
  }));
  // What the form's own checks refused; the server's refusal is the mutation's error.
  const [formError, setFormError] = useState<string | null>(null);
  // The account changed elsewhere (the new address confirmed in another tab): a field the host has
  // not edited follows it.
  const [shown, setShown] = useState({ email: user.email, phone: user.phoneNumber });
  if (user.email !== shown.email || user.phoneNumber !== shown.phone) {
    setShown({ email: user.email, phone: user.phoneNumber });
    setForm((f) => ({
      ...f,
      email: f.email === shown.email ? user.email : f.email,
      phoneNumber:
        f.phoneNumber === displayPhone(shown.phone) ? displayPhone(user.phoneNumber) : f.phoneNumber,
    }));
  }
  const save = useMutation({
    mutationFn: (input: Parameters<typeof updateProfile>[1]) => updateProfile(user.userId, input),
    onSuccess: (res, input) => {
      // The stored user follows the server: `email` stays the confirmed address until the link is clicked.
      updateStoredUser({ username: res.user.username, email: res.user.email });
      queryClient.setQueryData(meQuery.queryKey, { success: true as const, user: res.user });
      setForm((f) => ({
        ...f,
        email: res.user.email,
        phoneNumber: displayPhone(res.user.phoneNumber),
        currentPassword: '',
      }));
      // Only a save that sent a new address asks for its confirmation; saving the phone while an
      // earlier change still waits is a plain update.
      const startedEmailChange = input.email !== undefined && res.user.pendingEmail !== null;
      toast({
        title: startedEmailChange ? 'E-posta Doğrulaması Gerekli' : 'Profil Güncellendi',
        description: res.message,
        variant: startedEmailChange ? 'info' : 'success',
      });
    },
  });
  useForgetEndedSessionErrors(save);
  const error = formError ?? (save.error ? save.error.message || messages.generic.error : null);

  const set = (key: keyof DetailsForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    // Pressed again while the save runs: the button keeps the focus (aria-disabled) and ignores it.
    if (save.isPending) return;
    const checked = checkDetails(form, user);
    if (!checked.ok) return setFormError(checked.message);
    setFormError(null);
    save.mutate(checked.input);
  }

  const pending = user.pendingEmail;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="details-title" className={profileCard}>
      <ProfileCardTitle id="details-title">Kişisel Bilgiler</ProfileCardTitle>
      <CardOutcome error={error} />
      {pending ? (
        <Alert tone="info" title="E-posta doğrulaması bekleniyor">
          {/* The address itself is named once, under the e-mail field. */}
          {messages.auth.emailChangePending}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-first-name" label="Ad">
          <Input
            id="profile-first-name"
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
          />
        </Field>
        <Field id="profile-last-name" label="Soyad">
          <Input
            id="profile-last-name"
            autoComplete="family-name"
            value={form.lastName}
            onChange={set('lastName')}
          />
        </Field>
      </div>
      <Field id="profile-email" label="E-posta">
        <Input
          id="profile-email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          aria-describedby={pending ? 'profile-email-pending' : undefined}
        />
        {pending ? (
          <p id="profile-email-pending" className="text-sm break-words text-stone-600 dark:text-stone-400">
            {messages.auth.emailPendingNote.replace('{eposta}', pending)}
          </p>
        ) : null}
      </Field>
      {emailChanging(form, save.data?.user ?? user) ? (
        <Field id="profile-email-password" label="Mevcut Şifreniz (e-posta değişikliği için)">
          <PasswordInput
            id="profile-email-password"
            autoComplete="current-password"
            aria-describedby="profile-email-password-hint"
            value={form.currentPassword ?? ''}
            onChange={set('currentPassword')}
          />
          <p id="profile-email-password-hint" className="text-sm text-stone-600 dark:text-stone-400">
            E-posta adresinizi değiştirmek için mevcut şifrenizi girin. Eski adresinize de bir bilgilendirme
            göndereceğiz.
          </p>
        </Field>
      ) : null}
      <Field id="profile-phone" label="Telefon Numarası">
        <Input
          id="profile-phone"
          type="tel"
          autoComplete="tel"
          value={form.phoneNumber}
          onChange={set('phoneNumber')}
        />
      </Field>
      {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's start. */}
      <Button type="submit" className="max-sm:min-h-11" aria-disabled={save.isPending || undefined}>
        {save.isPending ? 'Kaydediliyor...' : 'Bilgilerimi Kaydet'}
      </Button>
    </form>
  );
}
