import { useQuery } from '@tanstack/react-query';
import { Loader2, UserRound } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { meQuery } from '../../../lib/queries';
import { AccountDataSection } from './account-data-section';
import { DetailsSection } from './details-section';
import { PasswordSection } from './password-section';

/**
 * "Profil Ayarları": name, e-mail, phone and password under the registration rules, the host's data and account deletion. Shown at /profile in
 * the site's light look and at /dashboard/settings inside the dark dashboard (its "Ayarlar").
 */
export function ProfilePage() {
  const me = useQuery(meQuery);
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="mb-8 flex items-center gap-3">
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-800 dark:bg-brand-500/20 dark:text-brand-200">
          <UserRound aria-hidden className="h-6 w-6" />
        </span>
        <div>
          <h1 className="text-3xl font-semibold text-stone-900 dark:text-stone-100">Profil Ayarları</h1>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            Hesap bilgilerinizi ve şifrenizi buradan güncelleyebilirsiniz.
          </p>
        </div>
      </div>
      {me.isPending ? (
        <p className="flex items-center gap-2 text-stone-600 dark:text-stone-400" role="status">
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> Bilgileriniz yükleniyor...
        </p>
      ) : me.isError ? (
        <Alert tone="error">Profil bilgileriniz alınamadı. Lütfen sayfayı yenileyin.</Alert>
      ) : (
        <div className="space-y-8">
          <DetailsSection user={me.data.user} />
          <PasswordSection userId={me.data.user.userId} />
          <AccountDataSection user={me.data.user} />
        </div>
      )}
    </section>
  );
}
