import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, MailWarning } from 'lucide-react';
import { accountLinkParam, accountLinkResults, type AccountLinkResult } from '@ani/contract/users';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/input';
import { Alert } from '../../../components/ui/alert';
import { clearSession, getToken, updateStoredUser } from '../../../lib/session';
import { fetchMe, resendActivation } from '../api/auth-api';
import { useAuthDialogs } from './auth-dialogs';

/** `next`: what the dialog offers: signing in, a new activation link, or only closing. */
const results: Record<
  AccountLinkResult,
  { title: string; text: string; ok: boolean; next: 'login' | 'resend' | 'close' }
> = {
  activated: {
    title: 'Hesabınız Etkinleştirildi',
    text: 'Hoş geldiniz! Hesabınız başarıyla etkinleştirildi. Artık giriş yaparak dijital albümünüzü yönetebilirsiniz.',
    ok: true,
    next: 'login',
  },
  'already-active': {
    title: 'Hesabınız Zaten Etkin',
    text: 'Bu etkinleştirme bağlantısı daha önce kullanılmış; hesabınız zaten etkin. Giriş yapabilirsiniz.',
    ok: true,
    next: 'login',
  },
  'email-changed': {
    title: 'E-posta Adresiniz Güncellendi',
    text: 'Yeni e-posta adresiniz onaylandı. Bundan sonra giriş yaparken bu adresi kullanabilirsiniz.',
    ok: true,
    next: 'close',
  },
  'deletion-scheduled': {
    title: 'Hesap Silme Talebiniz Onaylandı',
    text: 'Tüm oturumlarınız kapatıldı. Hesabınız ve verileriniz 7 gün sonra kalıcı olarak silinecek. Vazgeçerseniz bu süre içinde giriş yapıp Profil sayfasından talebinizi iptal edebilirsiniz.',
    ok: true,
    next: 'login',
  },
  'email-change-cancelled': {
    title: 'E-posta Değişikliği İptal Edildi',
    text: 'E-posta adresiniz eski haline getirildi ve hesabınızdaki bütün oturumlar kapatıldı. Güvenliğiniz için giriş yaptıktan sonra şifrenizi değiştirmenizi öneririz.',
    ok: true,
    next: 'login',
  },
  expired: {
    title: 'Bağlantının Süresi Dolmuş',
    text: 'Bu bağlantının süresi dolmuş. Hesap etkinleştirme bağlantınızsa aşağıdan yenisini isteyebilirsiniz.',
    ok: false,
    next: 'resend',
  },
  invalid: {
    title: 'Geçersiz Bağlantı',
    text: 'Bu bağlantı geçersiz veya daha önce kullanılmış. Hesap etkinleştirme bağlantınızsa aşağıdan yenisini isteyebilirsiniz.',
    ok: false,
    next: 'resend',
  },
  // Not an activation link: a new activation mail would not help, the profile page makes a new link.
  'profile-link-invalid': {
    title: 'Bağlantı Artık Geçerli Değil',
    text: 'Bu bağlantının süresi dolmuş, daha önce kullanılmış ya da şifreniz değiştiği için iptal edilmiş. Gerekiyorsa giriş yapıp Profil sayfasından yeniden isteyebilirsiniz. Hesabınıza giremiyorsanız İletişim sayfasından bize yazın.',
    ok: false,
    next: 'close',
  },
  'file-link-invalid': {
    title: 'İndirme Bağlantısı Geçersiz',
    text: 'Bu indirme bağlantısının süresi dolmuş ya da bağlantı eksik kopyalanmış. Verilerinizin bağlantısıysa Profil sayfasındaki “Verilerimi İndir” ile, albümün bağlantısıysa albüm sayfasındaki “Albümü İndir” ile yenisini alabilirsiniz.',
    ok: false,
    next: 'close',
  },
  'album-empty': {
    title: 'Albüm Henüz Boş',
    text: 'Bu albümde henüz indirilecek fotoğraf ya da video yok. Misafirleriniz yükledikten sonra albüm sayfasındaki “Albümü İndir” ile indirebilirsiniz.',
    ok: false,
    next: 'close',
  },
  'file-gone': {
    title: 'Dosya Bulunamadı',
    text: 'Bu dosya silinmiş ya da yerine daha yeni bir dosya hazırlanmış. Verilerinizin bağlantısıysa son gönderdiğimiz e-postadaki bağlantıyı kullanın ya da Profil sayfasındaki “Verilerimi İndir” ile yenisini isteyin.',
    ok: false,
    next: 'close',
  },
};

/** Results whose link closed every session of the account on the server: this tab's token is dead too. */
const endsSessions: ReadonlySet<AccountLinkResult> = new Set([
  'deletion-scheduled',
  'email-change-cancelled',
]);

function isResult(value: string | null): value is AccountLinkResult {
  return accountLinkResults.includes(value as AccountLinkResult);
}

/**
 * The server redirects activation and e-mail-confirmation links to `/?hesap=<result>`; this shows the
 * result once and removes the parameter so a reload or a shared URL does not show it again.
 */
export function AccountLinkResultDialog() {
  const [params, setParams] = useSearchParams();
  const [result, setResult] = useState<AccountLinkResult | null>(null);
  const dialogs = useAuthDialogs();
  const value = params.get(accountLinkParam);

  // The result is taken while rendering (before the effect below drops it from the address).
  if (isResult(value) && value !== result) setResult(value);

  useEffect(() => {
    if (value === null) return;
    setParams(
      (prev) => {
        prev.delete(accountLinkParam);
        return prev;
      },
      { replace: true },
    );
    // The dialog says every session was closed and offers "Giriş Yap": the header must agree at once
    // instead of showing "Hesabım" until the dead token's next call is refused.
    if (isResult(value) && endsSessions.has(value)) clearSession({ reason: 'signed-out' });
    // A signed-in host who confirmed a new address sees it in the stored user at once.
    if (value === 'email-changed' && getToken()) {
      fetchMe()
        .then((res) => updateStoredUser({ email: res.user.email }))
        .catch(() => undefined);
    }
  }, [value, setParams]);

  const info = result ? results[result] : null;
  return (
    <Dialog open={info !== null} onOpenChange={(open) => !open && setResult(null)}>
      {info ? (
        <DialogContent aria-describedby="account-link-text">
          <DialogHeader>
            <div className={info.ok ? 'text-emerald-600' : 'text-amber-600'}>
              {info.ok ? (
                <CheckCircle2 aria-hidden className="h-10 w-10" />
              ) : (
                <MailWarning aria-hidden className="h-10 w-10" />
              )}
            </div>
            <DialogTitle>{info.title}</DialogTitle>
            <DialogDescription id="account-link-text">{info.text}</DialogDescription>
          </DialogHeader>
          {info.next === 'close' ? (
            <Button className="w-full" onClick={() => setResult(null)}>
              Tamam
            </Button>
          ) : info.next === 'login' ? (
            <Button
              className="w-full"
              onClick={() => {
                setResult(null);
                dialogs.open('login');
              }}
            >
              Giriş Yap
            </Button>
          ) : (
            <ResendForm />
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ResendForm() {
  const [email, setEmail] = useState('');
  const resend = useMutation({ mutationFn: resendActivation });
  if (resend.isSuccess) return <Alert tone="success">{resend.data.message}</Alert>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) resend.mutate(email.trim());
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <Field id="resend-email" label="E-posta">
        <Input
          id="resend-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={resend.isPending}>
        Yeni Etkinleştirme Bağlantısı Gönder
      </Button>
    </form>
  );
}
