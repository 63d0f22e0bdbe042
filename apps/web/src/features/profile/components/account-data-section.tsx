import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { messages } from '@ani/contract/messages';
import type { PublicUser } from '@ani/contract/users';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { cn } from '../../../lib/cn';
import { formatLongDate } from '../../../lib/format-date';
import { meQuery } from '../../../lib/queries';
import { cancelAccountDeletion, requestAccountDeletion, requestDataExport } from '../api/profile-api';
import { useForgetEndedSessionErrors } from '../use-session-restart';
import { FormError, profileCard, ProfileCardTitle } from './profile-card';

const errorText = (error: Error) => error.message || messages.generic.error;

/** KVKK rights on the profile page: take a copy of everything, or have the account deleted. */
export function AccountDataSection({ user }: { user: PublicUser }) {
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  // The dashboard's "Verilerim ve Hesabım" link lands here; the page renders after its data loads.
  useEffect(() => {
    if (hash === '#verilerim') ref.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <div id="verilerim" ref={ref} className="scroll-mt-24 space-y-8">
      <DataExportCard />
      <AccountDeletionCard user={user} />
    </div>
  );
}

function DataExportCard() {
  const exportData = useMutation({ mutationFn: requestDataExport });
  useForgetEndedSessionErrors(exportData);
  return (
    <section aria-labelledby="export-title" className={profileCard}>
      <ProfileCardTitle id="export-title">Verilerimi İndir</ProfileCardTitle>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Hesabınız, etkinlikleriniz, düğün bilgileriniz, davetli listeleriniz ve WhatsApp yazışmalarınız JSON
        ve CSV dosyaları olarak tek bir ZIP dosyasında hazırlanır. Albümleriniz arşive kopyalanmaz; her albüm
        için ayrı bir ZIP indirme bağlantısı eklenir. Hazır olduğunda indirme bağlantısını e-posta adresinize
        göndeririz; bağlantı 7 gün geçerlidir.
      </p>
      {exportData.isSuccess ? <Alert tone="success">{exportData.data.message}</Alert> : null}
      {exportData.isError ? <Alert tone="error">{errorText(exportData.error)}</Alert> : null}
      <Button
        type="button"
        variant="outline"
        onClick={() => exportData.mutate()}
        // One archive per visit: each new one replaces the last, whose mailed link would stop working.
        disabled={exportData.isPending || exportData.isSuccess}
      >
        <Download aria-hidden className="h-4 w-4" />{' '}
        {exportData.isPending
          ? 'İsteğiniz alınıyor...'
          : exportData.isSuccess
            ? 'İstek Alındı'
            : 'Verilerimi İndir'}
      </Button>
    </section>
  );
}

function AccountDeletionCard({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  // The cancel button disappears once the deletion is called off; without this the focus would fall
  // back to <body> and a keyboard or screen-reader user would lose their place on the page.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusTitle = useRef(false);
  useEffect(() => {
    if (!user.deletionScheduledAt && focusTitle.current) {
      focusTitle.current = false;
      titleRef.current?.focus();
    }
  }, [user.deletionScheduledAt]);
  const request = useMutation({
    mutationFn: requestAccountDeletion,
    onSuccess: () => setPassword(''),
  });
  const cancel = useMutation({
    mutationFn: cancelAccountDeletion,
    onSuccess: () => {
      focusTitle.current = true;
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });
  useForgetEndedSessionErrors(request, cancel);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setFormError(messages.auth.passwordRequired);
    setFormError(null);
    request.mutate(password);
  }

  if (user.deletionScheduledAt) {
    return (
      <section aria-labelledby="delete-title" className={cn(profileCard, 'ring-red-200 dark:ring-red-900')}>
        <ProfileCardTitle id="delete-title" className="text-red-800 dark:text-red-300">
          Hesabınız silinmek üzere
        </ProfileCardTitle>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Hesabınız ve ona ait tüm veriler <strong>{formatLongDate(user.deletionScheduledAt)}</strong>{' '}
          tarihinde kalıcı olarak silinecek. Vazgeçtiyseniz talebinizi bu tarihe kadar iptal edebilirsiniz.
        </p>
        {cancel.isError ? <Alert tone="error">{errorText(cancel.error)}</Alert> : null}
        <Button type="button" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
          {cancel.isPending ? 'İptal ediliyor...' : 'Silme Talebini İptal Et'}
        </Button>
      </section>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="delete-title" className={profileCard}>
      <ProfileCardTitle id="delete-title" ref={titleRef} tabIndex={-1} className="outline-none">
        Hesabımı Sil
      </ProfileCardTitle>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Hesabınız; etkinlikleriniz, albümlerinizdeki bütün fotoğraf ve videolar, davetli listeleriniz ve
        WhatsApp yazışmalarınızla birlikte kalıcı olarak silinir. Şifrenizi girdikten sonra e-posta adresinize
        bir onay bağlantısı göndeririz. Onayladığınızda tüm oturumlarınız kapanır ve silme işlemi 7 gün sonra
        gerçekleşir; bu süre içinde giriş yapıp vazgeçebilirsiniz. Albümlerinizi saklamak istiyorsanız önce
        indirmeyi unutmayın.
      </p>
      {cancel.isSuccess ? <Alert tone="success">{cancel.data.message}</Alert> : null}
      {request.isSuccess ? <Alert tone="success">{request.data.message}</Alert> : null}
      {formError || request.isError ? <FormError>{formError ?? errorText(request.error!)}</FormError> : null}
      <Field id="delete-password" label="Şifreniz">
        <PasswordInput
          id="delete-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Button type="submit" variant="destructive" disabled={request.isPending}>
        <Trash2 aria-hidden className="h-4 w-4" /> {request.isPending ? 'Gönderiliyor...' : 'Hesabımı Sil'}
      </Button>
    </form>
  );
}
