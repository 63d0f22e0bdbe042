import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { messages } from '@ani/contract/messages';
import type { PublicUser } from '@ani/contract/users';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { cn } from '../../../lib/cn';
import { formatLongDate } from '../../../lib/format-date';
import { meQuery } from '../../../lib/queries';
import { cancelAccountDeletion, requestAccountDeletion, requestDataExport } from '../api/profile-api';
import { useForgetEndedSessionErrors } from '../use-session-restart';
import { CardOutcome, profileCard, ProfileCardTitle } from './profile-card';

const m = messages.account;
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
  // One archive per visit: each new one replaces the last, whose mailed link would stop working.
  const idle = !exportData.isPending && !exportData.isSuccess;
  return (
    <section aria-labelledby="export-title" className={profileCard}>
      <ProfileCardTitle id="export-title">Verilerimi İndir</ProfileCardTitle>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Hesabınız, etkinlikleriniz, düğün bilgileriniz, davetli listeleriniz ve WhatsApp yazışmalarınız JSON
        ve CSV dosyaları olarak tek bir ZIP dosyasında hazırlanır. Albümleriniz arşive kopyalanmaz; her albüm
        için ayrı bir ZIP indirme bağlantısı eklenir. Hazır olduğunda indirme bağlantısını e-posta adresinize
        göndeririz; bağlantı 7 gün geçerlidir.
      </p>
      <CardOutcome
        success={exportData.data?.message}
        error={exportData.isError ? errorText(exportData.error) : null}
      />
      {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's start. */}
      <Button
        type="button"
        variant="outline"
        className="max-sm:min-h-11"
        aria-disabled={!idle || undefined}
        onClick={() => idle && exportData.mutate()}
      >
        <Download aria-hidden className="h-4 w-4" />{' '}
        {exportData.isPending ? m.exportPending : exportData.isSuccess ? m.exportDone : m.exportAction}
      </Button>
    </section>
  );
}

function AccountDeletionCard({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const scheduled = user.deletionScheduledAt;
  // The cancel button disappears once the deletion is called off; without this the focus would fall
  // back to <body> and a keyboard or screen-reader user would lose their place on the page.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusTitle = useRef(false);
  useEffect(() => {
    if (!scheduled && focusTitle.current) {
      focusTitle.current = false;
      titleRef.current?.focus();
    }
  }, [scheduled]);
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
  // Once the link is mailed the form goes (pressing again would only mail another link), and with it
  // the button that had the focus: the focus moves to the message that says what comes next.
  const sent = request.isSuccess && !scheduled;
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Pressed again while the request runs: the button keeps the focus (aria-disabled) and ignores it.
    if (request.isPending) return;
    if (!password) return setFormError(messages.auth.passwordRequired);
    setFormError(null);
    cancel.reset();
    request.mutate(password);
  }

  // Both states share one card, so its live regions are already in the page when their text comes.
  const success = sent ? (
    <>
      <p>{request.data.message}</p>
      <p>{m.deletionMailHint}</p>
    </>
  ) : cancel.isSuccess ? (
    cancel.data.message
  ) : null;
  const error = scheduled
    ? cancel.isError
      ? errorText(cancel.error)
      : null
    : (formError ?? (request.isError ? errorText(request.error) : null));

  return (
    <section
      aria-labelledby="delete-title"
      className={cn(profileCard, scheduled && 'ring-red-200 dark:ring-red-900')}
    >
      <ProfileCardTitle
        id="delete-title"
        ref={titleRef}
        tabIndex={-1}
        className={cn('outline-none', scheduled && 'text-red-800 dark:text-red-300')}
      >
        {scheduled ? 'Hesabınız silinmek üzere' : 'Hesabımı Sil'}
      </ProfileCardTitle>
      {scheduled ? (
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Hesabınız ve ona ait tüm veriler <strong>{formatLongDate(scheduled)}</strong> tarihinde kalıcı
          olarak silinecek. Vazgeçtiyseniz talebinizi bu tarihe kadar iptal edebilirsiniz.
        </p>
      ) : (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Hesabınız; etkinlikleriniz, albümlerinizdeki bütün fotoğraf ve videolar, davetli listeleriniz ve
          WhatsApp yazışmalarınızla birlikte kalıcı olarak silinir. Şifrenizi girdikten sonra e-posta
          adresinize bir onay bağlantısı göndeririz. Onayladığınızda tüm oturumlarınız kapanır ve silme işlemi
          7 gün sonra gerçekleşir; bu süre içinde giriş yapıp vazgeçebilirsiniz. Albümlerinizi saklamak
          istiyorsanız önce indirmeyi unutmayın.
        </p>
      )}
      <CardOutcome success={success} error={error} successRef={sent ? sentRef : undefined} />
      {scheduled ? (
        <Button
          type="button"
          className="max-sm:min-h-11"
          aria-disabled={cancel.isPending || undefined}
          onClick={() => {
            if (cancel.isPending) return;
            request.reset();
            cancel.mutate();
          }}
        >
          {cancel.isPending ? m.cancelPending : m.cancelAction}
        </Button>
      ) : sent ? null : (
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field id="delete-password" label="Şifreniz">
            <PasswordInput
              id="delete-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Button
            type="submit"
            variant="destructive"
            className="max-sm:min-h-11"
            aria-disabled={request.isPending || undefined}
          >
            <Trash2 aria-hidden className="h-4 w-4" /> {request.isPending ? m.deletePending : m.deleteAction}
          </Button>
        </form>
      )}
    </section>
  );
}
