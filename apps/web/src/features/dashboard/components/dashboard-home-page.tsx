import { useSession } from '../../../lib/session';

/** Placeholder of the dashboard home until the dashboard issue lands: proves the guard and the login redirect. */
export function DashboardHomePage() {
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-semibold text-white">Ana Sayfa</h1>
      <p className="mt-2 text-stone-300">
        Hoş geldiniz{user ? <>, <span data-testid="dashboard-username" className="font-medium text-white">{user.username}</span></> : null}!
      </p>
      <p className="mt-6 rounded-xl border border-stone-700 bg-stone-900 p-5 text-stone-300">
        Düğün paneliniz hazırlanıyor. Etkinliğinizi oluşturduğunuzda misafir listesi, albüm ve QR kod ayarları burada yer alacak.
      </p>
    </div>
  );
}
